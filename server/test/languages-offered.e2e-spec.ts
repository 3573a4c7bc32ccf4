import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { SHARED_CATALOGUES, staffSettingsResponse } from '@app/contract';
import { SETTINGS } from '../../prisma/data/settings';
import { SettingsService } from '../src/settings';
import { chatMember, type ChatMember } from './helpers/chat';
import { createMailTestApp, type MailTestApp } from './helpers/mail-app';
import { waitForMail } from './helpers/smtp';
import { cookieOf, staffAccount } from './helpers/staff';
import { takeChallenge } from './helpers/challenge';

const HOST = 'site.test';

/** The web app's own index.html (web/index.html) as the built template. */
function webDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  copyFileSync(path.join(__dirname, '../../web/index.html'), path.join(dist, 'index.html'));
  return dist;
}

/**
 * The languages offered (issue 34, item 7; SPEC point 1 "only nl is available as a choice"): an
 * admin setting, nl only on a new site, which the pages, the language detection, the member's
 * choice, their mails and their messages follow; the other six switched on in the console. The
 * test database offers all seven (seed-template.ts): each test here states the list it needs.
 */
describe('the languages the site offers (languages_offered)', () => {
  let t: MailTestApp;
  let admin: string;
  let member: ChatMember;

  beforeAll(async () => {
    t = await createMailTestApp({ WEB_DIST_DIR: webDist() });
    admin = await cookieOf(await staffAccount(t, ['admin']), t);
    member = await chatMember(t);
  });
  afterAll(() => t.close());

  /** The setting as a new site has it: no row, the default. */
  async function newSite() {
    await t.prisma.setting.deleteMany({ where: { key: 'languages_offered' } });
    t.app.get(SettingsService).invalidate();
    await settings();
  }
  /** The public settings; reading them also brings every reader of the settings up to date. */
  async function settings() {
    return (await t.http().get('/api/settings.php').expect(200)).body.settings as {
      languages_offered: string[];
    };
  }
  const put = (path: string, body: object, cookie: string) =>
    t.http().put(path).set('X-Request-Type', 'client').set('Cookie', cookie).send(body);
  async function offer(languages: string[]) {
    await put('/api/staff/settings', { languages_offered: languages }, admin).expect(200);
    await settings();
  }
  const page = (url: string, cookie?: string, acceptLanguage?: string) => {
    const req = t.http().get(url).set('Host', HOST);
    if (cookie) req.set('Cookie', cookie);
    if (acceptLanguage) req.set('Accept-Language', acceptLanguage);
    return req.expect(200);
  };
  function headOf(html: string) {
    const { document } = new JSDOM(html).window;
    return {
      lang: document.documentElement.getAttribute('lang'),
      hreflangs: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) =>
        link.getAttribute('hreflang'),
      ),
    };
  }
  /** The subject of the password reset mail the member asks for now (as sent: maybe encoded). */
  async function resetSubject(email: string): Promise<string> {
    t.smtp.mails.length = 0;
    await t.post('/api/reset-password.php', { email, altcha: takeChallenge() }).expect(200);
    const mail = await waitForMail(t.smtp.mails, email, /./);
    return /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';
  }

  it('offers Dutch only on a new site, as the seed stores it', async () => {
    expect(SETTINGS.languages_offered).toEqual(['nl']);
    await newSite();
    expect((await settings()).languages_offered).toEqual(['nl']);
    const res = await t.http().get('/api/staff/settings').set('Cookie', admin).expect(200);
    expect(staffSettingsResponse.parse(res.body).settings.languages_offered).toEqual(['nl']);
  });

  it('with Dutch only, a ?lang= address, a locale cookie or Accept-Language of another language gets Dutch pages, and no other language is listed for search engines', async () => {
    await newSite();
    expect(headOf((await page('/terms?lang=de')).text).lang).toBe('nl');
    expect(headOf((await page('/terms', 'locale=en')).text).lang).toBe('nl');
    expect(headOf((await page('/terms', undefined, 'fr-FR,fr;q=0.9')).text)).toEqual({
      lang: 'nl',
      hreflangs: ['nl', 'x-default'],
    });
    const sitemap = (await page('/sitemap.xml')).text;
    expect(sitemap).not.toContain('?lang=');
    expect(sitemap).not.toMatch(/hreflang="(en|de|es|fr|it|pl)"/);
    // a visitor's error message too
    const refused = await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .set('Accept-Language', 'de')
      .send({ email: 'niemand@example.test', password: 'fout-wachtwoord' })
      .expect(401);
    expect(refused.body.message).toBe(SHARED_CATALOGUES.nl.errors.login_failed);
  });

  it("refuses a member's choice of a language not offered with 400 in their language, and keeps their language", async () => {
    await newSite();
    const res = await put('/api/user.php', { language: 'de' }, member.cookie).expect(400);
    expect(res.body).toMatchObject({
      error: 'language_not_offered',
      field: 'language',
      message: SHARED_CATALOGUES.nl.errors.language_not_offered,
    });
    const me = await t.http().get('/api/user.php').set('Cookie', member.cookie).expect(200);
    expect(me.body.user.language).toBe('nl');
  });

  it('shows a member whose stored language is no longer offered Dutch (messages and mails), keeps their preference, and speaks it again once an admin offers it', async () => {
    const german = await chatMember(t, { language: 'de' });
    await newSite();
    const notOffered = await put('/api/user.php', { language: 'pl' }, german.cookie).expect(400);
    expect(notOffered.body.message).toBe(SHARED_CATALOGUES.nl.errors.language_not_offered);
    expect(await resetSubject(german.user.email as string)).toMatch(/Nieuw.wachtwoord/);
    const me = await t.http().get('/api/user.php').set('Cookie', german.cookie).expect(200);
    expect(me.body.user.language).toBe('de');

    await offer(['nl', 'de']);
    expect((await settings()).languages_offered).toEqual(['nl', 'de']);
    const offered = await put('/api/user.php', { language: 'pl' }, german.cookie).expect(400);
    expect(offered.body.message).toBe(SHARED_CATALOGUES.de.errors.language_not_offered);
    expect(await resetSubject(german.user.email as string)).toMatch(/Neues.Passwort/);
    expect(headOf((await page('/terms', 'locale=de')).text)).toEqual({
      lang: 'de',
      hreflangs: ['nl', 'de', 'x-default'],
    });
    // and a member may now choose it
    await put('/api/user.php', { language: 'de' }, member.cookie).expect(200);
  });

  it("audits an admin's change with before and after, and lists the languages in the site's order", async () => {
    await newSite();
    await offer(['pl', 'nl', 'en']);
    expect((await settings()).languages_offered).toEqual(['nl', 'en', 'pl']);
    const [row] = await t.prisma.staffAuditEntry.findMany({
      where: { action: 'settings.change' },
      orderBy: { id: 'desc' },
      take: 1,
    });
    expect(row.before).toEqual({ languages_offered: ['nl'] });
    expect(row.after).toEqual({ languages_offered: ['pl', 'nl', 'en'] });
  });

  it.each([
    ['a list without Dutch', ['en', 'de']],
    ['an empty list', []],
    ['a language the site has no texts for', ['nl', 'sv']],
    ['a language twice', ['nl', 'en', 'en']],
  ])('refuses %s with 400 and changes nothing', async (_name, list) => {
    await newSite();
    const res = await put('/api/staff/settings', { languages_offered: list }, admin).expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect((await settings()).languages_offered).toEqual(['nl']);
  });

  it('lets only admins change it: members and moderators get 403', async () => {
    await newSite();
    const moderator = await cookieOf(await staffAccount(t, ['moderator']), t);
    for (const cookie of [member.cookie, moderator]) {
      await put('/api/staff/settings', { languages_offered: ['nl', 'en'] }, cookie).expect(403);
    }
    expect((await settings()).languages_offered).toEqual(['nl']);
  });
});
