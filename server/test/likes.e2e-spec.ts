import type { SeedMemberOptions } from '../../prisma/seed/member';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { useTestApp } from './helpers/test-app';

describe('likes lists, the new flag and auto-like', () => {
  const t = useTestApp();

  const seed = (options: SeedMemberOptions = {}) => seedTestMember(t, options);

  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);

  /** A like stored as given at a known time (minutes ago), with its new flag. */
  async function likeRow(likerId: number, likedId: number, minutesAgo: number, isNew = true) {
    await t.prisma.like.create({
      data: {
        likerId,
        likedId,
        isNew,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      },
    });
  }

  const getLikes = (cookie: string) =>
    t.http().get('/api/likes.php').set('Cookie', cookie).expect(200);
  const getAutoLike = (cookie: string) =>
    t.http().get('/api/auto-like.php').set('Cookie', cookie).expect(200);

  it('lists given likes newest first and received likes new first, with cards and the new count', async () => {
    // premium: who liked them is shown (what a free member gets: likes-free.e2e-spec.ts)
    const me = await loggedIn({ paidUser: true });
    const [a, b, c, d] = await Promise.all([seed(), seed(), seed({ fictional: true }), seed()]);
    await likeRow(me.user.id, a.user.id, 30);
    await likeRow(me.user.id, b.user.id, 10);
    await likeRow(b.user.id, me.user.id, 50, false); // older, seen
    await likeRow(c.user.id, me.user.id, 40, true); // new
    await likeRow(d.user.id, me.user.id, 5, false); // newest, seen
    const res = await getLikes(me.cookie);
    expect(res.body.likes.map((l: { id: number }) => l.id)).toEqual([b.profile.id, a.profile.id]);
    expect(res.body.liked_by).toEqual([
      { id: c.profile.id, like_new: true, created_at: expect.any(String) },
      { id: d.profile.id, like_new: false, created_at: expect.any(String) },
      { id: b.profile.id, like_new: false, created_at: expect.any(String) },
    ]);
    expect(res.body.new_likes).toBe(1);
    const ids = res.body.profiles
      .map((p: { id: number }) => p.id)
      .sort((x: number, y: number) => x - y);
    expect(ids).toEqual([a, b, c, d].map((m) => m.profile.id).sort((x, y) => x - y));
    const pal = res.body.profiles.find((p: { id: number }) => p.id === c.profile.id);
    expect(pal).toMatchObject({ fictional: true, name: c.profile.name });
    expect(JSON.stringify(res.body)).not.toMatch(/date_of_birth|email|userId/);
  });

  it('answers an empty list and no auto-like for a member without likes', async () => {
    const me = await loggedIn();
    expect((await getLikes(me.cookie)).body).toEqual({
      profiles: [],
      likes: [],
      liked_by: [],
      new_likes: 0,
      likers_shown: false,
    });
    expect((await getAutoLike(me.cookie)).body).toEqual({ profile: null, hidden_like: false });
  });

  it('clears the new flag when the liked member opens the liker’s profile, and only then', async () => {
    const me = await loggedIn({ paidUser: true });
    const [fan, other] = await Promise.all([seed(), seed()]);
    await likeRow(fan.user.id, me.user.id, 5);
    await likeRow(other.user.id, me.user.id, 6);
    // a visitor opening the profile changes nothing
    await t.http().get(`/api/member.php?id=${fan.profile.id}`).expect(200);
    expect((await getLikes(me.cookie)).body.new_likes).toBe(2);

    await t.http().get(`/api/member.php?id=${fan.profile.id}`).set('Cookie', me.cookie).expect(200);
    const res = await getLikes(me.cookie);
    expect(res.body.new_likes).toBe(1);
    expect(res.body.liked_by).toEqual([
      { id: other.profile.id, like_new: true, created_at: expect.any(String) },
      { id: fan.profile.id, like_new: false, created_at: expect.any(String) },
    ]);
    const stored = await t.prisma.like.findUniqueOrThrow({
      where: { likerId_likedId: { likerId: fan.user.id, likedId: me.user.id } },
    });
    expect(stored.isNew).toBe(false);
  });

  it('shows a match as a member in both lists, and auto-like reports it as a match', async () => {
    const me = await loggedIn();
    const other = await seed();
    await t
      .http()
      .post('/api/like.php')
      .set('Cookie', me.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: other.profile.id })
      .expect(200);
    expect((await getAutoLike(me.cookie)).body).toEqual({ profile: null, hidden_like: false });
    await likeRow(other.user.id, me.user.id, 0);
    const res = await getLikes(me.cookie);
    expect(res.body.likes.map((l: { id: number }) => l.id)).toEqual([other.profile.id]);
    expect(res.body.liked_by.map((l: { id: number }) => l.id)).toEqual([other.profile.id]);
    expect(res.body.profiles).toHaveLength(1);
    expect((await getAutoLike(me.cookie)).body.profile).toMatchObject({
      id: other.profile.id,
      name: other.profile.name,
      match: true,
    });
  });

  it('auto-like answers the newest new like, skips seen ones, and says when it is not a match', async () => {
    const me = await loggedIn({ paidUser: true });
    const [older, newer, seen] = await Promise.all([seed(), seed({ fictional: true }), seed()]);
    await likeRow(older.user.id, me.user.id, 20);
    await likeRow(newer.user.id, me.user.id, 10);
    await likeRow(seen.user.id, me.user.id, 1, false);
    expect((await getAutoLike(me.cookie)).body).toEqual({
      profile: {
        id: newer.profile.id,
        name: newer.profile.name,
        fictional: true,
        main_image: null,
        match: false,
      },
      hidden_like: false,
    });
  });

  it('never shows invisible, blocked (either way), deleted, banned or unconfirmed members in likes.php or auto-like.php', async () => {
    const me = await loggedIn({ paidUser: true });
    const [invisible, iBlocked, blockedMe, deleted, banned, unconfirmed, visible] =
      await Promise.all([
        seed({ profile: { invisible: true } }),
        seed(),
        seed(),
        seed({ status: 'deleted', profileStatus: 'disabled' }),
        seed({ status: 'banned' }),
        seed({ status: 'not_confirmed' }),
        seed(),
      ]);
    await t.prisma.block.create({ data: { blockerId: me.user.id, blockedId: iBlocked.user.id } });
    await t.prisma.block.create({ data: { blockerId: blockedMe.user.id, blockedId: me.user.id } });
    const hidden = [invisible, iBlocked, blockedMe, deleted, banned, unconfirmed];
    // the hidden ones liked the viewer most recently, and the viewer likes them all
    for (const [i, m] of hidden.entries()) {
      await likeRow(m.user.id, me.user.id, i);
      await likeRow(me.user.id, m.user.id, i);
    }
    await likeRow(visible.user.id, me.user.id, 60);

    const res = await getLikes(me.cookie);
    expect(res.body.profiles.map((p: { id: number }) => p.id)).toEqual([visible.profile.id]);
    expect(res.body.likes).toEqual([]);
    expect(res.body.liked_by.map((l: { id: number }) => l.id)).toEqual([visible.profile.id]);
    expect(res.body.new_likes).toBe(1);
    expect((await getAutoLike(me.cookie)).body.profile).toMatchObject({ id: visible.profile.id });

    await t.prisma.like.delete({
      where: { likerId_likedId: { likerId: visible.user.id, likedId: me.user.id } },
    });
    expect((await getAutoLike(me.cookie)).body).toEqual({ profile: null, hidden_like: false });
  });

  it('stores one like when a member likes the same member twice', async () => {
    const me = await loggedIn();
    const other = await seed();
    for (let i = 0; i < 2; i += 1) {
      const res = await t
        .http()
        .post('/api/like.php')
        .set('Cookie', me.cookie)
        .set('X-Request-Type', 'client')
        .send({ member: other.profile.id })
        .expect(200);
      expect(res.body).toEqual({ liked: true, match: false });
    }
    expect(await t.prisma.like.count({ where: { likerId: me.user.id } })).toBe(1);
    expect((await getLikes(me.cookie)).body.likes).toHaveLength(1);
  });

  it('refuses visitors with 403 authentication_required', async () => {
    for (const path of ['/api/likes.php', '/api/auto-like.php']) {
      const res = await t.http().get(path).expect(403);
      expect(res.body.error).toBe('authentication_required');
    }
  });
});
