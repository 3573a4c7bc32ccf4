import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENTRY_CHECK_TAG } from '../src/site-pages/entry-check';
import { EARLY_INPUT_TAG } from '../src/site-pages/early-input';
import { SEARCH_CHECK_TAG } from '../src/site-pages/search-check';
import { loginSeededMember } from './helpers/accounts';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app';

function webDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'app-1.js.map'), '{"sources":["secret.ts"]}');
  return dist;
}

async function loginCookie(t: TestApp): Promise<string> {
  return (await loginSeededMember(t)).cookies;
}

describe('a production instance', () => {
  const t = useTestApp({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true',
    APP_URL: 'https://vonkje.example',
    BCRYPT_COST: '10',
    MEDIA_SECRET: 'a-production-media-secret-of-more-than-32-chars',
    STAFF_SECRET_KEY: 'a-production-staff-secret-of-more-than-32-chars',
    MAIL_LINK_SECRET: 'a-production-mail-link-secret-of-more-than-32-chars',
    ALTCHA_HMAC_KEY: 'a-production-altcha-secret-of-more-than-32-chars',
    PAYMENT_PROVIDER: 'mollie',
    MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz1234',
    WEB_DIST_DIR: webDist(),
  });

  it('publishes neither the API description nor source maps', async () => {
    await t.http().get('/api/docs').expect(404);
    await t.http().get('/api/docs-json').expect(404);
    await t.http().get('/assets/app-1.js.map').expect(404);
    await t.http().get('/assets/app-1.js').expect(200);
  });

  it('serves no development outbox, not even to this machine', async () => {
    await t.http().get('/dev/outbox').expect(404);
  });

  it('lets pages connect to their own origin only, and upgrades insecure requests', async () => {
    const res = await t.http().get('/members').expect(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/connect-src[^;]*ws/);
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it("runs no inline script but the public pages' entry check, early-input script and the visitor search's check, allowed by their hashes", async () => {
    const res = await t.http().get('/members').expect(200);
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']));
    const hashOf = (tag: string) => {
      expect(tag).toMatch(/^<script>[\s\S]+<\/script>$/);
      return `'sha256-${createHash('sha256').update(tag.slice(8, -9)).digest('base64')}'`;
    };
    expect(scriptSrc?.[1]).toBe(
      `'self' ${hashOf(ENTRY_CHECK_TAG)} ${hashOf(EARLY_INPUT_TAG)} ${hashOf(SEARCH_CHECK_TAG)}`,
    );
  });

  it('sets Secure cookies because the site is https', async () => {
    const cookies = await loginCookie(t);
    expect(cookies).toMatch(/sid=[^;]+;.*Secure/);
    expect(cookies).toMatch(/device=[^;]+;.*Secure/);
  });
});

describe('cookies follow the public address, not NODE_ENV', () => {
  it.each([
    ['https://vonkje.example', true],
    ['http://localhost:3000', false],
  ])('with APP_URL %s in development, Secure is %s', async (appUrl, secure) => {
    const t = await createTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'error', APP_URL: appUrl });
    try {
      const cookies = await loginCookie(t);
      expect(/sid=[^\n]*Secure/.test(cookies)).toBe(secure);
    } finally {
      await t.close();
    }
  });
});

describe('the development outbox', () => {
  const t = useTestApp({
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    SMTP_URL: '',
    TRUST_PROXY: '1',
    STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'storage-')),
  });

  it('is served to a browser on this machine', async () => {
    await t.http().get('/dev/outbox').expect(200);
  });

  it('is not served to anyone else, even through a trusted proxy on this machine', async () => {
    await t.http().get('/dev/outbox').set('X-Forwarded-For', '203.0.113.9').expect(404);
  });
});
