import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { loggedInMember } from './helpers/accounts';
import { get, removeChat, sendText } from './helpers/chat';
import { staffCookie } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { jpeg } from './helpers/images';

type Photo = {
  id: number;
  locked: boolean;
  thumb_url: string;
  full_url?: string;
  card_url?: string;
};

/**
 * Every visibility rule (invisible, blocked both ways, privacy mode, deleted, banned, free and
 * premium members, visitors, photos under inspection or rejected) on every endpoint that returns
 * another member's profile or photos: the profile page (member.php, with its gallery and main
 * image), the lists (signup-matches.php; the related profiles of member.php), liking
 * (like.php), and the photo files themselves (/media). Privacy mode is walked over every read
 * path that presents a card, the hand-written ones too (search, likes, the chat page and list).
 */
describe('who sees what: the visibility matrix', () => {
  let t: TestApp;
  let storage: string;
  /** A moderator's staff session (the console's), and a member session of a moderator's account. */
  let staff: string;
  let staffMember: string;
  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'matrix-'));
    t = await createTestApp({ STORAGE_DIR: storage });
    staff = await staffCookie(t, ['moderator']);
    staffMember = (await loggedIn({ roles: ['moderator'] })).cookie;
  });
  afterAll(async () => {
    await t.close();
    await rm(storage, { recursive: true, force: true });
  });

  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);

  const client = (cookie: string | null) => ({
    get: (url: string) => {
      const req = t.http().get(url);
      return cookie ? req.set('Cookie', cookie) : req;
    },
  });

  async function addPhoto(cookie: string, verdict: 'approve' | 'reject' | null): Promise<number> {
    const res = await t
      .http()
      .post('/api/photo.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', await jpeg(400, 400), 'p.jpg')
      .expect(201);
    if (verdict) {
      await t
        .http()
        .post('/api/photo-moderation.php')
        .set('Cookie', staff)
        .set('X-Request-Type', 'client')
        .send({ photo: res.body.photo.id, action: verdict, reason: 'Niet toegestaan' })
        .expect(200);
    }
    return res.body.photo.id as number;
  }

  /**
   * One small world per case, in a country of its own so the lists show only its members: the
   * owner (a woman of 30 with a main photo, a second active photo, one under inspection and
   * one rejected; premium, so she may have four), a neighbour like her (whose page lists related
   * profiles), a free member and a premium member who look for women, and a conversation
   * partner of the owner (she wrote to him).
   */
  /** A woman looking for men (the owner: 30, premium, with credits to write). */
  const woman = (country: string, options: SeedMemberOptions = {}) =>
    loggedIn({ country, gender: 'female', seekingGender: 'male', age: 30, ...options });
  const ownerIn = (country: string) => woman(country, { paidUser: true, credits: 100 });
  /** A man of 31 looking for women. */
  const man = (country: string, options: SeedMemberOptions = {}) =>
    loggedIn({ country, gender: 'male', seekingGender: 'female', age: 31, ...options });

  async function world(country: string) {
    const owner = await ownerIn(country);
    const main = await addPhoto(owner.cookie, 'approve');
    const second = await addPhoto(owner.cookie, 'approve');
    const inspected = await addPhoto(owner.cookie, null);
    const rejected = await addPhoto(owner.cookie, 'reject');
    const neighbour = await woman(country, { age: 31 });
    const free = await man(country);
    const premium = await man(country, { paidUser: true, credits: 0 });
    const partner = await man(country);
    await sendText(t, owner, { member: partner.profile.id }, 'Hoi!').expect(201);
    return {
      owner,
      neighbour,
      free,
      premium,
      partner,
      photos: { main, second, inspected, rejected },
    };
  }
  type World = Awaited<ReturnType<typeof world>>;

  /** What one viewer (a cookie, or null for a visitor) gets of the owner, endpoint by endpoint. */
  async function seen(w: World, cookie: string | null) {
    const page = await client(cookie).get(`/api/member.php?id=${w.owner.profile.id}`);
    const neighbourPage = await client(cookie).get(`/api/member.php?id=${w.neighbour.profile.id}`);
    const matches = cookie ? await client(cookie).get('/api/signup-matches.php').expect(200) : null;
    const photos: Photo[] = page.status === 200 ? page.body.profile.photos : [];
    return {
      status: page.status,
      profile: page.body.profile,
      photos: Object.fromEntries(photos.map((p) => [p.id, p])) as Record<number, Photo>,
      inRelated:
        neighbourPage.status === 200 &&
        neighbourPage.body.related.some((c: { id: number }) => c.id === w.owner.profile.id),
      inMatches:
        matches?.body.profiles.some((c: { id: number }) => c.id === w.owner.profile.id) ?? null,
    };
  }

  const file = (url: string) => t.http().get(url);

  it('shows free members and visitors the main photo and locked thumbnails of the others; the full photo cannot be had', async () => {
    const w = await world('BE');
    for (const cookie of [w.free.cookie, null]) {
      const view = await seen(w, cookie);
      expect(view.status).toBe(200);
      expect(view.profile.photo_count).toBe(2);
      expect(view.profile.main_image).toMatchObject({ id: w.photos.main, locked: false });
      expect(view.photos[w.photos.main]).toMatchObject({ locked: false });
      const locked = view.photos[w.photos.second];
      expect(locked).toEqual({
        id: w.photos.second,
        locked: true,
        main: false,
        thumb_url: expect.stringContaining('-locked.webp'),
      });
      // no URL of the photo's other sizes anywhere in the answer
      const base = locked.thumb_url.split('/').pop()!.split('-locked')[0];
      const text = JSON.stringify(view.profile);
      expect(text.match(new RegExp(`${base}-(full|card|thumb)`, 'g'))).toBeNull();
      // the blurred thumbnail is served; the full photo with the same signature is not
      await file(locked.thumb_url).expect(200);
      await file(locked.thumb_url.replace('-locked.webp', '-full.webp')).expect(404);
      await file(locked.thumb_url.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).expect(
        404,
      );
      // under inspection and rejected photos: not even locked
      expect(view.photos[w.photos.inspected]).toBeUndefined();
      expect(view.photos[w.photos.rejected]).toBeUndefined();
    }
    expect((await seen(w, w.free.cookie)).inMatches).toBe(true);
    expect((await seen(w, w.free.cookie)).inRelated).toBe(true);
  });

  it('shows premium members every active photo, even with 0 credits', async () => {
    const w = await world('GB');
    const view = await seen(w, w.premium.cookie);
    expect(Object.values(view.photos).map((p) => [p.id, p.locked])).toEqual([
      [w.photos.main, false],
      [w.photos.second, false],
    ]);
    await file(view.photos[w.photos.second].full_url!).expect(200);
  });

  it('shows photos under inspection or rejected only to their owner, even to a staff account’s member session', async () => {
    const w = await world('IE');
    const ownerView = await t
      .http()
      .get('/api/photos.php')
      .set('Cookie', w.owner.cookie)
      .expect(200);
    const statuses = ownerView.body.photos.map((p: { id: number; status: string }) => [
      p.id,
      p.status,
    ]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        [w.photos.inspected, 'under_inspection'],
        [w.photos.rejected, 'rejected'],
      ]),
    );
    for (const p of ownerView.body.photos) {
      await file(p.full_url).set('Cookie', w.owner.cookie).expect(200);
      // the owner's URL of an uninspected photo, copied out of the owner's session: nothing
      if (p.status !== 'active') await file(p.full_url).expect(404);
    }
    // staff inspect photos in the console, with its own sign-in: a member session of a
    // moderator's account is a member's
    for (const viewer of [w.premium.cookie, w.partner.cookie, staffMember, null]) {
      const view = await seen(w, viewer);
      expect(view.photos[w.photos.inspected]).toBeUndefined();
      expect(view.photos[w.photos.rejected]).toBeUndefined();
    }
  });

  it('stops serving a photo the moment staff reject it, whatever URLs were handed out', async () => {
    const w = await world('DE');
    const url = (await seen(w, w.premium.cookie)).photos[w.photos.second].full_url!;
    await file(url).expect(200);
    await t
      .http()
      .post('/api/photo-moderation.php')
      .set('Cookie', staff)
      .set('X-Request-Type', 'client')
      .send({ photo: w.photos.second, action: 'reject', reason: 'Geen gezicht' })
      .expect(200);
    await file(url).expect(404);
    expect((await seen(w, w.premium.cookie)).photos[w.photos.second]).toBeUndefined();
  });

  it('privacy mode: photos only for members the owner wrote to; everyone else gets locked thumbnails', async () => {
    const w = await world('AT');
    await t.prisma.profile.update({
      where: { id: w.owner.profile.id },
      data: { privacyMode: true },
    });
    for (const cookie of [w.free.cookie, w.premium.cookie, null]) {
      const view = await seen(w, cookie);
      expect(view.status).toBe(200);
      expect(view.profile.main_image).toMatchObject({ locked: true });
      expect(view.profile.main_image.filename).toContain('-locked.webp');
      expect(Object.values(view.photos).every((p) => p.locked)).toBe(true);
    }
    const partner = await seen(w, w.partner.cookie);
    expect(Object.values(partner.photos).every((p) => !p.locked)).toBe(true);
    expect(partner.profile.main_image).toMatchObject({ locked: false });
    // lists show the locked main image too
    const matches = await client(w.free.cookie).get('/api/signup-matches.php');
    const card = matches.body.profiles.find((c: { id: number }) => c.id === w.owner.profile.id);
    expect(card.main_image).toMatchObject({ locked: true });
  });

  it('invisible mode: gone from lists and pages, except for existing conversation partners', async () => {
    const w = await world('IT');
    await t.prisma.profile.update({ where: { id: w.owner.profile.id }, data: { invisible: true } });
    for (const cookie of [w.free.cookie, w.premium.cookie, null]) {
      const view = await seen(w, cookie);
      expect(view.status).toBe(404);
      expect(view.inRelated).toBe(false);
      if (cookie) expect(view.inMatches).toBe(false);
    }
    await t
      .http()
      .post('/api/like.php')
      .set('Cookie', w.free.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: w.owner.profile.id })
      .expect(404);
    const partner = await seen(w, w.partner.cookie);
    expect(partner.status).toBe(200);
    expect(partner.inMatches).toBe(false);
    await t
      .http()
      .post('/api/like.php')
      .set('Cookie', w.partner.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: w.owner.profile.id })
      .expect(200);
  });

  it('a block hides the blocker from the blocked member everywhere; the blocker may still open the page', async () => {
    const w = await world('FR');
    await t
      .http()
      .post('/api/block.php')
      .set('Cookie', w.owner.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: w.free.profile.id })
      .expect(200);
    const blocked = await seen(w, w.free.cookie);
    expect(blocked).toMatchObject({ status: 404, inRelated: false, inMatches: false });
    await t
      .http()
      .post('/api/like.php')
      .set('Cookie', w.free.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: w.owner.profile.id })
      .expect(404);
    // the owner (the blocker) still opens the blocked member's page, to unblock
    const page = await t
      .http()
      .get(`/api/member.php?id=${w.free.profile.id}`)
      .set('Cookie', w.owner.cookie)
      .expect(200);
    expect(page.body.profile.relation.blocked).toBe(true);
    await t
      .http()
      .post('/api/like.php')
      .set('Cookie', w.owner.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: w.free.profile.id })
      .expect(404);
    const list = await t.http().get('/api/blocks.php').set('Cookie', w.owner.cookie).expect(200);
    expect(list.body.blocked).toEqual([
      { id: w.free.profile.id, name: w.free.profile.name, blocked_at: expect.any(String) },
    ]);
    // the other way round: a member the viewer blocked is gone from the viewer's lists
    await t
      .http()
      .post('/api/block.php')
      .set('Cookie', w.premium.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: w.owner.profile.id })
      .expect(200);
    const blocker = await seen(w, w.premium.cookie);
    expect(blocker).toMatchObject({ status: 200, inRelated: false, inMatches: false });
    expect(blocker.profile.relation.blocked).toBe(true);
    // unblocking brings everything back
    await t
      .http()
      .delete('/api/block.php')
      .set('Cookie', w.owner.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: w.free.profile.id })
      .expect(200);
    expect(await seen(w, w.free.cookie)).toMatchObject({
      status: 200,
      inRelated: true,
      inMatches: true,
    });
  });

  it.each([
    ['deleted', { status: 'deleted' as const }],
    ['banned', { status: 'banned' as const }],
  ])('a %s member is shown to nobody, and their photo files stop at once', async (_state, data) => {
    const w = await world(data.status === 'deleted' ? 'CH' : 'ES');
    const url = (await seen(w, w.premium.cookie)).photos[w.photos.main].full_url!;
    await file(url).expect(200);
    await t.prisma.user.update({ where: { id: w.owner.user.id }, data });
    for (const cookie of [w.free.cookie, w.premium.cookie, w.partner.cookie, null]) {
      const view = await seen(w, cookie);
      expect(view.status).toBe(404);
      expect(view.inRelated).toBe(false);
      if (cookie) expect(view.inMatches).toBe(false);
    }
    await file(url).expect(404);
  });

  describe('privacy mode: the photos open only to members the owner wrote to, on every read path', () => {
    type Seen = 'open' | 'locked' | 'absent';
    type Card = { id: number; main_image: { locked: boolean } | null };
    const paths = ['page', 'matches', 'search', 'related', 'likes', 'chat', 'chats'] as const;
    type Paths = Record<(typeof paths)[number], Seen>;
    const everywhere = (seen: Seen): Paths =>
      Object.fromEntries(paths.map((p) => [p, seen])) as Paths;

    /**
     * A woman in privacy mode with three approved photos (and credits to write), a neighbour like
     * her (whose page lists related profiles), in a country of their own.
     */
    async function privacyWorld(country: string) {
      const owner = await ownerIn(country);
      for (let i = 0; i < 3; i += 1) await addPhoto(owner.cookie, 'approve');
      await t.prisma.profile.update({
        where: { id: owner.profile.id },
        data: { privacyMode: true },
      });
      const neighbour = await woman(country, { age: 31 });
      /** A man looking for women there, who liked the owner (so her card is on his likes page). */
      const viewer = async (options: SeedMemberOptions = {}) => {
        const member = await man(country, { credits: 100, ...options });
        await t
          .http()
          .post('/api/like.php')
          .set('Cookie', member.cookie)
          .set('X-Request-Type', 'client')
          .send({ member: owner.profile.id })
          .expect(200);
        return member;
      };
      return { owner, neighbour, country, viewer };
    }
    type PrivacyWorld = Awaited<ReturnType<typeof privacyWorld>>;

    const cardSeen = (card: Card | undefined): Seen =>
      !card ? 'absent' : card.main_image?.locked === false ? 'open' : 'locked';

    /**
     * What of the owner's photos one viewer gets on each read path: the profile page (all three
     * photos and the main image; `open` or `locked` only when they agree), the cards of the lists
     * (signup matches, search, the related profiles of the neighbour's page), the likes page, the
     * conversation page by member and the chat list (hand-written statements).
     */
    async function privacyPaths(w: PrivacyWorld, viewer: { cookie: string }): Promise<Paths> {
      const { id } = w.owner.profile;
      const find = (cards: Card[] | undefined) => cards?.find((c) => c.id === id);
      const page = await get(t, viewer, `/api/member.php?id=${id}`);
      let pageSeen: Seen | 'mixed' = 'absent';
      if (page.status === 200) {
        const photos: Photo[] = page.body.profile.photos;
        const locked = [page.body.profile.main_image.locked, ...photos.map((p) => p.locked)];
        expect(photos).toHaveLength(3);
        pageSeen = locked.every(Boolean) ? 'locked' : locked.some(Boolean) ? 'mixed' : 'open';
      }
      const matches = await get(t, viewer, '/api/signup-matches.php').expect(200);
      const search = await get(t, viewer, `/api/search.php?gender=female&country=${w.country}`);
      const neighbour = await get(t, viewer, `/api/member.php?id=${w.neighbour.profile.id}`);
      const likes = await get(t, viewer, '/api/likes.php').expect(200);
      const chat = await get(t, viewer, `/api/chat.php?member=${id}`);
      const chats = await get(t, viewer, '/api/chats.php').expect(200);
      return {
        page: pageSeen as Seen,
        matches: cardSeen(find(matches.body.profiles)),
        search: cardSeen(find(search.body.profiles)),
        related: cardSeen(find(neighbour.body.related)),
        likes: cardSeen(find(likes.body.profiles)),
        chat: chat.status === 200 ? cardSeen(chat.body.profile) : 'absent',
        chats: cardSeen(
          chats.body.chats.find((c: { profile: Card }) => c.profile.id === id)?.profile,
        ),
      };
    }

    const block = (by: { cookie: string }, of: { profile: { id: number } }, on = true) =>
      (on ? t.http().post('/api/block.php') : t.http().delete('/api/block.php'))
        .set('Cookie', by.cookie)
        .set('X-Request-Type', 'client')
        .send({ member: of.profile.id })
        .expect(200);

    it('keeps all three photos locked for a member whose message the owner never answered', async () => {
      const w = await privacyWorld('NL');
      const stranger = await w.viewer();
      expect(await privacyPaths(w, stranger)).toEqual({ ...everywhere('locked'), chats: 'absent' });
      const writer = await w.viewer();
      await sendText(t, writer, { member: w.owner.profile.id }, 'Mag ik je fotos zien?').expect(
        201,
      );
      expect(await privacyPaths(w, writer)).toEqual(everywhere('locked'));
    });

    it('keeps them locked for an unconfirmed account whose message is held', async () => {
      const w = await privacyWorld('US');
      const unconfirmed = await w.viewer({ status: 'not_confirmed', paidUser: true });
      const sent = await sendText(t, unconfirmed, { member: w.owner.profile.id }).expect(201);
      expect(sent.body.message.status).toBe('held');
      expect(await privacyPaths(w, unconfirmed)).toEqual(everywhere('locked'));
      // the owner is shown nothing of it
      expect((await get(t, w.owner, '/api/chats.php').expect(200)).body.chats).toEqual([]);
    });

    it('opens them to a member the owner wrote to, whoever started, on every path alike', async () => {
      const w = await privacyWorld('CA');
      const written = await w.viewer();
      await sendText(t, w.owner, { member: written.profile.id }, 'Hoi!').expect(201);
      expect(await privacyPaths(w, written)).toEqual(everywhere('open'));
      const answered = await w.viewer();
      const first = await sendText(t, answered, { member: w.owner.profile.id }).expect(201);
      const conversation = first.body.message.conversation_id as number;
      await sendText(t, w.owner, { conversation }, 'Hallo terug').expect(201);
      expect(await privacyPaths(w, answered)).toEqual(everywhere('open'));
    });

    it('locks them again when the owner removes the conversation, until the owner writes anew', async () => {
      const w = await privacyWorld('AU');
      const member = await w.viewer();
      const first = await sendText(t, w.owner, { member: member.profile.id }).expect(201);
      const conversation = first.body.message.conversation_id as number;
      expect(await privacyPaths(w, member)).toEqual(everywhere('open'));
      await removeChat(t, w.owner, { conversation }).expect(200);
      expect(await privacyPaths(w, member)).toEqual(everywhere('locked'));
      // the member's next message brings the conversation back to the owner's list, not the photos
      await sendText(t, member, { conversation }, 'Ben je er nog?').expect(201);
      expect((await get(t, w.owner, '/api/chats.php').expect(200)).body.chats).toHaveLength(1);
      expect(await privacyPaths(w, member)).toEqual(everywhere('locked'));
      await sendText(t, w.owner, { conversation }, 'Ja hoor').expect(201);
      expect(await privacyPaths(w, member)).toEqual(everywhere('open'));
      // a removal by the member does not take back what the owner wrote
      await removeChat(t, member, { conversation }).expect(200);
      expect(await privacyPaths(w, member)).toEqual({ ...everywhere('open'), chats: 'absent' });
    });

    it('shuts them while either member blocks the other', async () => {
      const w = await privacyWorld('NZ');
      const blocked = await w.viewer();
      const blocker = await w.viewer();
      for (const member of [blocked, blocker]) {
        await sendText(t, w.owner, { member: member.profile.id }).expect(201);
        expect(await privacyPaths(w, member)).toEqual(everywhere('open'));
      }
      // blocked by the owner: the owner is gone for him everywhere
      await block(w.owner, blocked);
      expect(await privacyPaths(w, blocked)).toEqual(everywhere('absent'));
      // he blocked the owner: only her page stays open to him (to unblock), with the photos locked
      await block(blocker, w.owner);
      expect(await privacyPaths(w, blocker)).toEqual({ ...everywhere('absent'), page: 'locked' });
      // lifting a block brings the conversation back, and what the owner wrote in it
      await block(w.owner, blocked, false);
      await block(blocker, w.owner, false);
      for (const member of [blocked, blocker]) {
        expect(await privacyPaths(w, member)).toEqual(everywhere('open'));
      }
    });
  });

  it('refuses media URLs that are expired, unsigned or for another file', async () => {
    const w = await world('PL');
    const url = (await seen(w, w.premium.cookie)).photos[w.photos.main].full_url!;
    await file(url).expect(200);
    await file(url.split('?')[0]).expect(404);
    await file(url.replace(/e=\d+/, 'e=1000')).expect(404);
    await file(url.replace(/v=a/, 'v=o')).expect(404);
    await file('/media/photos/..%2F..%2Fetc%2Fpasswd?e=9999999999&v=a&s=x').expect(404);
  });
});
