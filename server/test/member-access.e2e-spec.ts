import type { PrismaClient } from '../src/generated/prisma/client';
import { seedMember, type SeedMemberOptions } from '../../prisma/seed/member';
import { MemberAccess, type Viewer } from '../src/member-access';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('the member-access rule for contacting and for staff', () => {
  let t: TestApp;
  let access: MemberAccess;
  beforeAll(async () => {
    t = await createTestApp();
    access = t.app.get(MemberAccess);
  });
  afterAll(() => t.close());

  const seed = (options: SeedMemberOptions = {}) =>
    seedMember(t.prisma as unknown as PrismaClient, { passwordCost: 4, ...options });
  const viewer = (userId: number, roles: ('moderator' | 'admin')[] = []): Viewer => ({
    userId,
    roles,
    paidUser: false,
  });

  it('lets a member contact a visible member, but not themself, a blocker, or an invisible stranger', async () => {
    const [me, other, blocker, hidden] = await Promise.all([
      seed(),
      seed(),
      seed(),
      seed({ profile: { invisible: true } }),
    ]);
    await t.prisma.block.create({ data: { blockerId: blocker.user.id, blockedId: me.user.id } });
    expect(await access.canContact(viewer(me.user.id), other.user.id)).toBe(true);
    expect(await access.canContact(viewer(me.user.id), me.user.id)).toBe(false);
    expect(await access.canContact(viewer(me.user.id), blocker.user.id)).toBe(false);
    expect(await access.canContact(viewer(blocker.user.id), me.user.id)).toBe(false);
    expect(await access.canContact(viewer(me.user.id), hidden.user.id)).toBe(false);
    expect(await access.canContact(null, other.user.id)).toBe(false);

    // an existing conversation partner still reaches an invisible member
    await t.prisma.conversation.create({
      data: {
        userLowId: Math.min(me.user.id, hidden.user.id),
        userHighId: Math.max(me.user.id, hidden.user.id),
        initiatorId: me.user.id,
        participants: { create: [{ userId: me.user.id }, { userId: hidden.user.id }] },
      },
    });
    expect(await access.canContact(viewer(me.user.id), hidden.user.id)).toBe(true);
  });

  it('never lets a member contact a deleted or banned member', async () => {
    const me = await seed();
    const deleted = await seed({ status: 'deleted', profileStatus: 'disabled' });
    const banned = await seed({ status: 'banned' });
    expect(await access.canContact(viewer(me.user.id), deleted.user.id)).toBe(false);
    expect(await access.canContact(viewer(me.user.id), banned.user.id)).toBe(false);
  });
});
