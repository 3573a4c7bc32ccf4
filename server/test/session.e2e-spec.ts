import { seedMember, seedStaff } from '../../prisma/seed/member';
import { SessionService } from '../src/auth';
import { TOUCH_INTERVAL_MS } from '../src/auth/session.service';
import { hashToken } from '../src/common/tokens';
import { AUTH_COOKIE } from '@app/contract';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('the session read of every request', () => {
  let t: TestApp;
  let sessions: SessionService;
  beforeAll(async () => {
    t = await createTestApp();
    sessions = t.app.get(SessionService);
  });
  afterAll(() => t.close());

  const prisma = () => t.seedClient;

  it('reads with its prepared statement exactly what the Prisma read gives', async () => {
    const member = await seedMember(prisma(), { passwordCost: 4, credits: 12, paidUser: true });
    await t.prisma.user.update({
      where: { id: member.user.id },
      data: { notificationsDisabled: ['bounce', 'fbl'], language: 'de' },
    });
    const staff = await seedStaff(prisma(), { roles: ['moderator', 'admin'], passwordCost: 4 });
    const either = await seedMember(prisma(), { passwordCost: 4, seekingGender: null });
    for (const userId of [member.user.id, staff.user.id, either.user.id]) {
      const { token } = await sessions.create(userId, {});
      const hash = hashToken(token);
      const fast = await sessions.read(hash);
      expect(fast).not.toBeNull();
      expect(fast).toEqual(await sessions.readThroughPrisma(hash));
    }
    expect(await sessions.read(hashToken('unknown'))).toBeNull();
  });

  it('tells user.php the gender the member seeks, and the new one once it changes', async () => {
    const member = await seedMember(prisma(), {
      passwordCost: 4,
      gender: 'male',
      seekingGender: 'male',
    });
    const { token } = await sessions.create(member.user.id, {});
    const me = () =>
      t.http().get('/api/user.php').set('Cookie', `${AUTH_COOKIE}=${token}`).expect(200);
    expect((await me()).body.user.profile).toMatchObject({
      gender: 'male',
      seeking_gender: 'male',
    });
    await t.prisma.profile.update({
      where: { id: member.profile.id },
      data: { seekingGender: null },
    });
    expect((await me()).body.user.profile.seeking_gender).toBeNull();
  });

  it('resolves a Cookie header, and refuses expired sessions and banned members', async () => {
    const member = await seedMember(prisma(), { passwordCost: 4 });
    const { token } = await sessions.create(member.user.id, {});
    const header = `locale=nl; ${AUTH_COOKIE}=${token}; other=1`;
    expect((await sessions.resolveSession(header))?.userId).toBe(member.user.id);
    await t.prisma.user.update({ where: { id: member.user.id }, data: { status: 'banned' } });
    expect(await sessions.resolveSession(header)).toBeNull();
    await t.prisma.user.update({ where: { id: member.user.id }, data: { status: 'confirmed' } });
    await t.prisma.session.updateMany({
      where: { userId: member.user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await sessions.resolveSession(header)).toBeNull();
  });

  it('marks the session, the account and the profile as seen when a session is used again after a while', async () => {
    const member = await seedMember(prisma(), { passwordCost: 4 });
    const { token } = await sessions.create(member.user.id, {});
    const long = new Date(Date.now() - TOUCH_INTERVAL_MS - 60_000);
    await t.prisma.session.updateMany({
      where: { tokenHash: hashToken(token) },
      data: { lastSeenAt: long },
    });
    await t.prisma.user.update({ where: { id: member.user.id }, data: { lastSeenAt: long } });
    await t.prisma.profile.update({
      where: { userId: member.user.id },
      data: { lastActiveAt: long },
    });
    const before = Date.now();

    expect((await sessions.resolveSession(`${AUTH_COOKIE}=${token}`))?.userId).toBe(member.user.id);
    const session = await t.prisma.session.findUniqueOrThrow({
      where: { tokenHash: hashToken(token) },
    });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    const profile = await t.prisma.profile.findUniqueOrThrow({ where: { userId: member.user.id } });
    for (const seen of [session.lastSeenAt, user.lastSeenAt!, profile.lastActiveAt]) {
      expect(Math.abs(seen.getTime() - before)).toBeLessThan(5_000);
    }

    // used again at once: nothing is written
    await t.prisma.session.updateMany({
      where: { id: session.id },
      data: { lastSeenAt: new Date(before - 1000) },
    });
    await sessions.resolveSession(`${AUTH_COOKIE}=${token}`);
    const again = await t.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(again.lastSeenAt.getTime()).toBe(before - 1000);
  });
});
