import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_LOGIN, OPERATOR_LOGIN, demoMemberEmail } from '../../prisma/seed/index';
import { DEMO_MEMBERS } from '../../prisma/data/demo-members';
import { runScript, runSeed } from './helpers/databases';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * `npm run db:seed` and `npm run staff:create`, run as child processes (as an operator runs them)
 * against this file's copy of the test database, which holds the reference data only.
 */
describe('seeding and staff accounts', () => {
  // each test runs the whole seed (71,000 cities, 70 avatars rendered) in a child process: tens
  // of seconds on a busy machine
  jest.setTimeout(120_000);
  let t: TestApp;
  let storage: string;
  beforeAll(async () => {
    storage = mkdtempSync(path.join(tmpdir(), 'seed-'));
    t = await createTestApp({ STORAGE_DIR: storage });
  });
  afterAll(async () => {
    await t.close();
    rmSync(storage, { recursive: true, force: true });
  });

  /** The seed script with only the given switches (none inherited from the test run). */
  const seed = (env: Record<string, string>) => runSeed(t.databaseUrl, storage, env);

  function staffCreate(args: string[]) {
    return runScript('prisma/staff.ts', args, { DATABASE_URL: t.databaseUrl });
  }

  const login = (email: string, password: string) =>
    t.http().post('/api/user.php').set('X-Request-Type', 'client').send({ email, password });

  const demoEmails = [DEMO_LOGIN.email, OPERATOR_LOGIN.email, ...DEMO_MEMBERS.map(demoMemberEmail)];

  it('seeds only the reference data in production without ALLOW_DEMO_SEED, and says so', async () => {
    const out = seed({ NODE_ENV: 'production', SEED_DEMO: 'true' });
    expect(out).toContain('No demo accounts');
    expect(out).toContain('ALLOW_DEMO_SEED=true');
    expect(await t.prisma.user.count({ where: { email: { in: demoEmails } } })).toBe(0);
    expect(await t.prisma.user.count({ where: { roles: { isEmpty: false } } })).toBe(0);
    expect(await t.prisma.interest.count()).toBeGreaterThan(0);
  });

  it('gives most demo members approved illustrated avatars, served like uploads, and adds none when seeded again', async () => {
    seed({ NODE_ENV: 'test' });
    const demo = await t.prisma.profile.findMany({
      where: { user: { email: { in: DEMO_MEMBERS.map(demoMemberEmail) } } },
      select: { id: true, mainPhoto: { select: { status: true, filename: true } } },
    });
    const withPhoto = demo.filter((p) => p.mainPhoto?.status === 'active');
    expect(withPhoto.length).toBeGreaterThan(DEMO_MEMBERS.length * 0.7);
    const photos = await t.prisma.photo.count();
    expect(readdirSync(path.join(storage, 'photos'))).toHaveLength(photos * 4);
    // a visitor's card shows the avatar, and its file is served
    const card = await t.http().get(`/api/member.php?id=${withPhoto[0].id}`).expect(200);
    await t.http().get(card.body.profile.main_image.filename).expect(200);

    seed({ NODE_ENV: 'test' });
    expect(await t.prisma.photo.count()).toBe(photos);
  });

  it('keeps the password hash, roles, status and credits of an existing demo member when seeded again', async () => {
    seed({ NODE_ENV: 'test' });
    const email = demoMemberEmail(DEMO_MEMBERS.find((m) => !m.fictional)!);
    const before = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(before.passwordHash).toMatch(/^\$2b\$12\$/);
    const changed = await t.prisma.user.update({
      where: { id: before.id },
      data: { passwordHash: '$2b$12$changed', roles: ['moderator'], status: 'banned', credits: 7 },
    });
    await t.prisma.profile.update({
      where: { userId: before.id },
      data: { status: 'hidden', about: 'edited' },
    });

    seed({ NODE_ENV: 'test' });

    const after = await t.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { profile: true },
    });
    expect(after).toMatchObject({
      passwordHash: changed.passwordHash,
      roles: ['moderator'],
      status: 'banned',
      credits: 7,
    });
    // the profile is demo content and is brought back; its moderation status is not
    expect(after.profile).toMatchObject({ status: 'hidden' });
    expect(after.profile?.about).not.toBe('edited');
    const operator = await t.prisma.user.findUniqueOrThrow({
      where: { email: OPERATOR_LOGIN.email },
    });
    expect(operator.roles).toEqual(['operator']);
  });

  it('creates a staff account whose once-printed password logs in, and refuses an address that has an account', async () => {
    const email = `staff-${Date.now()}@example.test`;
    const created = staffCreate(['--email', email, '--role', 'operator', '--name', 'Olga']);
    expect(created.status).toBe(0);
    const password = /Password \(shown only this once\): (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(24);
    expect(created.stdout).toMatch(/change it after the first login/);

    const res = await login(email, password!).expect(200);
    expect(res.body.user).toMatchObject({ roles: ['operator'], profile: null });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.staffName).toBe('Olga');

    const again = staffCreate(['--email', email.toUpperCase(), '--role', 'admin']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already has an account');
    expect(again.stdout).not.toContain('Password');
    const unchanged = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(unchanged).toMatchObject({ roles: ['operator'], passwordHash: user.passwordHash });
  });

  it('adds a role to an existing account with --add-role and leaves its password alone', async () => {
    const email = `member-${Date.now()}@example.test`;
    await t.prisma.user.create({
      data: { email, passwordHash: '$2b$04$unchanged', status: 'confirmed' },
    });
    const run = staffCreate(['--email', email, '--role', 'moderator', '--add-role']);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('Password (shown');
    expect(await t.prisma.user.findUniqueOrThrow({ where: { email } })).toMatchObject({
      roles: ['moderator'],
      passwordHash: '$2b$04$unchanged',
    });
  });
});
