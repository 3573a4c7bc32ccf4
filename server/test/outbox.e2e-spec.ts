import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JobsModule } from '../src/jobs/jobs.module';
import { MailProcessor } from '../src/mail/mail.processor';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('the local outbox (no SMTP server configured)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    const storage = mkdtempSync(path.join(tmpdir(), 'storage-'));
    t = await createTestApp({ SMTP_URL: '', STORAGE_DIR: storage, APP_URL: 'http://site.test' });
    worker = await NestFactory.createApplicationContext(JobsModule.forRoot(t.config), {
      logger: ['error'],
    });
    worker.get(MailProcessor).start();
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
        email,
        name: 'Outbox',
        password: 'geheim123',
        date_of_birth: '1985-01-02',
        gender: 'male',
        accept_terms: true,
        accept_fictional: true,
      })
      .expect(201);
    let page = '';
    for (let i = 0; i < 100 && !page.includes(email); i++) {
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
  });
});
