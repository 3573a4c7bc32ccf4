import { STAFF_ROLES } from '@app/contract';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { ExportRegistry } from '../src/export-steps';
import { SettingsService } from '../src/settings';
import { VisitsService } from '../src/visitors';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { eventually } from './helpers/sockets';
import { staffAccount, cookieOf } from './helpers/staff';
import { useTestApp } from './helpers/test-app';

/**
 * What free members see of who liked them (issue 38 item 4) and of who viewed them (item 1), as
 * the admin setting free_members_see_likes / free_members_see_visitors decides (item 6): by
 * default a count and the times, never an id, name or photo of the member behind them; premium
 * members, and everyone once an admin says `everything`, see who. Matches are everyone's.
 */
describe('what free members see of their likes', () => {
  const t = useTestApp();
  const seed = (options: SeedMemberOptions = {}) => seedTestMember(t, options);
  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);

  async function likeRow(likerId: number, likedId: number, minutesAgo = 0, isNew = true) {
    await t.prisma.like.create({
      data: { likerId, likedId, isNew, createdAt: new Date(Date.now() - minutesAgo * 60_000) },
    });
  }
  const get = (cookie: string, path: string) =>
    t.http().get(path).set('Cookie', cookie).expect(200);
  const putSettings = (cookie: string | null, body: object) => {
    const req = t.http().put('/api/staff/settings').set('X-Request-Type', 'client');
    return (cookie ? req.set('Cookie', cookie) : req).send(body);
  };
  /** An admin's change of the settings, and the moment every read of them has it. */
  async function adminSets(body: Record<string, string>) {
    const admin = await cookieOf(await staffAccount(t, ['admin']), t);
    await putSettings(admin, body).expect(200);
    const expected = JSON.stringify(body);
    await eventually(async () => {
      const { settings } = (await t.http().get('/api/settings.php').expect(200)).body;
      return (
        JSON.stringify(Object.fromEntries(Object.keys(body).map((k) => [k, settings[k]]))) ===
        expected
      );
    });
  }
  afterEach(async () => {
    await t.prisma.setting.deleteMany({
      where: { key: { in: ['free_members_see_likes', 'free_members_see_visitors'] } },
    });
    t.app.get(SettingsService).invalidate();
    // every process reads the defaults again within a second
    await eventually(async () => {
      const { settings } = (await t.http().get('/api/settings.php').expect(200)).body;
      return (
        settings.free_members_see_likes === 'count' &&
        settings.free_members_see_visitors === 'count'
      );
    });
  });

  /** Everything of a member an answer could give away: their profile id, account, name, photo. */
  function expectNothingOf(
    body: unknown,
    members: { user: { id: number }; profile: { id: number; name: string } }[],
  ) {
    const text = JSON.stringify(body);
    for (const m of members) {
      expect(text).not.toContain(m.profile.name);
      expect(text).not.toMatch(new RegExp(`"id":${m.profile.id}\\b`));
    }
    expect(text).not.toMatch(/filename|thumb|\/media\//);
  }

  it('gives a free member the count and the times of their likes, and nothing of who gave them', async () => {
    const me = await loggedIn();
    const fans = await Promise.all([
      seed({ name: 'Geheimfan' }),
      seed(),
      seed({ fictional: true }),
    ]);
    for (const [i, fan] of fans.entries()) await likeRow(fan.user.id, me.user.id, i, i !== 2);
    const res = await get(me.cookie, '/api/likes.php');
    expect(res.body).toMatchObject({ profiles: [], likes: [], new_likes: 2, likers_shown: false });
    expect(res.body.liked_by).toEqual([
      { id: null, like_new: true, created_at: expect.any(String) },
      { id: null, like_new: true, created_at: expect.any(String) },
      { id: null, like_new: false, created_at: expect.any(String) },
    ]);
    expectNothingOf(res.body, fans);
    // the navigation badge counts them all the same
    expect((await get(me.cookie, '/api/chats.php')).body.new_likes).toBe(2);

    // an attacker's other ways in: the modal, the liker's own page, the data export's rule
    const auto = await get(me.cookie, '/api/auto-like.php');
    expect(auto.body).toEqual({ profile: null, hidden_like: true });
    const page = await get(me.cookie, `/api/member.php?id=${fans[0].profile.id}`);
    expect(page.body.profile.relation).toEqual({ blocked: false, liked: false, liked_by: false });
    // a query asking for more changes nothing
    const asked = await t
      .http()
      .get('/api/likes.php?likers_shown=true&premium=1')
      .set('Cookie', me.cookie);
    expect(asked.status === 400 || asked.body.likers_shown === false).toBe(true);
    if (asked.status === 200) expectNothingOf(asked.body, fans);
  });

  it('still clears the new flag when a free member opens the liker’s page (SPEC), without saying they liked', async () => {
    const me = await loggedIn();
    const fan = await seed();
    await likeRow(fan.user.id, me.user.id);
    const page = await get(me.cookie, `/api/member.php?id=${fan.profile.id}`);
    expect(page.body.profile.relation.liked_by).toBe(false);
    expect((await get(me.cookie, '/api/likes.php')).body.new_likes).toBe(0);
  });

  it('names a liker to a free member once they like each other: a match is everyone’s', async () => {
    const me = await loggedIn();
    const [match, hidden] = await Promise.all([seed({ name: 'Wederzijds' }), seed()]);
    await likeRow(match.user.id, me.user.id, 1);
    await likeRow(hidden.user.id, me.user.id, 2);
    const like = await t
      .http()
      .post('/api/like.php')
      .set('Cookie', me.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: match.profile.id })
      .expect(200);
    expect(like.body).toEqual({ liked: true, match: true });
    const res = await get(me.cookie, '/api/likes.php');
    expect(res.body.liked_by.map((l: { id: number | null }) => l.id)).toEqual([
      match.profile.id,
      null,
    ]);
    expect(res.body.profiles.map((p: { id: number }) => p.id)).toEqual([match.profile.id]);
    expect(res.body.profiles[0]).toMatchObject({ name: 'Wederzijds' });
    expectNothingOf(res.body, [hidden]);
    expect((await get(me.cookie, '/api/auto-like.php')).body).toMatchObject({
      profile: { id: match.profile.id, match: true },
      hidden_like: false,
    });
    const page = await get(me.cookie, `/api/member.php?id=${match.profile.id}`);
    expect(page.body.profile.relation).toMatchObject({ liked: true, liked_by: true });
  });

  it('shows a premium member who liked them, with their cards and the new-like modal', async () => {
    const me = await loggedIn({ paidUser: true });
    const fan = await seed({ name: 'Zichtbarefan' });
    await likeRow(fan.user.id, me.user.id);
    const res = await get(me.cookie, '/api/likes.php');
    expect(res.body).toMatchObject({ likers_shown: true, new_likes: 1 });
    expect(res.body.liked_by).toEqual([
      { id: fan.profile.id, like_new: true, created_at: expect.any(String) },
    ]);
    expect(res.body.profiles[0]).toMatchObject({ id: fan.profile.id, name: 'Zichtbarefan' });
    expect((await get(me.cookie, '/api/auto-like.php')).body).toMatchObject({
      profile: { id: fan.profile.id, match: false },
      hidden_like: false,
    });
    const page = await get(me.cookie, `/api/member.php?id=${fan.profile.id}`);
    expect(page.body.profile.relation).toMatchObject({ liked: false, liked_by: true });
  });

  it('never shows a free member blocked, deleted, banned or invisible likers, nor counts them', async () => {
    const me = await loggedIn();
    const [iBlocked, blockedMe, deleted, banned, invisible, visible] = await Promise.all([
      seed(),
      seed(),
      seed({ status: 'deleted', profileStatus: 'disabled' }),
      seed({ status: 'banned' }),
      seed({ profile: { invisible: true } }),
      seed(),
    ]);
    await t.prisma.block.create({ data: { blockerId: me.user.id, blockedId: iBlocked.user.id } });
    await t.prisma.block.create({ data: { blockerId: blockedMe.user.id, blockedId: me.user.id } });
    for (const m of [iBlocked, blockedMe, deleted, banned, invisible, visible]) {
      await likeRow(m.user.id, me.user.id);
    }
    const res = await get(me.cookie, '/api/likes.php');
    expect(res.body.liked_by).toHaveLength(1);
    expect(res.body.new_likes).toBe(1);
    expect((await get(me.cookie, '/api/chats.php')).body.new_likes).toBe(1);
    // a block after the like takes it out of the count at once
    await t.prisma.block.create({ data: { blockerId: visible.user.id, blockedId: me.user.id } });
    const after = await get(me.cookie, '/api/likes.php');
    expect(after.body).toMatchObject({ liked_by: [], new_likes: 0 });
    expect((await get(me.cookie, '/api/chats.php')).body.new_likes).toBe(0);
    expect((await get(me.cookie, '/api/auto-like.php')).body).toEqual({
      profile: null,
      hidden_like: false,
    });
  });

  it('shows free members who liked them and who visited once an admin says everything, with the audit row, and hides it again', async () => {
    const me = await loggedIn();
    const [fan, visitor] = await Promise.all([seed({ name: 'Openfan' }), seed()]);
    await likeRow(fan.user.id, me.user.id);
    await t.app
      .get(VisitsService)
      .record({ userId: visitor.user.id, roles: [], paidUser: false }, me.profile.id);

    await adminSets({ free_members_see_likes: 'everything' });
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'settings.change' },
      orderBy: { id: 'desc' },
    });
    expect(audit.before).toEqual({ free_members_see_likes: 'count' });
    expect(audit.after).toEqual({ free_members_see_likes: 'everything' });
    const open = await get(me.cookie, '/api/likes.php');
    expect(open.body).toMatchObject({ likers_shown: true });
    expect(open.body.liked_by[0]).toMatchObject({ id: fan.profile.id });
    expect(open.body.profiles[0]).toMatchObject({ name: 'Openfan' });
    // visitors have a setting of their own: still the count
    const visits = await get(me.cookie, '/api/visitors.php');
    expect(visits.body).toMatchObject({ total: 1, premium: false });
    expect(visits.body.visitors[0].profile).toBeNull();

    await adminSets({ free_members_see_visitors: 'everything' });
    const seen = await get(me.cookie, '/api/visitors.php');
    expect(seen.body).toMatchObject({ total: 1, premium: true, browse_unseen: false });
    expect(seen.body.visitors[0].profile).toMatchObject({ id: visitor.profile.id });

    await adminSets({ free_members_see_likes: 'count', free_members_see_visitors: 'count' });
    const hidden = await get(me.cookie, '/api/likes.php');
    expect(hidden.body).toMatchObject({ likers_shown: false, profiles: [] });
    expectNothingOf(hidden.body, [fan]);
    expect((await get(me.cookie, '/api/visitors.php')).body.visitors[0].profile).toBeNull();
    // the public settings say it, for the pricing page and the FAQ
    const { settings } = (await t.http().get('/api/settings.php').expect(200)).body;
    expect(settings).toMatchObject({
      free_members_see_likes: 'count',
      free_members_see_visitors: 'count',
    });
  });

  it('refuses an unknown choice with a clear 400', async () => {
    const admin = await cookieOf(await staffAccount(t, ['admin']), t);
    const res = await putSettings(admin, { free_members_see_likes: 'names' }).expect(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await t.prisma.setting.count({ where: { key: 'free_members_see_likes' } })).toBe(0);
  });

  it('lets only an admin change what free members see: every other role, a member and a visitor get 403', async () => {
    const member = await loggedIn();
    const premium = await loggedIn({ paidUser: true });
    const everyRole = await loggedIn();
    await t.prisma.user.update({
      where: { id: everyRole.user.id },
      data: { roles: [...STAFF_ROLES] },
    });
    const callers: [string, string | null][] = [
      ['visitor', null],
      ['member', member.cookie],
      ['premium member', premium.cookie],
      ['member session of an account with every staff role', everyRole.cookie],
    ];
    for (const role of STAFF_ROLES) {
      callers.push([role, await cookieOf(await staffAccount(t, [role]), t)]);
    }
    const changes = () => t.prisma.staffAuditEntry.count({ where: { action: 'settings.change' } });
    const before = await changes();
    const outcome: Record<string, number> = {};
    for (const [who, cookie] of callers) {
      const res = await putSettings(cookie, { free_members_see_likes: 'everything' });
      outcome[who] = res.status;
      // undone at once: each caller meets the default
      if (res.status === 200) {
        await t.prisma.setting.deleteMany({ where: { key: 'free_members_see_likes' } });
        t.app.get(SettingsService).invalidate();
      }
    }
    expect(outcome).toEqual({
      visitor: 403,
      member: 403,
      'premium member': 403,
      'member session of an account with every staff role': 403,
      admin: 200,
      operator: 403,
      moderator: 403,
    });
    // one audit row: the admin's
    expect(await changes()).toBe(before + 1);
  });

  it('leaves the likers out of a free member’s data export as the page does, but for a match', async () => {
    const me = await seed();
    const [hidden, match] = await Promise.all([seed(), seed()]);
    await likeRow(hidden.user.id, me.user.id, 2);
    await likeRow(match.user.id, me.user.id, 1);
    await likeRow(me.user.id, match.user.id, 0);
    const likes = async (likersShown: boolean) => {
      const { json } = await t.app.get(ExportRegistry).collect(me.user.id, {
        likersShown,
      });
      return (json['likes.json'] as { received: { likerId: number | null }[] }).received.map(
        (like) => like.likerId,
      );
    };
    expect(await likes(false)).toEqual([null, match.user.id]);
    expect(await likes(true)).toEqual([hidden.user.id, match.user.id]);
  });
});
