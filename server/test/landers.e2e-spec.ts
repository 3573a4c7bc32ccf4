import type { SeedMemberOptions } from '../../prisma/seed/member';
import { LandersService } from '../src/landers';
import { seedTestMember, signupBody } from './helpers/accounts';
import { activeMainPhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

type LanderCard = {
  id: number;
  name: string;
  fictional: boolean;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  main_image: { locked: boolean; filename: string } | null;
};

describe('the landers’ members (GET /api/landers.php)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Seeded members rank first: active a minute from now (the list is most recently active first). */
  let ahead = 0;
  const seed = async (options: SeedMemberOptions = {}, photo = true) => {
    ahead += 1;
    const member = await seedTestMember(t, {
      country: 'NL',
      city: 'Utrecht',
      ...options,
      profile: { lastActiveAt: new Date(Date.now() + 60_000 + ahead * 1000), ...options.profile },
    });
    if (photo) await activeMainPhoto(t, member.profile.id, 'lander');
    return member;
  };
  const landers = (query = 'count=24') => {
    // every visitor shares an answer for 30 seconds: each test asks afresh
    t.app.get(LandersService).forget();
    return t.http().get(`/api/landers.php?${query}`);
  };
  const ids = (cards: LanderCard[]) => cards.map((card) => card.id);

  it('shows visitors visible members with their photos and city coordinates, never invisible, privacy-mode, hidden, deleted, banned or unconfirmed ones', async () => {
    const visible = await seed({ name: 'Zichtbaar' });
    const fictional = await seed({ fictional: true, name: 'Chatmaatje' });
    const invisible = await seed({ profile: { invisible: true } });
    const privacy = await seed({ profile: { privacyMode: true } });
    const hidden = await seed({ profileStatus: 'hidden' });
    const deleted = await seed({ status: 'deleted' });
    const banned = await seed({ status: 'banned' });
    const unconfirmed = await seed({ status: 'not_confirmed' });

    const res = await landers().expect(200);
    const shown = ids(res.body.members);
    expect(shown).toEqual(expect.arrayContaining([visible.profile.id, fictional.profile.id]));
    for (const gone of [invisible, privacy, hidden, deleted, banned, unconfirmed]) {
      expect(shown).not.toContain(gone.profile.id);
    }
    expect(res.body.member).toBeNull();

    const card = res.body.members.find((c: LanderCard) => c.id === visible.profile.id);
    expect(card).toMatchObject({
      name: 'Zichtbaar',
      fictional: false,
      city: 'Utrecht',
      main_image: { locked: false },
    });
    expect(card.latitude).toBeCloseTo(52.09, 1);
    expect(card.longitude).toBeCloseTo(5.12, 1);
    // a chat pal carries its flag wherever it appears
    expect(res.body.members.find((c: LanderCard) => c.id === fictional.profile.id)).toMatchObject({
      fictional: true,
    });
    // nothing private: no e-mail, date of birth, account id or privacy settings
    const body = JSON.stringify(res.body);
    expect(body).not.toContain(visible.user.email);
    for (const key of ['email', 'date_of_birth', 'dateOfBirth', 'userId', 'privacyMode']) {
      expect(Object.keys(card)).not.toContain(key);
    }
  });

  it('lists members with an approved photo before those without, and gives as many as asked', async () => {
    const without = await seed({}, false);
    const withPhoto = await seed();
    const res = await landers('count=24').expect(200);
    const shown = ids(res.body.members);
    expect(shown.indexOf(withPhoto.profile.id)).toBeLessThan(shown.indexOf(without.profile.id));
    const two = await landers('count=2').expect(200);
    expect(two.body.members).toHaveLength(2);
    expect(two.body.members.every((c: LanderCard) => c.main_image !== null)).toBe(true);
  });

  it('shows members whom others blocked: blocks are between members, a visitor has none', async () => {
    const blocker = await seed();
    const blocked = await seed();
    await t.prisma.block.create({
      data: { blockerId: blocker.user.id, blockedId: blocked.user.id },
    });
    const shown = ids((await landers().expect(200)).body.members);
    expect(shown).toEqual(expect.arrayContaining([blocker.profile.id, blocked.profile.id]));
  });

  it('gives a member landing its member, and null for one visitors may not see', async () => {
    const star = await seed({ name: 'Ster' });
    const res = await landers(`count=3&member=${star.profile.id}`).expect(200);
    expect(res.body.member).toMatchObject({ id: star.profile.id, name: 'Ster' });
    expect(ids(res.body.members)).not.toContain(star.profile.id);
    expect(res.body.members).toHaveLength(3);

    for (const options of [
      { profile: { invisible: true } },
      { profile: { privacyMode: true } },
      { status: 'banned' as const },
      { status: 'deleted' as const },
      { profileStatus: 'hidden' as const },
    ]) {
      const gone = await seed(options);
      const answer = await landers(`member=${gone.profile.id}`).expect(200);
      expect(answer.body.member).toBeNull();
      expect(answer.body.members.length).toBeGreaterThan(0);
    }
    expect((await landers('member=2147483647').expect(200)).body.member).toBeNull();
  });

  it('refuses bad input with 400', async () => {
    for (const query of [
      'count=0',
      'count=25',
      'count=abc',
      'member=0',
      'member=x',
      'member=3000000000',
    ]) {
      await landers(query).expect(400);
    }
  });

  it('shares one answer among visitors for a short while', async () => {
    t.app.get(LandersService).forget();
    const first = await t.http().get('/api/landers.php?count=24').expect(200);
    const late = await seed();
    const cached = await t.http().get('/api/landers.php?count=24').expect(200);
    expect(cached.body).toEqual(first.body);
    expect(ids(cached.body.members)).not.toContain(late.profile.id);
    const fresh = await landers().expect(200);
    expect(ids(fresh.body.members)).toContain(late.profile.id);
  });

  it('stores the lander and its slug with the tracking data of a signup', async () => {
    const body = signupBody({
      network: 'lnet',
      ref: 'lref',
      sub1: 'ls1',
      lander: 'maplanding',
      slug: 'zomer',
    });
    await t.http().post('/api/signup.php').set('X-Request-Type', 'client').send(body).expect(201);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: body.email } });
    const tracking = await t.prisma.trackingData.findUnique({ where: { userId: user.id } });
    expect(tracking).toMatchObject({
      network: 'lnet',
      ref: 'lref',
      sub1: 'ls1',
      lander: 'maplanding',
      slug: 'zomer',
    });
    // a lander without any other tracking parameter is still kept
    const plain = signupBody({ lander: 'gallery' });
    await t.http().post('/api/signup.php').set('X-Request-Type', 'client').send(plain).expect(201);
    const plainUser = await t.prisma.user.findUniqueOrThrow({ where: { email: plain.email } });
    expect(
      await t.prisma.trackingData.findUnique({ where: { userId: plainUser.id } }),
    ).toMatchObject({
      lander: 'gallery',
      slug: null,
      network: null,
    });
  });
});
