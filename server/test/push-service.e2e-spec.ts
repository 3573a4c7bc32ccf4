import { createPrivateKey, sign } from 'node:crypto';
import webpush from 'web-push';
import { PushService, type StandInSubscription } from '../../tests/support/push-service';

/**
 * The local push service stand-in (tests/support/push-service.ts) against the `web-push`
 * library: what web-push makes (VAPID header, aes128gcm body) arrives decrypted, and what a real
 * push service refuses is refused.
 */
describe('the push service stand-in', () => {
  let service: PushService;
  const keys = webpush.generateVAPIDKeys();
  const subject = 'mailto:push@vonkje.test';

  beforeAll(async () => {
    service = await PushService.start();
  });
  afterAll(() => service.close());
  beforeEach(() => service.clear());

  /** A push as web-push builds it, sent with fetch; `vapid` overrides its VAPID details. */
  function send(
    subscription: StandInSubscription,
    payload: string,
    options: webpush.RequestOptions = {},
  ) {
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: 60,
      ...options,
    });
    return fetch(details.endpoint, {
      method: 'POST',
      headers: Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: new Uint8Array(details.body),
      redirect: 'manual',
    });
  }

  it('accepts a push made by web-push and hands it on decrypted, with its headers and VAPID claims', async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const heard: unknown[] = [];
    const stop = service.onMessage((push) => heard.push(push.json));
    const res = await send(subscription, JSON.stringify({ hello: 'wereld', n: 1 }), {
      topic: 'conv-12',
      urgency: 'high',
    });
    stop();
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/message\/[\w-]+$/);
    const [push] = service.pushesTo(subscription.endpoint);
    expect(push.json).toEqual({ hello: 'wereld', n: 1 });
    expect(push).toMatchObject({ ttl: 60, topic: 'conv-12', urgency: 'high' });
    expect(push.vapid).toMatchObject({ aud: service.origin, sub: subject, key: keys.publicKey });
    expect(heard).toEqual([{ hello: 'wereld', n: 1 }]);
  });

  it('decrypts a payload of the full 4096 bytes a push service must take, and refuses more', async () => {
    const subscription = service.subscribe();
    // 4096 bytes of record minus the header (86), the tag (16) and the delimiter (1)
    const largest = 'x'.repeat(4096 - 86 - 16 - 1);
    expect((await send(subscription, largest)).status).toBe(201);
    expect(service.pushesTo(subscription.endpoint)[0].body?.toString()).toBe(largest);
    expect((await send(subscription, `${largest}xxxxxxxxxxxxxxxxx`)).status).not.toBe(201);
  });

  it('refuses a push without VAPID, for another origin, or signed by another key than the subscription’s', async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const unsigned = await send(subscription, 'x', { vapidDetails: undefined });
    expect(unsigned.status).toBe(401);

    const other = webpush.generateVAPIDKeys();
    const wrongKey = await send(subscription, 'x', {
      vapidDetails: { subject, publicKey: other.publicKey, privateKey: other.privateKey },
    });
    expect(wrongKey.status).toBe(403);

    const header = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    const wrongAudience = await send(subscription, 'x', {
      vapidDetails: undefined,
      headers: { Authorization: header.Authorization },
    });
    expect(wrongAudience.status).toBe(401);
    expect(await wrongAudience.text()).toContain('aud');

    const forged = header.Authorization.replace(/t=([^.]+)\.([^.]+)\./, (_all, head) => {
      const claims = { aud: service.origin, exp: Math.floor(Date.now() / 1000) + 60, sub: subject };
      return `t=${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    });
    const badSignature = await send(subscription, 'x', {
      vapidDetails: undefined,
      headers: { Authorization: forged },
    });
    expect(badSignature.status).toBe(401);
    expect(service.pushesTo(subscription.endpoint)).toHaveLength(0);
  });

  it('refuses a token valid for more than 24 hours, and a push without TTL', async () => {
    const subscription = service.subscribe();
    // web-push refuses to sign one: a token signed by hand with node:crypto
    const claims = {
      aud: service.origin,
      exp: Math.floor(Date.now() / 1000) + 25 * 3600,
      sub: subject,
    };
    const res = await send(subscription, 'x', {
      vapidDetails: undefined,
      headers: { Authorization: `vapid t=${signJwt(claims)}, k=${keys.publicKey}` },
    });
    expect(res.status).toBe(401);

    const details = webpush.generateRequestDetails(subscription, 'x', {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    });
    const { TTL: _ttl, ...headers } = details.headers;
    const noTtl = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
      body: new Uint8Array(details.body),
    });
    expect(noTtl.status).toBe(400);
  });

  /** An ES256 JWT of `claims` signed with the VAPID private key (as web-push would). */
  function signJwt(claims: object): string {
    const raw = Buffer.from(keys.publicKey, 'base64url');
    const key = createPrivateKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
        d: keys.privateKey,
      },
      format: 'jwk',
    });
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
    const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' });
    return `${signed}.${signature.toString('base64url')}`;
  }

  it('answers 410 for a subscription told to expire and 404 for one it never gave out', async () => {
    const subscription = service.subscribe();
    expect((await send(subscription, 'x')).status).toBe(201);
    service.expire(subscription.endpoint);
    expect((await send(subscription, 'x')).status).toBe(410);
    const unknown = { ...subscription, endpoint: `${service.origin}/push/nobody` };
    expect((await send(unknown, 'x')).status).toBe(404);
  });

  it('cannot decrypt a push encrypted to another subscription’s keys', async () => {
    const subscription = service.subscribe();
    const other = service.subscribe();
    const res = await send({ ...subscription, keys: other.keys }, 'secret');
    expect(res.status).toBe(400);
    expect(service.pushesTo(subscription.endpoint)).toHaveLength(0);
  });
});
