import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loggedInMember } from './helpers/accounts';
import { useTestApp, type TestApp } from './helpers/test-app';

/** Real addresses, checked in the shipped country database (visitor-country.spec.ts). */
const GERMAN = '193.99.144.80';
const AMERICAN = '8.8.8.8';
const POLISH = '212.77.98.9';

/** The web app's own index.html as the built template: pages carry their settings inline. */
function webDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  copyFileSync(path.join(__dirname, '../../web/index.html'), path.join(dist, 'index.html'));
  return dist;
}

/** The country the site gives this request: settings.php's and the page's inlined settings. */
async function countryGiven(t: TestApp, headers: Record<string, string>) {
  let api = t.http().get('/api/settings.php?forced_domain=vonkje.nl');
  let page = t.http().get('/landers/gallery');
  for (const [name, value] of Object.entries(headers)) {
    api = api.set(name, value);
    page = page.set(name, value);
  }
  const settings = (await api.expect(200)).body.settings;
  const inline = /<script type="application\/json" id="settings-data">([^<]*)<\/script>/.exec(
    (await page.expect(200)).text,
  );
  const inlined = (JSON.parse(inline![1]) as { settings: typeof settings }).settings;
  expect(inlined.geoip_country).toBe(settings.geoip_country);
  // the prices a visitor is shown are those of this country (the web asks packages.php for it)
  expect(settings.geoip_selected_country).toBe(settings.geoip_country);
  return settings.geoip_country as string;
}

/** The country the sessions list shows for a login with these headers. */
async function sessionCountry(t: TestApp, headers: Record<string, string>) {
  const m = await loggedInMember(t);
  await t.prisma.session.deleteMany({ where: { userId: m.user.id } });
  let login = t.http().post('/api/user.php').set('X-Request-Type', 'client');
  for (const [name, value] of Object.entries(headers)) login = login.set(name, value);
  await login.send({ email: m.user.email, password: m.password }).expect(200);
  const session = await t.prisma.session.findFirstOrThrow({ where: { userId: m.user.id } });
  return session.country;
}

describe("a visitor's country when the client reaches the app itself (no trusted proxy)", () => {
  // a proxy is configured, but the test's client (127.0.0.1) is not it
  const t = useTestApp({ TRUST_PROXY: '192.0.2.7', WEB_DIST_DIR: webDist() });

  it('ignores a country header the client sends: the entry warning and prices stay those of the default country', async () => {
    expect(await countryGiven(t, { 'CF-IPCountry': 'US' })).toBe('NL');
    expect(await countryGiven(t, { 'X-GeoIP-Country': 'PL' })).toBe('NL');
    expect(await sessionCountry(t, { 'CF-IPCountry': 'US' })).toBeNull();
  });

  it('ignores an X-Forwarded-For the client writes', async () => {
    expect(await countryGiven(t, { 'X-Forwarded-For': AMERICAN })).toBe('NL');
  });
});

describe("a visitor's country behind a trusted proxy (TRUST_PROXY=1)", () => {
  const t = useTestApp({ TRUST_PROXY: '1', WEB_DIST_DIR: webDist() });

  it("believes the trusted proxy's country header", async () => {
    expect(await countryGiven(t, { 'CF-IPCountry': 'US' })).toBe('US');
    expect(await countryGiven(t, { 'X-GeoIP-Country': 'pl' })).toBe('PL');
    expect(await sessionCountry(t, { 'CF-IPCountry': 'DE' })).toBe('DE');
  });

  it('looks the client address the proxy forwards up in the country database when it sends no country', async () => {
    expect(await countryGiven(t, { 'X-Forwarded-For': GERMAN })).toBe('DE');
    expect(await countryGiven(t, { 'X-Forwarded-For': AMERICAN })).toBe('US');
    expect(await countryGiven(t, { 'X-Forwarded-For': POLISH })).toBe('PL');
    expect(await sessionCountry(t, { 'X-Forwarded-For': POLISH })).toBe('PL');
  });

  it('gives the default country to a client on a private network', async () => {
    expect(await countryGiven(t, { 'X-Forwarded-For': '192.168.1.20' })).toBe('NL');
    expect(await sessionCountry(t, { 'X-Forwarded-For': '10.0.0.8' })).toBeNull();
  });
});
