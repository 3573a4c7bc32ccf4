import http, { type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_COOKIE } from '@app/contract';
import { SessionService } from '../src/auth/session.service';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app';

async function memberSession(t: TestApp): Promise<string> {
  const user = await t.prisma.user.create({
    data: { email: `m${Date.now()}${Math.random()}@example.test`, status: 'confirmed' },
  });
  const { token } = await t.app.get(SessionService).create(user.id, {});
  return `${AUTH_COOKIE}=${token}`;
}

describe('API conventions', () => {
  const t = useTestApp();

  it('reports health only when PostgreSQL and Redis both answer', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });

  it('keeps an idle kept-alive connection open longer than the proxy in front does, so a reused connection never meets a close', async () => {
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets: Socket[] = [];
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.get({ port, path: '/api/health/live', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('socket', (socket: Socket) => sockets.push(socket));
        req.on('error', reject);
      });
    try {
      expect(await get()).toBe(200);
      // longer than Node's default keep-alive (5 s), after which the server would close it
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toBe(200);
      expect(sockets).toHaveLength(2);
      expect(sockets[1]).toBe(sockets[0]);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 15_000);

  it('answers an unknown API path with the JSON error shape in Dutch by default', async () => {
    const res = await t.http().get('/api/does-not-exist.php').expect(404);
    expect(res.body).toEqual({
      error: 'not_found',
      message: 'Deze pagina kon niet worden gevonden.',
    });
  });

  it('refuses a state-changing call without X-Request-Type: client', async () => {
    const cookie = await memberSession(t);
    const res = await t
      .http()
      .put('/api/user.php')
      .set('Cookie', cookie)
      .send({ language: 'nl' })
      .expect(403);
    expect(res.body.error).toBe('invalid_request_type');
  });

  it('answers a member-only call without a session with 403 authentication_required', async () => {
    const res = await t
      .http()
      .put('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ language: 'en' })
      .expect(403);
    expect(res.body.error).toBe('authentication_required');
  });

  it('returns user null to a visitor and the member to a logged-in member', async () => {
    await t.http().get('/api/user.php').expect(200, { user: null });
    const cookie = await memberSession(t);
    const res = await t.http().get('/api/user.php').set('Cookie', cookie).expect(200);
    expect(res.body.user).toMatchObject({ status: 'confirmed', credits: 0, paid_user: false });
    for (const field of [
      'status',
      'credits',
      'paid_user',
      'language',
      'fictional_icon',
      'signup_date',
      'notifications_disabled',
      'profile',
    ]) {
      expect(res.body.user).toHaveProperty(field);
    }
  });

  it("sets the member's language and answers errors in it from then on", async () => {
    const cookie = await memberSession(t);
    const res = await t
      .http()
      .put('/api/user.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ language: 'de' })
      .expect(200);
    expect(res.body.user.language).toBe('de');
    const missing = await t.http().get('/api/nope.php').set('Cookie', cookie).expect(404);
    expect(missing.body.message).toBe('Diese Seite wurde nicht gefunden.');
  });

  it('refuses an unsupported language with a validation error', async () => {
    const cookie = await memberSession(t);
    const res = await t
      .http()
      .put('/api/user.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ language: 'xx' })
      .expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.issues[0].field).toBe('language');
  });

  it('ends the session on logout, so the cookie no longer identifies the member', async () => {
    const cookie = await memberSession(t);
    await t
      .http()
      .get('/api/logout.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .expect(200);
    await t.http().get('/api/user.php').set('Cookie', cookie).expect(200, { user: null });
  });

  it('keeps the session when logout.php is opened without X-Request-Type, as a cross-site link would', async () => {
    const cookie = await memberSession(t);
    const res = await t.http().get('/api/logout.php').set('Cookie', cookie).expect(403);
    expect(res.body.error).toBe('invalid_request_type');
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await t.http().get('/api/user.php').set('Cookie', cookie).expect(200);
    expect(me.body.user).not.toBeNull();
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    await t.http().get('/api/docs').expect(200);
    const doc = await t.http().get('/api/docs-json').expect(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/settings.php', '/api/geocode.php', '/api/user.php']),
    );
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Vonkje</title><div id="root">app shell</div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {})');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Vonkje"}');
    writeFileSync(path.join(dist, 'favicon.png'), 'png');
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(() => t.close());

  it('answers every page route with the app shell, so one port serves the site', async () => {
    const res = await t.http().get('/members').expect(200);
    expect(res.text).toContain('app shell');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.http().get('/assets/app-123.js').expect(200);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('has browsers check the service worker and the app manifest on every visit', async () => {
    const worker = await t.http().get('/sw.js').expect(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const manifest = await t.http().get('/manifest.webmanifest').expect(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    // other files of the build keep their hour
    const icon = await t.http().get('/favicon.png').expect(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps unknown API paths as JSON errors rather than the app shell', async () => {
    const res = await t.http().get('/api/unknown.php').expect(404);
    expect(res.body.error).toBe('not_found');
  });
});
