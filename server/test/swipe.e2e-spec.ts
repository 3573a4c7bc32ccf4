import { SWIPE_LIKES_PER_DAY } from '@app/contract';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { useTestApp } from './helpers/test-app';

const LIMIT_MESSAGE =
  'Je hebt vandaag al 4 likes gegeven in het swipespel. Morgen kun je weer verder.';

describe('the swipe game (GET and POST /api/swipe.php)', () => {
  const t = useTestApp();

  const seed = (options: SeedMemberOptions = {}) => seedTestMember(t, options);

  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);

  const candidates = async (cookie: string) => {
    const res = await t.http().get('/api/swipe.php').set('Cookie', cookie).expect(200);
    return res.body as {
      profiles: { id: number; fictional: boolean }[];
      likes_left: number;
      likes_per_day: number;
    };
  };

  const decide = (cookie: string, member: number, choice: 'like' | 'pass') =>
    t
      .http()
      .post('/api/swipe.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ member, choice });

  /** A viewer seeking women in their own country, and `n` women there to swipe. */
  async function world(country: string, n: number) {
    const me = await loggedIn({ gender: 'male', seekingGender: 'female', country });
    const women = [];
    for (let i = 0; i < n; i += 1) women.push(await seed({ gender: 'female', country }));
    return { me, women };
  }

  const swipeLikes = (likerId: number) =>
    t.prisma.like.count({ where: { likerId, source: 'swipe' } });

  it('refuses visitors with 403 on both calls', async () => {
    const res = await t.http().get('/api/swipe.php').expect(403);
    expect(res.body.error).toBe('authentication_required');
    await t
      .http()
      .post('/api/swipe.php')
      .set('X-Request-Type', 'client')
      .send({ member: 1, choice: 'like' })
      .expect(403);
  });

  it('offers visible members of the sought gender, same country and most recently active first', async () => {
    const country = 'AT';
    const me = await loggedIn({ gender: 'male', seekingGender: 'female', country });
    const hour = 3_600_000;
    const recent = await seed({
      gender: 'female',
      country,
      profile: { lastActiveAt: new Date(Date.now() - hour) },
    });
    const earlier = await seed({
      gender: 'female',
      country,
      profile: { lastActiveAt: new Date(Date.now() - 5 * hour) },
    });
    const pal = await seed({
      gender: 'female',
      country,
      fictional: true,
      profile: { lastActiveAt: new Date(Date.now() - 3 * hour) },
    });
    const man = await seed({ gender: 'male', country });
    const body = await candidates(me.cookie);
    const ids = body.profiles.map((p) => p.id);
    expect(ids.slice(0, 3)).toEqual([recent.profile.id, pal.profile.id, earlier.profile.id]);
    expect(ids).not.toContain(man.profile.id);
    expect(ids).not.toContain(me.profile.id);
    expect(body.profiles.find((p) => p.id === pal.profile.id)?.fictional).toBe(true);
    expect(body.profiles.length).toBeLessThanOrEqual(10);
    expect(body).toMatchObject({ likes_left: SWIPE_LIKES_PER_DAY, likes_per_day: 4 });
  });

  it('never offers invisible, blocked (either way), deleted, banned, unconfirmed or already decided members', async () => {
    const country = 'CH';
    const me = await loggedIn({ gender: 'male', seekingGender: 'female', country });
    const woman = (options: SeedMemberOptions = {}) =>
      seed({ gender: 'female', country, ...options });
    const shown = await woman();
    const invisible = await woman({ profile: { invisible: true } });
    const blockedByMe = await woman();
    const blockedMe = await woman();
    const deleted = await woman({ status: 'deleted', profileStatus: 'active' });
    const banned = await woman();
    await t.prisma.user.update({ where: { id: banned.user.id }, data: { status: 'banned' } });
    const unconfirmed = await woman({ status: 'not_confirmed' });
    const passed = await woman();
    const swiped = await woman();
    const likedOnProfile = await woman();
    await t.prisma.block.createMany({
      data: [
        { blockerId: me.user.id, blockedId: blockedByMe.user.id },
        { blockerId: blockedMe.user.id, blockedId: me.user.id },
      ],
    });
    await decide(me.cookie, passed.profile.id, 'pass').expect(200);
    await decide(me.cookie, swiped.profile.id, 'like').expect(200);
    await t.prisma.like.create({
      data: { likerId: me.user.id, likedId: likedOnProfile.user.id, source: 'profile' },
    });

    const ids = (await candidates(me.cookie)).profiles.map((p) => p.id);
    expect(ids[0]).toBe(shown.profile.id);
    for (const hidden of [
      me,
      invisible,
      blockedByMe,
      blockedMe,
      deleted,
      banned,
      unconfirmed,
      passed,
      swiped,
      likedOnProfile,
    ]) {
      expect(ids).not.toContain(hidden.profile.id);
    }
  });

  it('answers 404 for a like or pass of a member the viewer may not contact', async () => {
    const { me, women } = await world('PL', 2);
    await t.prisma.block.create({ data: { blockerId: women[0].user.id, blockedId: me.user.id } });
    await t.prisma.profile.update({
      where: { id: women[1].profile.id },
      data: { invisible: true },
    });
    for (const target of [women[0], women[1], me]) {
      const res = await decide(me.cookie, target.profile.id, 'like').expect(404);
      expect(res.body.error).toBe('not_found');
    }
    await decide(me.cookie, 2_000_000_000, 'pass').expect(404);
    expect(await t.prisma.swipeDecision.count({ where: { swiperId: me.user.id } })).toBe(0);
    expect(await swipeLikes(me.user.id)).toBe(0);
  });

  it('allows four likes a day; the fifth is 429 with the Dutch message and stores nothing', async () => {
    const { me, women } = await world('IT', 6);
    for (let i = 0; i < 4; i += 1) {
      const res = await decide(me.cookie, women[i].profile.id, 'like').expect(200);
      expect(res.body).toEqual({ likes_left: 3 - i, match: false });
    }
    const fifth = await decide(me.cookie, women[4].profile.id, 'like').expect(429);
    expect(fifth.body).toEqual({
      error: 'swipe_limit_reached',
      message: LIMIT_MESSAGE,
      limit: 4,
      count: 4,
    });
    expect(await swipeLikes(me.user.id)).toBe(4);
    expect(
      await t.prisma.swipeDecision.count({
        where: { swiperId: me.user.id, swipedId: women[4].user.id },
      }),
    ).toBe(0);
    expect(await t.prisma.like.count({ where: { likedId: women[4].user.id } })).toBe(0);
    // passing goes on, and the refused member is still a candidate
    await decide(me.cookie, women[5].profile.id, 'pass').expect(200);
    const body = await candidates(me.cookie);
    expect(body.likes_left).toBe(0);
    expect(body.profiles.map((p) => p.id)).toContain(women[4].profile.id);
  });

  it('lets only one of two likes racing for the last like of the day through', async () => {
    const { me, women } = await world('ES', 7);
    for (let i = 0; i < 3; i += 1) await decide(me.cookie, women[i].profile.id, 'like').expect(200);
    const results = await Promise.all(
      [3, 4, 5, 6].map((i) => decide(me.cookie, women[i].profile.id, 'like')),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect(await swipeLikes(me.user.id)).toBe(4);
    expect(await t.prisma.swipeDecision.count({ where: { swiperId: me.user.id } })).toBe(4);
  });

  it('counts a repeated like of the same member once', async () => {
    const { me, women } = await world('FR', 1);
    const target = women[0].profile.id;
    const [a, b] = await Promise.all([
      decide(me.cookie, target, 'like'),
      decide(me.cookie, target, 'like'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await decide(me.cookie, target, 'like').expect(200);
    expect(again.body.likes_left).toBe(3);
    // a later pass of the same member changes nothing either
    await decide(me.cookie, target, 'pass').expect(200);
    expect(await swipeLikes(me.user.id)).toBe(1);
    const decision = await t.prisma.swipeDecision.findMany({ where: { swiperId: me.user.id } });
    expect(decision.map((d) => d.choice)).toEqual(['like']);
  });

  it('gives four new likes when a new Amsterdam day begins', async () => {
    const { me, women } = await world('DE', 5);
    for (let i = 0; i < 4; i += 1) await decide(me.cookie, women[i].profile.id, 'like').expect(200);
    await decide(me.cookie, women[4].profile.id, 'like').expect(429);
    // yesterday's likes: 24 hours earlier is always before the start of today in Amsterdam
    await t.prisma.$executeRaw`UPDATE likes SET created_at = created_at - interval '1 day'
      WHERE liker_id = ${me.user.id}`;
    expect((await candidates(me.cookie)).likes_left).toBe(4);
    const res = await decide(me.cookie, women[4].profile.id, 'like').expect(200);
    expect(res.body.likes_left).toBe(3);
  });

  it('stores a pass as a decision without a like, and it costs nothing', async () => {
    const { me, women } = await world('BE', 1);
    const res = await decide(me.cookie, women[0].profile.id, 'pass').expect(200);
    expect(res.body).toEqual({ likes_left: 4, match: false });
    expect(await t.prisma.like.count({ where: { likerId: me.user.id } })).toBe(0);
    const decision = await t.prisma.swipeDecision.findFirstOrThrow({
      where: { swiperId: me.user.id },
    });
    expect(decision).toMatchObject({ swipedId: women[0].user.id, choice: 'pass' });
  });

  it('answers a match when the liked member already likes the viewer, and stores a swipe like', async () => {
    const { me, women } = await world('GB', 2);
    await t.prisma.like.create({ data: { likerId: women[0].user.id, likedId: me.user.id } });
    const res = await decide(me.cookie, women[0].profile.id, 'like').expect(200);
    expect(res.body).toEqual({ likes_left: 3, match: true });
    const like = await t.prisma.like.findUniqueOrThrow({
      where: { likerId_likedId: { likerId: me.user.id, likedId: women[0].user.id } },
    });
    expect(like.source).toBe('swipe');
    // a pass is never a match, even of a member who likes the viewer
    await t.prisma.like.create({ data: { likerId: women[1].user.id, likedId: me.user.id } });
    const pass = await decide(me.cookie, women[1].profile.id, 'pass').expect(200);
    expect(pass.body.match).toBe(false);
  });

  it('refuses an unknown choice with a validation error', async () => {
    const { me, women } = await world('NL', 1);
    const res = await t
      .http()
      .post('/api/swipe.php')
      .set('Cookie', me.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: women[0].profile.id, choice: 'superlike' })
      .expect(400);
    expect(res.body.error).toBe('validation_failed');
  });
});
