import {
  INTERESTS_MAX,
  ABOUT_MAX_LENGTH,
  SHARED_CATALOGUES,
  SUPPORTED_LANGUAGES,
  citiesResponse,
  ownProfileResponse,
} from '@app/contract';
import { seedMember, seedStaff, type SeedMemberOptions } from '../../prisma/seed/member';
import { signupBody } from './helpers/accounts';
import { sessionCookie } from './helpers/mail-app';
import { useTestApp } from './helpers/test-app';

describe('the own profile: GET and PUT /api/profile.php', () => {
  const t = useTestApp();

  const prisma = () => t.seedClient;

  async function login(email: string | null, password: string | null) {
    const res = await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ email, password })
      .expect(200);
    return sessionCookie(res);
  }

  async function member(options: SeedMemberOptions = {}) {
    const m = await seedMember(prisma(), { passwordCost: 4, ...options });
    return { ...m, cookie: await login(m.user.email, m.password) };
  }

  const get = (cookie: string) => t.http().get('/api/profile.php').set('Cookie', cookie);
  const put = (cookie: string, body: Record<string, unknown>) =>
    t
      .http()
      .put('/api/profile.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send(body);

  async function region(country: string, name: string) {
    return t.prisma.region.findFirstOrThrow({ where: { countryCode: country, name } });
  }
  async function city(country: string, name: string) {
    return t.prisma.city.findFirstOrThrow({ where: { countryCode: country, name } });
  }

  /** A complete, valid form: every field of the editor. */
  async function fullForm(overrides: Record<string, unknown> = {}) {
    const haarlem = await city('NL', 'Haarlem');
    return {
      name: 'Roos',
      gender: 'female',
      seeking_gender: 'male',
      date_of_birth: '1990-04-12',
      country: 'NL',
      region_id: haarlem.regionId,
      city_id: haarlem.id,
      sexuality: 'bi',
      hair_color: 'dark_blond',
      eye_color: 'hazel',
      body_type: 'slim',
      relationship_status: 'divorced',
      tattoos: true,
      signup_reason: 'relationship',
      about: 'Ik wandel graag langs de duinen.\nEn ik kook voor vrienden.',
      interests: ['hiking', 'cooking', 'music'],
      invisible: true,
      privacy_mode: true,
      ...overrides,
    };
  }

  it('refuses a visitor with 403 authentication_required, reading and saving alike', async () => {
    const read = await t.http().get('/api/profile.php').expect(403);
    expect(read.body.error).toBe('authentication_required');
    const save = await t
      .http()
      .put('/api/profile.php')
      .set('X-Request-Type', 'client')
      .send(await fullForm())
      .expect(403);
    expect(save.body.error).toBe('authentication_required');
  });

  it('shows the member their own profile with the date of birth and the age derived from it', async () => {
    const m = await member({
      name: 'Sanne',
      gender: 'female',
      dateOfBirth: new Date(Date.UTC(1988, 2, 9)),
      city: 'Utrecht',
      interests: ['yoga', 'wine'],
      profile: { hairColor: 'red', tattoos: false, about: 'Hallo' },
    });
    const res = await get(m.cookie).expect(200);
    expect(ownProfileResponse.safeParse(res.body).success).toBe(true);
    const now = new Date();
    const birthdayPassed =
      now.getUTCMonth() > 2 || (now.getUTCMonth() === 2 && now.getUTCDate() >= 9);
    expect(res.body.profile).toMatchObject({
      id: m.profile.id,
      name: 'Sanne',
      status: 'active',
      gender: 'female',
      date_of_birth: '1988-03-09',
      age: now.getUTCFullYear() - 1988 - (birthdayPassed ? 0 : 1),
      country: 'NL',
      city: 'Utrecht',
      city_id: m.profile.cityId,
      region_id: m.profile.regionId,
      hair_color: 'red',
      tattoos: false,
      eye_color: null,
      about: 'Hallo',
      invisible: false,
      privacy_mode: false,
      fictional: false,
    });
    // in the interests' own order (yoga comes before wine in the list)
    expect(res.body.profile.interests).toEqual(['yoga', 'wine']);
  });

  it('saves every field in one call and answers what a later read gives', async () => {
    const m = await member({ name: 'Sanne', gender: 'male' });
    const form = await fullForm();
    const saved = await put(m.cookie, form).expect(200);
    expect(ownProfileResponse.safeParse(saved.body).success).toBe(true);
    const { interests: _interests, ...fields } = form;
    expect(saved.body.profile).toMatchObject({ ...fields, city: 'Haarlem' });
    expect(saved.body.profile.region).toBe('Noord-Holland');
    // the interests in the list's own order, not the order sent
    expect(saved.body.profile.interests).toEqual(['hiking', 'music', 'cooking']);
    const read = await get(m.cookie).expect(200);
    expect(read.body).toEqual(saved.body);

    const row = await t.prisma.profile.findUniqueOrThrow({ where: { id: m.profile.id } });
    expect(row).toMatchObject({
      name: 'Roos',
      gender: 'female',
      seekingGender: 'male',
      invisible: true,
      privacyMode: true,
      hairColor: 'dark_blond',
      relationshipStatus: 'divorced',
    });
    expect(row.dateOfBirth.toISOString()).toBe('1990-04-12T00:00:00.000Z');
  });

  it('clears the optional fields that are sent empty', async () => {
    const m = await member({ interests: ['gym'], profile: { about: 'Oud', tattoos: true } });
    await put(m.cookie, await fullForm()).expect(200);
    const res = await put(m.cookie, {
      name: 'Roos',
      gender: 'female',
      date_of_birth: '1990-04-12',
      country: 'BE',
      about: '   ',
      sexuality: null,
      tattoos: null,
    }).expect(200);
    expect(res.body.profile).toMatchObject({
      country: 'BE',
      region_id: null,
      city_id: null,
      region: null,
      city: null,
      seeking_gender: null,
      sexuality: null,
      tattoos: null,
      about: null,
      interests: [],
      invisible: false,
      privacy_mode: false,
    });
  });

  it('takes the region of a city sent without one', async () => {
    const m = await member();
    const utrecht = await city('NL', 'Utrecht');
    const res = await put(m.cookie, await fullForm({ region_id: null, city_id: utrecht.id }));
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ city_id: utrecht.id, region_id: utrecht.regionId });
  });

  it('removes invisible formatting characters from the name, as signup does', async () => {
    const m = await member();
    const res = await put(m.cookie, await fullForm({ name: 'Ro\u200Bos\u202E ' })).expect(200);
    expect(res.body.profile.name).toBe('Roos');
  });

  it('keeps the status of a profile: saving does not bring back one taken offline', async () => {
    const hidden = await member({ profileStatus: 'hidden' });
    expect((await put(hidden.cookie, await fullForm()).expect(200)).body.profile.status).toBe(
      'hidden',
    );
    const unconfirmed = await member({ status: 'not_confirmed' });
    expect((await put(unconfirmed.cookie, await fullForm()).expect(200)).body.profile.status).toBe(
      'disabled',
    );
  });

  describe('refuses what the editor refuses, with the code and field, and changes nothing', () => {
    const cases: [string, () => Promise<Record<string, unknown>>, string, string, string | null][] =
      [
        [
          'a name starting with @',
          async () => ({ name: '@roos' }),
          'invalid_name_at',
          'name',
          null,
        ],
        [
          'a name that is an e-mail address',
          async () => ({ name: 'roos@example.com' }),
          'invalid_name_email',
          'name',
          'Je profielnaam moet anders zijn dan je e-mailadres',
        ],
        [
          'a name of invisible characters only',
          async () => ({ name: '\u200B\u200D' }),
          'validation_failed',
          'name',
          null,
        ],
        [
          'an empty date of birth',
          async () => ({ date_of_birth: '' }),
          'birthdate_required',
          'date_of_birth',
          'Vul uw geboortedatum in (18+ jaar)',
        ],
        [
          'a member younger than the minimum age',
          async () => ({ date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` }),
          'birthdate_required',
          'date_of_birth',
          null,
        ],
        [
          'a date that does not exist',
          async () => ({ date_of_birth: '1990-02-30' }),
          'invalid_birthdate',
          'date_of_birth',
          'Ongeldige geboortedatum.',
        ],
        [
          'a date in the future',
          async () => ({ date_of_birth: `${new Date().getUTCFullYear() + 1}-01-01` }),
          'invalid_birthdate',
          'date_of_birth',
          null,
        ],
        [
          'an unsupported country',
          async () => ({ country: 'XX', region_id: null, city_id: null }),
          'validation_failed',
          'country',
          null,
        ],
        [
          'a region of another country',
          async () => ({ region_id: (await region('DE', 'Berlin')).id, city_id: null }),
          'invalid_region',
          'region_id',
          'Kies een regio van het gekozen land.',
        ],
        [
          'a city of another region',
          async () => ({ city_id: (await city('NL', 'Utrecht')).id }),
          'invalid_city',
          'city_id',
          'Kies een plaats in de gekozen regio.',
        ],
        [
          'a city of another country without a region',
          async () => ({ region_id: null, city_id: (await city('BE', 'Antwerpen')).id }),
          'invalid_city',
          'city_id',
          null,
        ],
        [
          'a city that does not exist',
          async () => ({ region_id: null, city_id: 2_000_000_000 }),
          'invalid_city',
          'city_id',
          null,
        ],
        [
          'an unknown interest',
          async () => ({ interests: ['hiking', 'stamps-of-mars'] }),
          'invalid_interest',
          'interests',
          'Kies alleen interesses uit de lijst.',
        ],
      ];

    it.each(cases)('refuses %s', async (_what, change, code, field, message) => {
      const m = await member({ name: 'Vera', city: 'Haarlem', interests: ['gym'] });
      const before = (await get(m.cookie).expect(200)).body;
      const res = await put(m.cookie, await fullForm(await change())).expect(400);
      expect(res.body.error).toBe(code);
      expect(res.body.field).toBe(field);
      if (message) expect(res.body.message).toBe(message);
      expect((await get(m.cookie).expect(200)).body).toEqual(before);
    });

    it('refuses a region or city id beyond the database as malformed, naming the field', async () => {
      const m = await member({ name: 'Vera', city: 'Haarlem' });
      for (const field of ['region_id', 'city_id']) {
        const res = await put(m.cookie, await fullForm({ [field]: 2_147_483_648 })).expect(400);
        expect(res.body.error).toBe('validation_failed');
        expect(res.body.issues).toEqual([expect.objectContaining({ field })]);
      }
    });

    it('refuses a name holding a web address, an e-mail address or a phone number, in the member’s language', async () => {
      const m = await member({ name: 'Vera', city: 'Haarlem' });
      const before = (await get(m.cookie).expect(200)).body;
      for (const language of SUPPORTED_LANGUAGES) {
        await t.prisma.user.update({ where: { id: m.user.id }, data: { language } });
        for (const [name, code] of [
          ['https://vonkje-verify.example/login', 'invalid_name_link'],
          ['www.vonkje-verify.example', 'invalid_name_link'],
          ['Vera vera@vonkje-verify.example', 'invalid_name_link'],
          ['Vera +31 6 12345678', 'invalid_name_phone'],
        ] as const) {
          const res = await put(m.cookie, await fullForm({ name })).expect(400);
          expect(res.body).toMatchObject({
            error: code,
            field: 'name',
            message: SHARED_CATALOGUES[language].errors[code],
          });
        }
      }
      expect((await get(m.cookie).expect(200)).body).toEqual(before);
    });

    it('refuses its own e-mail address as a name, whatever its case', async () => {
      const m = await member({ email: `Vera.${Date.now()}@example.test` });
      const res = await put(m.cookie, await fullForm({ name: m.user.email?.toUpperCase() }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_name_email', field: 'name' });
    });

    it(`refuses more than ${INTERESTS_MAX} interests and an about-me over ${ABOUT_MAX_LENGTH} characters`, async () => {
      const m = await member({ interests: ['gym'] });
      const slugs = (await t.prisma.interest.findMany({ select: { slug: true } })).map(
        (i) => i.slug,
      );
      const tooMany = await put(
        m.cookie,
        await fullForm({ interests: slugs.slice(0, INTERESTS_MAX + 1) }),
      ).expect(400);
      expect(tooMany.body.error).toBe('validation_failed');
      expect(tooMany.body.issues).toEqual([{ field: 'interests', message: expect.any(String) }]);
      const long = await put(
        m.cookie,
        await fullForm({ about: 'a'.repeat(ABOUT_MAX_LENGTH + 1) }),
      ).expect(400);
      expect(long.body.issues).toEqual([{ field: 'about', message: expect.any(String) }]);
      expect((await get(m.cookie).expect(200)).body.profile.interests).toEqual(['gym']);
    });

    it('saves INTERESTS_MAX interests, and each chosen twice once', async () => {
      const m = await member();
      const slugs = (
        await t.prisma.interest.findMany({ select: { slug: true }, orderBy: { position: 'asc' } })
      ).map((i) => i.slug);
      const chosen = slugs.slice(0, INTERESTS_MAX);
      const res = await put(m.cookie, await fullForm({ interests: chosen }));
      expect(res.status).toBe(200);
      expect(res.body.profile.interests).toEqual(chosen);
      const twice = await put(m.cookie, await fullForm({ interests: ['gym', 'yoga', 'gym'] }));
      expect(twice.body.profile.interests).toEqual(['gym', 'yoga']);
    });
  });

  it('answers 404 not_found to a staff account, which has no profile', async () => {
    const staff = await seedStaff(prisma(), { roles: ['moderator'], passwordCost: 4 });
    const cookie = await login(staff.user.email, staff.password);
    expect((await get(cookie).expect(404)).body.error).toBe('not_found');
    expect((await put(cookie, await fullForm()).expect(404)).body.error).toBe('not_found');
  });

  it('holds the same name rules at signup: an e-mail address as a name is refused there too', async () => {
    const res = await t
      .http()
      .post('/api/signup.php')
      .set('X-Request-Type', 'client')
      .send(signupBody({ name: 'iemand@example.com' }))
      .expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_name_email', field: 'name' });
  });
});

describe('GET /api/cities.php', () => {
  const t = useTestApp();

  it("answers a region's cities by name, and only those", async () => {
    const utrecht = await t.prisma.region.findFirstOrThrow({
      where: { countryCode: 'NL', name: 'Utrecht' },
    });
    const res = await t.http().get(`/api/cities.php?region=${utrecht.id}`).expect(200);
    expect(citiesResponse.safeParse(res.body).success).toBe(true);
    expect(res.body.region_id).toBe(utrecht.id);
    const names = res.body.cities.map((c: { name: string }) => c.name);
    expect(names).toContain('Utrecht');
    expect(names).toContain('Amersfoort');
    expect(names).not.toContain('Haarlem');
    expect(res.body.cities).toHaveLength(
      await t.prisma.city.count({ where: { regionId: utrecht.id } }),
    );
  });

  it('answers an empty list for a region that does not exist', async () => {
    const res = await t.http().get('/api/cities.php?region=2000000000').expect(200);
    expect(res.body).toEqual({ region_id: 2_000_000_000, cities: [] });
  });

  it('refuses a region that is not an id', async () => {
    for (const region of ['abc', '0', '1e3', '99999999999', '']) {
      const res = await t.http().get(`/api/cities.php?region=${region}`).expect(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });
});
