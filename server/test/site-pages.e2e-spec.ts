import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { LANDERS, STATIC_PAGES, SUPPORTED_LANGUAGES, TOKEN_PAGES } from '@app/contract';
import { SettingsService } from '../src/settings';
import { translate } from '../src/i18n/i18n';
import { seedTestMember } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

const HOST = 'vonkje.test';
const ORIGIN = `http://${HOST}`;

/** The web app's own index.html (web/index.html) as the built template. */
function webDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  copyFileSync(path.join(__dirname, '../../web/index.html'), path.join(dist, 'index.html'));
  return dist;
}

interface Head {
  lang: string | null;
  title: string;
  description: string | null;
  robots: string | null;
  canonical: string | null;
  alternates: Record<string, string>;
  og: Record<string, string>;
  hasRoot: boolean;
}

function headOf(html: string): Head {
  const { document } = new JSDOM(html).window;
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content');
  return {
    lang: document.documentElement.getAttribute('lang'),
    title: document.title,
    description: meta('meta[name="description"]') ?? null,
    robots: meta('meta[name="robots"]') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    alternates: Object.fromEntries(
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    ),
    og: Object.fromEntries(
      [...document.querySelectorAll('meta[property^="og:"]')].map((tag) => [
        tag.getAttribute('property'),
        tag.getAttribute('content'),
      ]),
    ),
    hasRoot: document.getElementById('root') !== null,
  };
}

describe('the pages the server serves (status, head, robots.txt, sitemap.xml)', () => {
  let t: TestApp;
  const get = (url: string) => t.http().get(url).set('Host', HOST);

  beforeAll(async () => {
    // loopback is a trusted proxy: the test's country header is believed
    t = await createTestApp({ WEB_DIST_DIR: webDist(), APP_URL: ORIGIN, TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  async function setSetting(key: string, value: unknown) {
    await t.prisma.setting.upsert({
      where: { key },
      create: { key, value: value as object },
      update: { value: value as object },
    });
    t.app.get(SettingsService).invalidate();
  }

  it("gives the home page the settings' title and description, indexable, in Dutch", async () => {
    const stored = await t.app.get(SettingsService).stored();
    const res = await get('/').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const head = headOf(res.text);
    expect(head.lang).toBe('nl');
    expect(head.title).toBe(`${stored.index_title} | ${stored.name}`);
    expect(head.description).toBe(stored.description);
    expect(head.robots).toBe('index,follow');
    expect(head.canonical).toBe(`${ORIGIN}/`);
    expect(head.og).toMatchObject({
      'og:title': head.title,
      'og:description': stored.description,
      'og:url': `${ORIGIN}/`,
      'og:type': 'website',
      'og:site_name': stored.name,
      'og:locale': 'nl_NL',
      'og:image': `${ORIGIN}/icons/icon-512.png`,
    });
    expect(head.hasRoot).toBe(true);
    // the template's own title and the old static noindex are gone
    expect(res.text.match(/<title>/g)).toHaveLength(1);
    expect(res.text).not.toContain('content="noindex"');
  });

  it('links every page to itself in the seven languages, Dutch at the bare address', async () => {
    const head = headOf((await get('/terms').expect(200)).text);
    expect(head.title).toBe('Algemene voorwaarden | Vonkje');
    expect(head.description).toBe(
      translate('nl', 'seo.pages-terms.description', { name: 'Vonkje' }),
    );
    expect(head.robots).toBe('index,follow');
    expect(head.canonical).toBe(`${ORIGIN}/terms`);
    expect(head.alternates).toEqual({
      nl: `${ORIGIN}/terms`,
      en: `${ORIGIN}/terms?lang=en`,
      de: `${ORIGIN}/terms?lang=de`,
      es: `${ORIGIN}/terms?lang=es`,
      fr: `${ORIGIN}/terms?lang=fr`,
      it: `${ORIGIN}/terms?lang=it`,
      pl: `${ORIGIN}/terms?lang=pl`,
      'x-default': `${ORIGIN}/terms`,
    });
  });

  it('gives each public page a title and description of its own', async () => {
    const paths = [
      '/login',
      '/signup',
      '/pricing',
      '/premium',
      ...Object.keys(STATIC_PAGES).map((name) => `/${name}`),
      ...TOKEN_PAGES.map((token) => `/${token}`),
      ...LANDERS.map((name) => `/landers/${name}`),
    ];
    const seen = new Set<string>();
    for (const url of paths) {
      const head = headOf((await get(url).expect(200)).text);
      expect([url, head.robots, head.canonical]).toEqual([url, 'index,follow', ORIGIN + url]);
      expect(head.title).toMatch(/ \| Vonkje$/);
      expect(head.description?.length).toBeGreaterThan(30);
      seen.add(`${head.title}\n${head.description}`);
    }
    expect(seen.size).toBe(paths.length);
  });

  it("points a lander's slug address at the lander itself", async () => {
    const head = headOf((await get('/landers/video/summer?ref=abc').expect(200)).text);
    expect(head.canonical).toBe(`${ORIGIN}/landers/video`);
    expect(head.alternates.de).toBe(`${ORIGIN}/landers/video?lang=de`);
  });

  it('shows ?lang=de in German, with <html lang="de"> and its own address as canonical', async () => {
    const res = await get('/privacy?lang=de').expect(200);
    const head = headOf(res.text);
    expect(head.lang).toBe('de');
    expect(head.title).toBe('Datenschutzerklärung | Vonkje');
    expect(head.description).toBe(
      translate('de', 'seo.pages-privacy.description', { name: 'Vonkje' }),
    );
    expect(head.canonical).toBe(`${ORIGIN}/privacy?lang=de`);
    expect(head.og['og:locale']).toBe('de_DE');
    expect(res.headers.vary).toMatch(/Cookie/i);
  });

  it('follows the locale cookie without ?lang=, and ?lang= over the cookie', async () => {
    const french = headOf((await get('/faq').set('Cookie', 'locale=fr').expect(200)).text);
    expect([french.lang, french.title]).toEqual(['fr', 'Foire aux questions | Vonkje']);
    expect(french.canonical).toBe(`${ORIGIN}/faq?lang=fr`);
    const polish = headOf((await get('/faq?lang=pl').set('Cookie', 'locale=fr').expect(200)).text);
    expect(polish.lang).toBe('pl');
    const unknown = headOf((await get('/faq?lang=xx').expect(200)).text);
    expect(unknown.lang).toBe('nl');
  });

  it("makes a domain's own language the bare address and the x-default", async () => {
    await setSetting('domain_languages', { 'vonkje.de': 'de-DE' });
    try {
      const res = await t.http().get('/cookies').set('Host', 'vonkje.de').expect(200);
      const head = headOf(res.text);
      expect([head.lang, head.title]).toEqual(['de', 'Cookie-Richtlinie | Vonkje']);
      expect(head.canonical).toBe('http://vonkje.de/cookies');
      expect(head.alternates.de).toBe('http://vonkje.de/cookies');
      expect(head.alternates.nl).toBe('http://vonkje.de/cookies?lang=nl');
      expect(head.alternates['x-default']).toBe('http://vonkje.de/cookies');
    } finally {
      await setSetting('domain_languages', {});
    }
  });

  it('inlines the settings answer the page would ask for, escaped so it cannot end its element', async () => {
    await setSetting('description', '</script><script>alert(3)</script>');
    try {
      const res = await get('/members').set('cf-ipcountry', 'DE').expect(200);
      const block = /<script type="application\/json" id="settings-data">([^<]*)<\/script>/.exec(
        res.text,
      );
      expect(block).not.toBeNull();
      const api = await get(`/api/settings.php?forced_domain=${HOST.split(':')[0]}`)
        .set('cf-ipcountry', 'DE')
        .expect(200);
      const inline = JSON.parse(block![1]) as { settings: Record<string, unknown> };
      expect(inline.settings.geoip_country).toBe('DE');
      expect(inline).toEqual(api.body);
      expect(res.text).not.toContain('<script>alert(3)');
    } finally {
      await t.prisma.setting.deleteMany({ where: { key: 'description' } });
      t.app.get(SettingsService).invalidate();
    }
  });

  it("escapes the settings' texts in the head", async () => {
    await setSetting('index_title', '<script>alert(1)</script> & "quotes"');
    await setSetting('description', '"><script>alert(2)</script>');
    try {
      const res = await get('/').expect(200);
      expect(res.text).not.toContain('<script>alert');
      expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
      const head = headOf(res.text);
      expect(head.title).toBe('<script>alert(1)</script> & "quotes" | Vonkje');
      expect(head.description).toBe('"><script>alert(2)</script>');
    } finally {
      await t.prisma.setting.deleteMany({ where: { key: { in: ['index_title', 'description'] } } });
      t.app.get(SettingsService).invalidate();
    }
  });

  it('keeps the members area, the account pages and the console out of search engines', async () => {
    for (const url of ['/members', '/chats', '/likes', '/credits', '/account', '/admin/members']) {
      const head = headOf((await get(url).expect(200)).text);
      expect([url, head.robots, head.alternates]).toEqual([url, 'noindex', {}]);
      expect(head.hasRoot).toBe(true);
    }
  });

  it('answers an unknown address with 404 and the app (its 404 page), not indexed', async () => {
    for (const url of ['/no-such-page', '/landers/nope', '/terms/extra', '/admin/nothing-here']) {
      const res = await get(url).expect(404);
      const head = headOf(res.text);
      expect([url, head.robots, head.canonical]).toEqual([url, 'noindex', null]);
      expect(head.title).toBe('Pagina niet gevonden | Vonkje');
      expect(head.hasRoot).toBe(true);
    }
    const german = headOf((await get('/no-such-page?lang=de').expect(404)).text);
    expect(german.title).toBe('Seite nicht gefunden | Vonkje');
  });

  describe("a member's pages", () => {
    const pagesOf = (id: number | string) => [
      `/members/${id}`,
      `/members/${id}/signup`,
      `/members/${id}/chat`,
      `/members/${id}/landing`,
      `/members/${id}/landing2`,
      `/members/${id}/landing3/summer`,
      `/likes/m/${id}`,
    ];

    it('are there (not indexed) while the member is', async () => {
      const { profile } = await seedTestMember(t);
      for (const url of pagesOf(profile.id)) {
        const head = headOf((await get(url).expect(200)).text);
        expect([url, head.robots]).toEqual([url, 'noindex']);
      }
    });

    it('are gone (410) once the member deleted the account, and for a banned member', async () => {
      const deleted = await seedTestMember(t, { status: 'deleted' });
      const banned = await seedTestMember(t, { status: 'banned' });
      for (const { profile } of [deleted, banned]) {
        for (const url of pagesOf(profile.id)) {
          const res = await get(url);
          expect([url, res.status]).toEqual([url, 410]);
          const head = headOf(res.text);
          expect(head.robots).toBe('noindex');
          expect(head.title).toBe('Profiel niet meer beschikbaar | Vonkje');
        }
      }
    });

    it('cost one query, by primary key, whatever the page', async () => {
      const { profile } = await seedTestMember(t);
      await get('/').expect(200); // the settings are read (and cached) once
      const queries = jest.spyOn(t.prisma.pool, 'query');
      try {
        await get(`/members/${profile.id}/landing2/x`).expect(200);
        expect(queries).toHaveBeenCalledTimes(1);
        await get('/terms').expect(200);
        expect(queries).toHaveBeenCalledTimes(1);
      } finally {
        queries.mockRestore();
      }
      const plan = await t.prisma.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT u.status FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.id = ${profile.id}`,
      );
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/profiles_pkey/);
    });

    it('are not found (404) for an id no member ever had, or that is not an id', async () => {
      const { _max } = await t.prisma.profile.aggregate({ _max: { id: true } });
      const never = (_max.id ?? 0) + 1000;
      for (const id of [never, 'abc', '0', '012', '99999999999', '-1']) {
        for (const url of pagesOf(id)) {
          const res = await get(url);
          expect([url, res.status]).toEqual([url, 404]);
        }
      }
    });
  });

  it('redirects /callback to the login page and the old /pages/<name> links for good', async () => {
    const callback = await get('/callback?code=x').expect(302);
    expect(callback.headers.location).toBe('/login');
    const legacy = await get('/pages/terms').expect(301);
    expect(legacy.headers.location).toBe('/terms');
    const withQuery = await get('/pages/faq?lang=en').expect(301);
    expect(withQuery.headers.location).toBe('/faq?lang=en');
    await get('/pages/about').expect(404);
    await get('/pages/nothing').expect(404);
  });

  it('serves robots.txt: public pages allowed, the members area and the API not', async () => {
    const res = await get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const disallowed = lines
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toEqual(
      expect.arrayContaining([
        '/api/',
        '/admin',
        '/members',
        '/chats',
        '/likes',
        '/credits',
        '/account',
        '/profile',
      ]),
    );
    const publicPages = [
      '/',
      '/login',
      '/signup',
      '/terms',
      '/about',
      '/landers/video',
      '/pricing',
    ];
    for (const page of publicPages) {
      expect([page, disallowed.filter((prefix) => page.startsWith(prefix))]).toEqual([page, []]);
    }
  });

  it('serves sitemap.xml: each public page in each language with its alternates', async () => {
    const res = await get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const { DOMParser } = new JSDOM('').window;
    const xml = new DOMParser().parseFromString(res.text, 'application/xml');
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    const urls = [...xml.getElementsByTagName('url')];
    const locs = urls.map((url) => url.getElementsByTagName('loc')[0].textContent);
    // home, login, signup, premium, pricing, the static and token pages, the landers
    const pages = 5 + Object.keys(STATIC_PAGES).length + TOKEN_PAGES.length + LANDERS.length;
    expect(locs).toHaveLength(pages * SUPPORTED_LANGUAGES.length);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/terms`,
        `${ORIGIN}/terms?lang=de`,
        `${ORIGIN}/about`,
        `${ORIGIN}/landers/tinderswipe`,
      ]),
    );
    expect(locs.filter((loc) => /\/(members|chats|likes|admin|credits)/.test(loc ?? ''))).toEqual(
      [],
    );
    for (const url of urls) {
      expect(url.getElementsByTagName('lastmod')[0].textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const links = [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')];
      expect(links.map((link) => link.getAttribute('hreflang'))).toEqual([
        ...SUPPORTED_LANGUAGES,
        'x-default',
      ]);
    }
  });

  it('leaves other methods on robots.txt and longer paths to the pages', async () => {
    await t
      .http()
      .post('/robots.txt')
      .set('Host', HOST)
      .set('X-Request-Type', 'client')
      .expect(404);
    await get('/robots.txt/x').expect(404);
  });
});
