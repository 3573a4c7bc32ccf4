import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WorkerModule } from '../src/worker.module';
import { createTestApp, type TestApp } from './helpers/test-app';
import { QUEUES, WorkerRegistry } from '../src/queue';
import { takeChallenge } from './helpers/challenge';

describe('the local outbox (no SMTP server configured)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    const storage = mkdtempSync(path.join(tmpdir(), 'storage-'));
    // served beside the API, as `npm start` does: the outbox page must not become a web page
    const web = mkdtempSync(path.join(tmpdir(), 'web-'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><title>Vonkje</title><div id="root">web app</div>',
    );
    t = await createTestApp({
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      SMTP_URL: '',
      STORAGE_DIR: storage,
      APP_URL: 'http://site.test',
      WEB_DIST_DIR: web,
    });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    await worker.get(WorkerRegistry).start(QUEUES.mail);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('keeps the activation mail where the development page lists it with a working link', async () => {
    const email = `outbox.${Date.now()}@example.test`;
    await t
      .http()
      .post('/api/signup.php')
      .set('X-Request-Type', 'client')
      .send({
        altcha: takeChallenge(),
        email,
        name: 'Outbox',
        password: 'geheim-12345',
        date_of_birth: '1985-01-02',
        gender: 'male',
        accept_terms: true,
        accept_fictional: true,
      })
      .expect(201);
    // the worker's relay and mail job put it there: wait for it, however busy the machine is
    let page = '';
    const until = Date.now() + 60_000;
    while (!page.includes(email) && Date.now() < until) {
      page = (await t.http().get('/dev/outbox').expect(200)).text;
      if (!page.includes(email)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(page).toContain(email);
    const href = /href="http:\/\/site\.test(\/api\/activate\.php\?token=[^"]+)"/.exec(page)?.[1];
    expect(href).toBeDefined();
    const res = await t
      .http()
      .get((href as string).replace(/&amp;/g, '&'))
      .expect(302);
    expect(res.headers.location).toBe('/activate/done');
  }, 90_000);

  it('shows each mail as members see it: the HTML part in a sandboxed frame without scripts, beside the text part', async () => {
    const page = (await t.http().get('/dev/outbox').expect(200)).text;
    const frame = /<iframe title="([^"]*)" sandbox="([^"]*)" srcdoc="([^"]*)"><\/iframe>/.exec(
      page,
    );
    expect(frame).not.toBeNull();
    const [, title, sandbox, srcdoc] = frame!;
    expect(title).toMatch(/\(HTML\)$/);
    // no scripts and no access to this page's origin; links open outside the frame
    expect(sandbox.split(' ')).not.toContain('allow-scripts');
    expect(sandbox.split(' ')).not.toContain('allow-same-origin');
    const html = srcdoc
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(html).toContain('<base target="_blank">');
    // the mail layout's HTML, with its activation link as a button
    expect(html).toMatch(/<a [^>]*href="http:\/\/site\.test\/api\/activate\.php\?token=/);
    // the text part beside it
    expect(page).toMatch(/<h3>Text<\/h3><pre>/);
  });

  it('serves the web app for page routes next to the outbox page', async () => {
    const page = await t.http().get('/members').expect(200);
    expect(page.text).toContain('<div id="root">web app</div>');
    const outbox = await t.http().get('/dev/outbox').expect(200);
    expect(outbox.text).toContain('Local outbox');
  });
});
