import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createApp } from '../src/app';
import type { AppConfig } from '../src/config/config';
import { UnsubscribeTokens } from '../src/mail/unsubscribe-tokens';
import { chatMember } from './helpers/chat';
import { eventually } from './helpers/sockets';
import { staffAccount, totp, type StaffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Security review 2026-11-28, L5: the staff's second factor and the unsubscribe links have keys
 * of their own (STAFF_SECRET_KEY, MAIL_LINK_SECRET), so rotating MEDIA_SECRET (the photo URLs'
 * key) breaks neither; a secret no key opens is a clear refusal, never a 500.
 */
describe('the secrets apart from MEDIA_SECRET', () => {
  let t: TestApp;
  const others: NestExpressApplication[] = [];

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_SECRET: 'the-media-secret-before-its-rotation' });
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await t.close();
  });

  /** Another process of the site on the same database and Redis, with these settings changed. */
  async function process2(changes: Partial<AppConfig>): Promise<Http> {
    const app = await createApp({ ...t.config, ...changes });
    await app.init();
    others.push(app);
    return () => request(app.getHttpServer());
  }

  type Http = () => ReturnType<typeof request>;
  const post = (http: Http, path: string, body: object) =>
    http().post(path).set('X-Request-Type', 'client').send(body);

  async function signInOn(http: Http, account: StaffAccount) {
    const first = await post(http, '/api/staff/login', {
      email: account.email,
      password: account.password,
    }).expect(200);
    return post(http, '/api/staff/login-code', {
      challenge: first.body.challenge,
      code: await totp(account.secret!),
    });
  }

  it('signs staff in with their authenticator after MEDIA_SECRET is rotated', async () => {
    const account = await staffAccount(t, ['operator']);
    const rotated = await process2({ MEDIA_SECRET: 'the-media-secret-after-its-rotation' });
    const res = await signInOn(rotated, account);
    expect(res.status).toBe(200);
    expect(res.body.staff.id).toBe(account.id);
  });

  it('keeps the unsubscribe link of a mail sent before MEDIA_SECRET is rotated working after it', async () => {
    const member = await chatMember(t);
    // the token the mail carried, made by the process that sent it
    const token = t.app.get(UnsubscribeTokens).tokenFor(member.user.id);
    const rotated = await process2({ MEDIA_SECRET: 'the-media-secret-after-its-rotation' });
    const done = await rotated()
      .post(`/api/unsubscribe.php?token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(done.text).toContain('afgemeld');
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(user.notificationsDisabled).toEqual(['listunsubscribe']);
  });

  it('refuses a second factor the staff key cannot open with a clear 409, not a 500, and counts no wrong code', async () => {
    const account = await staffAccount(t, ['moderator']);
    const otherKey = await process2({ STAFF_SECRET_KEY: 'another-staff-secret-key-than-before' });
    const res = await signInOn(otherKey, account);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'staff_second_factor_unreadable',
      message: expect.stringContaining('herstelcode') as unknown,
    });
    expect(await t.redis.keys('login:fail:acct:*')).toEqual([]);
  });

  it('opens a secret sealed under MEDIA_SECRET before the staff key existed, and seals it again under the staff key at start', async () => {
    const account = await staffAccount(t, ['operator']);
    // as the code before STAFF_SECRET_KEY sealed it: AES-256-GCM under a key of MEDIA_SECRET
    const key = Buffer.from(hkdfSync('sha256', t.config.MEDIA_SECRET, 'vonkje', 'staff-totp', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(account.secret!, 'utf8'), cipher.final()]);
    const legacy = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    await t.prisma.staffSecondFactor.update({
      where: { userId: account.id },
      data: { secret: legacy },
    });

    // the next deployment starts: the secret is sealed again under STAFF_SECRET_KEY...
    await process2({});
    const stored = () =>
      t.prisma.staffSecondFactor
        .findUniqueOrThrow({ where: { userId: account.id } })
        .then((row) => row.secret);
    await eventually(async () => (await stored()) !== legacy);
    expect((await stored()).startsWith('v2.')).toBe(true);
    // ...so a rotation of MEDIA_SECRET after it leaves the sign-in working
    const rotated = await process2({ MEDIA_SECRET: 'the-media-secret-after-its-rotation' });
    expect((await signInOn(rotated, account)).status).toBe(200);
  });
});
