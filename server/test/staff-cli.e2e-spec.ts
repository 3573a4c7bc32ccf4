import { runScript } from './helpers/databases';
import { cookieOf, staffAccount } from './helpers/staff';
import { useTestApp } from './helpers/test-app';

/** `npm run staff:create -- ... --reset-2fa | --remove-role`, run as an operator runs it. */
describe('the staff command line: second factor reset and role removal', () => {
  jest.setTimeout(60_000);
  const t = useTestApp();

  const staffCreate = (args: string[]) =>
    runScript('prisma/staff.ts', args, { DATABASE_URL: t.databaseUrl });
  const me = async (cookie: string) =>
    (await t.http().get('/api/staff/me').set('Cookie', cookie).expect(200)).body.staff;

  it('resets a second factor with --reset-2fa: sessions end, the next sign-in enrolls, audited', async () => {
    const account = await staffAccount(t, ['moderator']);
    const cookie = await cookieOf(account, t);
    const run = staffCreate(['--email', account.email, '--reset-2fa']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('enrolls a new one');
    expect(await me(cookie)).toBeNull();
    expect(await t.prisma.staffSecondFactor.count({ where: { userId: account.id } })).toBe(0);
    const login = await t
      .http()
      .post('/api/staff/login')
      .set('X-Request-Type', 'client')
      .send({ email: account.email, password: account.password })
      .expect(200);
    expect(login.body.step).toBe('enroll');
    const row = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'staff.second_factor_reset', targetUserId: account.id },
    });
    expect(row).toMatchObject({ actorId: null, after: { second_factor: false } });
  });

  it('removes a role with --remove-role, but never the last enabled admin', async () => {
    const account = await staffAccount(t, ['moderator', 'operator']);
    const run = staffCreate(['--email', account.email, '--role', 'operator', '--remove-role']);
    expect(run.status).toBe(0);
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).toMatchObject({
      roles: ['moderator'],
    });
    expect(
      await t.prisma.staffAuditEntry.count({
        where: { action: 'staff.roles_changed', targetUserId: account.id },
      }),
    ).toBe(1);

    const admin = await staffAccount(t, ['admin']);
    await t.prisma.user.updateMany({
      where: { roles: { has: 'admin' }, id: { not: admin.id } },
      data: { roles: ['moderator'] },
    });
    const refused = staffCreate(['--email', admin.email, '--role', 'admin', '--remove-role']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('last enabled admin');
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({
      roles: ['admin'],
    });
  });

  it('refuses --reset-2fa together with a role, and two modes at once', () => {
    for (const args of [
      ['--email', 'a@staff.test', '--reset-2fa', '--role', 'admin'],
      ['--email', 'a@staff.test', '--role', 'admin', '--add-role', '--remove-role'],
    ]) {
      const run = staffCreate(args);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Usage');
    }
  });
});
