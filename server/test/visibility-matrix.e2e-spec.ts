import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { loggedInMember } from './helpers/accounts';
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
 * (like.php), and the photo files themselves (/media).
 */
describe('who sees what: the visibility matrix', () => {
  let t: TestApp;
  let storage: string;
  let staff: string;
  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'matrix-'));
    t = await createTestApp({ STORAGE_DIR: storage });
    staff = (await loggedIn({ roles: ['moderator'] })).cookie;
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
   * partner of the owner.
   */
  async function world(country: string) {
    const owner = await loggedIn({
      country,
      gender: 'female',
      seekingGender: 'male',
      age: 30,
      paidUser: true,
    });
    const main = await addPhoto(owner.cookie, 'approve');
    const second = await addPhoto(owner.cookie, 'approve');
    const inspected = await addPhoto(owner.cookie, null);
    const rejected = await addPhoto(owner.cookie, 'reject');
    const neighbour = await loggedIn({ country, gender: 'female', seekingGender: 'male', age: 31 });
    const seeker = { country, gender: 'male' as const, seekingGender: 'female' as const, age: 31 };
    const free = await loggedIn(seeker);
    const premium = await loggedIn({ ...seeker, paidUser: true, credits: 0 });
    const partner = await loggedIn(seeker);
    await t.prisma.conversation.create({
      data: {
        userLowId: Math.min(owner.user.id, partner.user.id),
        userHighId: Math.max(owner.user.id, partner.user.id),
        initiatorId: partner.user.id,
        participants: { create: [{ userId: owner.user.id }, { userId: partner.user.id }] },
      },
    });
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

  it('shows photos under inspection or rejected only to their owner and staff', async () => {
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
    for (const p of ownerView.body.photos) await file(p.full_url).expect(200);
    const staffView = await seen(w, staff);
    expect(Object.keys(staffView.photos).map(Number).sort()).toEqual(
      Object.values(w.photos).sort(),
    );
    for (const viewer of [w.premium.cookie, w.partner.cookie, null]) {
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

  it('privacy mode: photos only for conversation partners; everyone else gets locked thumbnails', async () => {
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
