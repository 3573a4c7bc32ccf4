import { SHARED_CATALOGUES } from '@app/contract';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { GeoService } from '../src/geo';
import { MemberLists, viewerOf } from '../src/member-access';
import { SettingsService } from '../src/settings';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { activeMainPhoto } from './helpers/photos';
import { useTestApp } from './helpers/test-app';

type Card = { id: number; name: string; age: number; online: boolean; main_image: unknown };

describe('member search (GET /api/search.php)', () => {
  const t = useTestApp();

  const seed = (options: SeedMemberOptions = {}) => seedTestMember(t, options);

  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);

  const search = (query: string, cookie?: string) => {
    const req = t.http().get(`/api/search.php?${query}`);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const ids = (profiles: Card[]) => profiles.map((p) => p.id);

  it('filters by gender, country and age, most recently active first', async () => {
    const me = await loggedIn({ country: 'IE', gender: 'male' });
    const minutes = (n: number) => new Date(Date.now() - n * 60_000);
    const a = await seed({
      country: 'IE',
      gender: 'female',
      age: 25,
      profile: { lastActiveAt: minutes(3) },
    });
    const b = await seed({
      country: 'IE',
      gender: 'female',
      age: 30,
      profile: { lastActiveAt: minutes(1) },
    });
    const c = await seed({
      country: 'IE',
      gender: 'female',
      age: 41,
      profile: { lastActiveAt: minutes(2) },
    });
    await seed({ country: 'IE', gender: 'male', age: 30 });
    await seed({ country: 'GB', gender: 'female', age: 30 });

    const women = await search('gender=female&country=IE', me.cookie).expect(200);
    expect(ids(women.body.profiles)).toEqual([b.profile.id, c.profile.id, a.profile.id]);
    expect(women.body).toMatchObject({
      num_results: 3,
      num_results_capped: false,
      next_cursor: null,
    });

    const aged = await search('gender=female&country=ie&min_age=26&max_age=40', me.cookie).expect(
      200,
    );
    expect(ids(aged.body.profiles)).toEqual([b.profile.id]);
    expect(aged.body.profiles[0]).toMatchObject({ age: 30 });
    // the age bounds are inclusive
    const exact = await search('gender=female&country=IE&min_age=25&max_age=25', me.cookie);
    expect(ids(exact.body.profiles)).toEqual([a.profile.id]);
    await search('min_age=40&max_age=30', me.cookie).expect(400);
    await search('min_age=17', me.cookie).expect(400);
  });

  it('filters on a photo, on being online now, and on the region', async () => {
    const me = await loggedIn({ country: 'AT' });
    const online = await seed({ country: 'AT', gender: 'female' });
    const away = await seed({
      country: 'AT',
      gender: 'female',
      profile: { lastActiveAt: new Date(Date.now() - 3_600_000) },
    });
    const withPhoto = await seed({ country: 'AT', gender: 'female' });
    await activeMainPhoto(t, withPhoto.profile.id, 's');

    const photos = await search('country=AT&gender=female&with_photo=1', me.cookie);
    expect(ids(photos.body.profiles)).toEqual([withPhoto.profile.id]);
    expect(photos.body.profiles[0].main_image).toMatchObject({ locked: false });
    const tyrol = await seed({ country: 'AT', gender: 'female', region: 'Tyrol' });
    const regional = await search(
      `country=AT&gender=female&countryregion=${tyrol.profile.regionId}`,
      me.cookie,
    );
    expect(ids(regional.body.profiles)).toEqual([tyrol.profile.id]);
    const now = await search('country=AT&gender=female&online=1', me.cookie);
    expect(ids(now.body.profiles)).toEqual(expect.arrayContaining([online.profile.id]));
    expect(ids(now.body.profiles)).not.toContain(away.profile.id);
    expect(now.body.profiles.every((p: Card) => p.online)).toBe(true);
  });

  it('finds members within a distance of the member’s city', async () => {
    const me = await loggedIn({ country: 'NZ', city: 'Auckland', gender: 'male' });
    const near = await seed({ country: 'NZ', city: 'Manukau City', gender: 'female' });
    const midway = await seed({ country: 'NZ', city: 'Hamilton', gender: 'female' });
    const far = await seed({ country: 'NZ', city: 'Wellington', gender: 'female' });
    const within = async (km: number) =>
      ids(
        (await search(`gender=female&country=NZ&distance=${km}`, me.cookie).expect(200)).body
          .profiles,
      );
    expect(await within(25)).toEqual([near.profile.id]);
    expect((await within(200)).sort()).toEqual([near.profile.id, midway.profile.id].sort());
    expect(await within(200)).not.toContain(far.profile.id);
    await search('distance=33', me.cookie).expect(400);
  });

  it('reads a distance search’s pages alike whether it probes each city or scans the country in activity order', async () => {
    const me = await loggedIn({ country: 'NZ', city: 'Auckland', gender: 'male' });
    const base = Date.now() - 20 * 60_000;
    const cities = ['Auckland', 'Manukau City', 'North Shore', 'Waitakere', 'Hamilton'];
    for (let i = 0; i < 28; i += 1) {
      // activity interleaved across the cities, two members sharing each moment
      await seed({
        country: 'NZ',
        city: cities[i % cities.length],
        gender: 'female',
        profile: { lastActiveAt: new Date(base - Math.floor(i / 2) * 1000) },
      });
    }
    const auckland = await t.prisma.city.findFirstOrThrow({ where: { name: 'Auckland' } });
    const near = await t.app.get(GeoService).citiesWithin(auckland.id, 200);
    const criteria = { gender: 'female' as const, countries: near.countries, cityIds: near.cities };
    const viewer = viewerOf({ userId: me.user.id, user: { paidUser: false } });
    const lists = t.app.get(MemberLists);
    const pages = async (scanCities: boolean) => {
      const first = await lists.page(viewer, criteria, { take: 11, countUpTo: 1000, scanCities });
      const last = first.rows[first.rows.length - 2];
      const after = { lastActiveAt: last.lastActiveAt, id: last.id };
      const second = await lists.page(viewer, criteria, { take: 11, after, scanCities });
      return {
        counted: first.counted,
        ids: [first.rows, second.rows].map((rows) => rows.map((r) => r.id)),
      };
    };
    const probed = await pages(false);
    expect(probed.counted).toBeGreaterThanOrEqual(28);
    expect(probed.ids[0]).toHaveLength(11);
    expect(await pages(true)).toEqual(probed);
  });

  it('pages by cursor: every profile once, in order, a deep page as cheap as the first', async () => {
    const me = await loggedIn({ country: 'CA' });
    const base = Date.now() - 10 * 60_000;
    const made = [];
    for (let i = 0; i < 30; i += 1) {
      // two share each activity time: the id breaks the tie
      made.push(
        await seed({
          country: 'CA',
          gender: 'female',
          profile: { lastActiveAt: new Date(base - Math.floor(i / 2) * 1000) },
        }),
      );
    }
    const first = await search('country=CA&gender=female', me.cookie).expect(200);
    expect(first.body.profiles).toHaveLength(24);
    expect(first.body.num_results).toBe(30);
    const second = await search(
      `country=CA&gender=female&cursor=${first.body.next_cursor}`,
      me.cookie,
    ).expect(200);
    expect(second.body.profiles).toHaveLength(6);
    expect(second.body.next_cursor).toBeNull();
    const all = [...ids(first.body.profiles), ...ids(second.body.profiles)];
    expect(new Set(all).size).toBe(30);
    expect(all.sort()).toEqual(made.map((m) => m.profile.id).sort());
    await search('cursor=bm90LWEtY3Vyc29y', me.cookie).expect(400);
  });

  it('never shows invisible, blocking, blocked, deleted, banned or unconfirmed members, nor oneself', async () => {
    const me = await loggedIn({ country: 'PL', gender: 'female' });
    const visible = await seed({ country: 'PL', gender: 'female' });
    const invisible = await seed({ country: 'PL', gender: 'female', profile: { invisible: true } });
    const blocker = await seed({ country: 'PL', gender: 'female' });
    const blocked = await seed({ country: 'PL', gender: 'female' });
    const deleted = await seed({
      country: 'PL',
      gender: 'female',
      status: 'deleted',
      profileStatus: 'active',
    });
    const banned = await seed({
      country: 'PL',
      gender: 'female',
      status: 'banned',
      profileStatus: 'active',
    });
    const unconfirmed = await seed({ country: 'PL', gender: 'female', status: 'not_confirmed' });
    await t.prisma.block.createMany({
      data: [
        { blockerId: blocker.user.id, blockedId: me.user.id },
        { blockerId: me.user.id, blockedId: blocked.user.id },
      ],
    });
    const found = ids(
      (await search('country=PL&gender=female', me.cookie).expect(200)).body.profiles,
    );
    expect(found).toEqual([visible.profile.id]);
    for (const hidden of [invisible, blocker, blocked, deleted, banned, unconfirmed, me]) {
      expect(found).not.toContain(hidden.profile.id);
    }
  });

  it('adds similar profiles of wider filters when few match, and says which filters were widened', async () => {
    const me = await loggedIn({ country: 'CH' });
    const one = await seed({ country: 'CH', gender: 'male', age: 30 });
    const older = await seed({ country: 'CH', gender: 'male', age: 33 });
    const res = await search('country=CH&gender=male&min_age=29&max_age=31', me.cookie).expect(200);
    expect(ids(res.body.profiles)).toEqual([one.profile.id]);
    expect(res.body.similar).toMatchObject({ count: 1, widened: ['age'] });
    expect(ids(res.body.similar.profiles)).toEqual([older.profile.id]);
  });

  it('lets visitors search only as the settings allow, with the message in their language', async () => {
    const settings = t.app.get(SettingsService);
    await search('country=NL').expect(200);
    await t.prisma.setting.upsert({
      where: { key: 'logged_out_search' },
      create: { key: 'logged_out_search', value: false },
      update: { value: false },
    });
    settings.invalidate();
    const refused = await search('country=NL').expect(403);
    expect(refused.body).toEqual({
      error: 'search_login_required',
      message: SHARED_CATALOGUES.nl.errors.search_login_required,
    });
    await t.prisma.setting.upsert({
      where: { key: 'logged_out_search_trafficsource' },
      create: { key: 'logged_out_search_trafficsource', value: true },
      update: { value: true },
    });
    settings.invalidate();
    await search('country=NL').expect(403);
    await search('country=NL&network=partner1').expect(200);
    // members always may
    const me = await loggedIn();
    await search('country=NL', me.cookie).expect(200);
    await t.prisma.setting.deleteMany({
      where: { key: { in: ['logged_out_search', 'logged_out_search_trafficsource'] } },
    });
    settings.invalidate();
  });
});
