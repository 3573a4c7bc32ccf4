import { seedConversation } from '../../prisma/seed/conversation';
import { seedMember, type SeedMemberOptions } from '../../prisma/seed/member';
import { AppError } from '../src/common/app-error';
import { MemberLists, ProfileTargets, type Viewer } from '../src/member-access';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('member access', () => {
  let t: TestApp;
  let lists: MemberLists;
  let targets: ProfileTargets;
  beforeAll(async () => {
    t = await createTestApp();
    lists = t.app.get(MemberLists);
    targets = t.app.get(ProfileTargets);
  });
  afterAll(() => t.close());

  const seed = (options: SeedMemberOptions = {}) =>
    seedMember(t.seedClient, { passwordCost: 4, ...options });
  const viewer = (userId: number, roles: ('moderator' | 'admin')[] = []): Viewer => ({
    userId,
    roles,
    paidUser: false,
  });
  /** Whether the viewer may contact (like, swipe) the member: the `contact` rule, 404 if not. */
  const canContact = (who: Viewer, member: { profile: { id: number } }) =>
    targets.contactable(who, member.profile.id).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return false;
        throw error;
      },
    );

  describe('the rule for contacting and for staff', () => {
    it('lets a member contact a visible member, but not themself, a blocker, or an invisible stranger', async () => {
      const [me, other, blocker, hidden] = await Promise.all([
        seed(),
        seed(),
        seed(),
        seed({ profile: { invisible: true } }),
      ]);
      await t.prisma.block.create({ data: { blockerId: blocker.user.id, blockedId: me.user.id } });
      expect(await canContact(viewer(me.user.id), other)).toBe(true);
      expect(await canContact(viewer(me.user.id), me)).toBe(false);
      expect(await canContact(viewer(me.user.id), blocker)).toBe(false);
      expect(await canContact(viewer(blocker.user.id), me)).toBe(false);
      expect(await canContact(viewer(me.user.id), hidden)).toBe(false);
      expect(await canContact(null, other)).toBe(false);

      // an existing conversation partner still reaches an invisible member
      await seedConversation(t.seedClient, me.user.id, hidden.user.id);
      expect(await canContact(viewer(me.user.id), hidden)).toBe(true);
    });

    it('never lets a member contact a deleted or banned member', async () => {
      const me = await seed();
      const deleted = await seed({ status: 'deleted', profileStatus: 'disabled' });
      const banned = await seed({ status: 'banned' });
      expect(await canContact(viewer(me.user.id), deleted)).toBe(false);
      expect(await canContact(viewer(me.user.id), banned)).toBe(false);
    });
  });

  describe('the list rule in SQL and the database invariant it relies on', () => {
    const profileStatus = async (userId: number) =>
      (await t.prisma.profile.findUniqueOrThrow({ where: { userId }, select: { status: true } }))
        .status;

    it('keeps a profile offline while its account is not confirmed, and brings it back when it is', async () => {
      const member = await seed();
      expect(await profileStatus(member.user.id)).toBe('active');
      for (const status of ['banned', 'deleted', 'not_confirmed'] as const) {
        await t.prisma.user.update({ where: { id: member.user.id }, data: { status } });
        expect([status, await profileStatus(member.user.id)]).toEqual([status, 'disabled']);
        await t.prisma.user.update({
          where: { id: member.user.id },
          data: { status: 'confirmed' },
        });
        expect([status, await profileStatus(member.user.id)]).toEqual([status, 'active']);
      }
      // an active profile cannot be written for an account that is not confirmed
      const unconfirmed = await seed({ status: 'not_confirmed', profileStatus: 'active' });
      expect(await profileStatus(unconfirmed.user.id)).toBe('disabled');
      await t.prisma.profile.update({
        where: { userId: unconfirmed.user.id },
        data: { status: 'active' },
      });
      expect(await profileStatus(unconfirmed.user.id)).toBe('disabled');
    });

    it('leaves a profile that staff took offline hidden, whatever happens to its account', async () => {
      const member = await seed({ profileStatus: 'hidden' });
      await t.prisma.user.update({ where: { id: member.user.id }, data: { status: 'banned' } });
      expect(await profileStatus(member.user.id)).toBe('hidden');
      await t.prisma.user.update({ where: { id: member.user.id }, data: { status: 'confirmed' } });
      expect(await profileStatus(member.user.id)).toBe('hidden');
    });

    it('marks a profile with a photo only while its main photo is active, whatever happens to the photo', async () => {
      const member = await seed();
      const hasPhoto = async () =>
        (
          await t.prisma.profile.findUniqueOrThrow({
            where: { userId: member.user.id },
            select: { hasPhoto: true },
          })
        ).hasPhoto;
      const photo = (status: 'under_inspection' | 'active', n: number) =>
        t.prisma.photo.create({
          data: {
            profileId: member.profile.id,
            filename: `hp${member.profile.id}-${n}-full.webp`,
            thumbFilename: `hp${member.profile.id}-${n}-thumb.webp`,
            status,
            width: 400,
            height: 400,
          },
        });
      const setMain = (id: number | null) =>
        t.prisma.profile.update({ where: { id: member.profile.id }, data: { mainPhotoId: id } });
      const first = await photo('under_inspection', 1);
      await setMain(first.id);
      expect(await hasPhoto()).toBe(false);
      await t.prisma.photo.update({ where: { id: first.id }, data: { status: 'active' } });
      expect(await hasPhoto()).toBe(true);
      await t.prisma.photo.update({ where: { id: first.id }, data: { status: 'rejected' } });
      expect(await hasPhoto()).toBe(false);
      const second = await photo('active', 2);
      await setMain(second.id);
      expect(await hasPhoto()).toBe(true);
      // the code cannot set it by hand
      await t.prisma.profile.update({
        where: { id: member.profile.id },
        data: { hasPhoto: false },
      });
      expect(await hasPhoto()).toBe(true);
      await t.prisma.photo.delete({ where: { id: second.id } });
      expect(await hasPhoto()).toBe(false);
    });

    it('shows the same members as the Prisma rule, to members and to visitors', async () => {
      const country = 'NZ';
      const [me, visible, invisible, blocker, blocked, banned, deleted, unconfirmed, hidden] =
        await Promise.all([
          seed({ country }),
          seed({ country }),
          seed({ country, profile: { invisible: true } }),
          seed({ country }),
          seed({ country }),
          seed({ country }),
          seed({ country }),
          seed({ country, status: 'not_confirmed' }),
          seed({ country, profileStatus: 'hidden' }),
        ]);
      await t.prisma.block.createMany({
        data: [
          { blockerId: blocker.user.id, blockedId: me.user.id },
          { blockerId: me.user.id, blockedId: blocked.user.id },
        ],
      });
      await t.prisma.user.update({ where: { id: banned.user.id }, data: { status: 'banned' } });
      await t.prisma.user.update({ where: { id: deleted.user.id }, data: { status: 'deleted' } });
      const everyone = [
        me,
        visible,
        invisible,
        blocker,
        blocked,
        banned,
        deleted,
        unconfirmed,
        hidden,
      ];
      const ids = everyone.map((m) => m.profile.id);
      const expected = new Map<Viewer, number[]>([
        // a member: only the visible stranger (never themself, a block either way, invisible,
        // banned, deleted, unconfirmed or hidden members)
        [viewer(me.user.id), [visible.profile.id]],
        // a visitor: every listable member (blocks concern members only)
        [null, [me, visible, blocker, blocked].map((m) => m.profile.id)],
      ]);
      for (const [who, wanted] of expected) {
        const bySql = await lists.page(
          who,
          { countries: [country] },
          { take: 100, countUpTo: 100 },
        );
        const byPrisma = await lists.find(who, {
          where: { id: { in: ids } },
          orderBy: [{ lastActiveAt: 'desc' }, { id: 'desc' }],
          take: 100,
          select: { id: true },
        });
        const shown = bySql.rows.map((row) => row.id).filter((id) => ids.includes(id));
        expect(shown).toEqual(byPrisma.map((row) => row.id));
        expect([...shown].sort()).toEqual([...wanted].sort());
        expect(bySql.counted).toBe(bySql.rows.length);
      }
    });
  });
});
