import { SUPPORTED_COUNTRIES } from '@app/contract';
import { SettingsService } from '../src/settings/settings.service';
import { staffCookie } from './helpers/staff';
import { useTestApp } from './helpers/test-app';

/** Every Settings field of SPEC point 3, word for word. */
const SPEC_SETTINGS_FIELDS = [
  'countries',
  'name',
  'index_title',
  'description',
  'visible_profile_fields',
  'visible_profile_notes',
  'geoip_country',
  'geoip_selected_country',
  'cdn_prefix',
  'message_credits',
  'signup_credits',
  'photo_credits',
  'gift_credits',
  'message_length',
  'minimum_message_costs',
  'support_email',
  'support_phone',
  'enable_site_entry_popup',
  'push_public_key',
  'search_fields',
  'domain',
  'domain_language',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'refund_days',
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'interests',
  'member_resell',
  'region_data',
];

describe('site settings and reference data', () => {
  const t = useTestApp();

  it('returns every Settings field the spec lists, with values', async () => {
    const res = await t.http().get('/api/settings.php?forced_domain=vonkje.nl').expect(200);
    const { settings } = res.body;
    for (const field of SPEC_SETTINGS_FIELDS) {
      expect(settings).toHaveProperty(field);
    }
    expect(settings.countries.map((c: { code: string }) => c.code).sort()).toEqual(
      [...SUPPORTED_COUNTRIES].sort(),
    );
    expect(settings.interests.length).toBeGreaterThanOrEqual(45);
    expect(settings.domain).toBe('vonkje.nl');
    expect(settings.domain_language).toBe('nl-NL');
    expect(res.body.domain_language).toBe('nl-NL');
    expect(settings.geoip_country).toBe('NL');
    expect(settings.fictional_warning).toMatch(/chatmaatje/i);
    expect(settings.signups).toMatch(/^(all|with_trafficsource|disabled)$/);
    expect(settings.region_data.CH.label).toBe('canton');
    expect(settings.min_age).toBeGreaterThanOrEqual(18);
    expect(settings.partner_redirect_url).toBe('');
  });

  it('takes the language of a domain from its forced_domain value and passes page parameters', async () => {
    await t.prisma.setting.upsert({
      where: { key: 'domain_languages' },
      create: { key: 'domain_languages', value: { 'vonkje.de': 'de-DE' } },
      update: { value: { 'vonkje.de': 'de-DE' } },
    });
    t.app.get(SettingsService).invalidate();
    const res = await t.http().get('/api/settings.php?forced_domain=vonkje.de&country=at&ref=abc');
    expect(res.status).toBe(200);
    expect(res.body.domain_language).toBe('de-DE');
    expect(res.body.settings.geoip_country).toBe('DE');
    expect(res.body.settings.geoip_selected_country).toBe('AT');
  });

  it('never gives a minimum age below 18, whatever is stored', async () => {
    const seeded = await t.prisma.setting.findUnique({ where: { key: 'min_age' } });
    for (const stored of [16, '0', 'x', 21]) {
      await t.prisma.setting.upsert({
        where: { key: 'min_age' },
        create: { key: 'min_age', value: stored },
        update: { value: stored },
      });
      t.app.get(SettingsService).invalidate();
      const res = await t.http().get('/api/settings.php').expect(200);
      expect(res.body.settings.min_age).toBe(stored === 21 ? 21 : 18);
    }
    if (seeded)
      await t.prisma.setting.update({
        where: { key: 'min_age' },
        data: { value: seeded.value as number },
      });
    else await t.prisma.setting.deleteMany({ where: { key: 'min_age' } });
    t.app.get(SettingsService).invalidate();
  });

  it('gives the pages the chat history limit an admin set, in whole days, at least one', async () => {
    const admin = await staffCookie(t, ['admin']);
    const change = (chat_history_days: number) =>
      t
        .http()
        .put('/api/staff/settings')
        .set('Cookie', admin)
        .set('X-Request-Type', 'client')
        .send({ chat_history_days });
    expect((await t.http().get('/api/settings.php').expect(200)).body.settings).toMatchObject({
      chat_history_days: 365,
    });
    await change(90).expect(200);
    expect((await t.http().get('/api/settings.php').expect(200)).body.settings).toMatchObject({
      chat_history_days: 90,
    });
    // what an operator stored by hand: whole days, at least one, as the chat reads it
    for (const [stored, read] of [
      ['0', 1],
      ['x', 365],
      [30.5, 30],
    ] as const) {
      await t.prisma.setting.upsert({
        where: { key: 'chat_history_days' },
        create: { key: 'chat_history_days', value: stored },
        update: { value: stored },
      });
      t.app.get(SettingsService).invalidate();
      expect((await t.http().get('/api/settings.php').expect(200)).body.settings).toMatchObject({
        chat_history_days: read,
      });
    }
    await change(365).expect(200);
  });

  it('lists regions, with the fixed region label, for all 15 supported countries', async () => {
    const res = await t.http().get('/api/regions.php').expect(200);
    const countries: { code: string; region_label: string; regions: unknown[] }[] =
      res.body.countries;
    expect(countries).toHaveLength(15);
    for (const country of countries) {
      expect(country.regions.length).toBeGreaterThan(0);
    }
    const nl = countries.find((c) => c.code === 'NL');
    expect(nl?.region_label).toBe('province');
    expect(nl?.regions).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: expect.stringMatching(/Utrecht/) })]),
    );
    expect(countries.find((c) => c.code === 'US')?.region_label).toBe('state');
  });

  it('filters regions by country', async () => {
    const res = await t.http().get('/api/regions.php?country=ch').expect(200);
    expect(res.body.countries).toHaveLength(1);
    expect(res.body.countries[0].code).toBe('CH');
  });

  it('answers an unsupported country with no regions', async () => {
    const res = await t.http().get('/api/regions.php?country=zz').expect(200);
    expect(res.body.countries).toEqual([]);
  });

  it('shows a company info change after the settings cache is invalidated', async () => {
    const before = await t.http().get('/api/companyinfo.php').expect(200);
    await t.prisma.companyInfo.update({
      where: { id: 1 },
      data: { supportPhone: '+31 6 1234 5678' },
    });
    // cached reference data: the old value until the cache is dropped (or 10 s pass)
    expect((await t.http().get('/api/companyinfo.php')).body).toEqual(before.body);
    t.app.get(SettingsService).invalidate();
    const after = await t.http().get('/api/companyinfo.php').expect(200);
    expect(after.body.companyinfo.support_phone).toBe('+31 6 1234 5678');
  });

  it('lists about fifty interests, each with an icon', async () => {
    const res = await t.http().get('/api/interests.php').expect(200);
    expect(res.body.interests.length).toBeGreaterThanOrEqual(45);
    for (const interest of res.body.interests) {
      expect(interest.slug).toMatch(/^[a-z_]+$/);
      expect(interest.icon).toBeTruthy();
    }
  });

  it('returns the company info', async () => {
    const res = await t.http().get('/api/companyinfo.php').expect(200);
    const info = res.body.companyinfo;
    for (const field of [
      'name',
      'address',
      'kvk',
      'city',
      'country',
      'tradenames',
      'vat_numbers',
      'support_phone',
      'delete_discount',
      'added',
    ]) {
      expect(info).toHaveProperty(field);
    }
    expect(info.kvk).toMatch(/^\d{8}$/);
  });
});
