import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import webpush from 'web-push';
import { pushPayload } from '@app/contract';
import { WorkerModule } from '../src/worker.module';
import { NotificationChannels, type NotifyEvent } from '../src/notifications';
import { SUBSCRIPTIONS_PER_MEMBER } from '../src/push';
import { QUEUES, workerConnection, WorkerRegistry } from '../src/queue';
import { Presence } from '../src/realtime';
import { PushService, type StandInSubscription } from '../../tests/support/push-service';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app';
import { chatMember, sendText, type ChatMember } from './helpers/chat';
import { connect, eventually, listening } from './helpers/sockets';
import { sessionCookie } from './helpers/mail-app';

const keys = webpush.generateVAPIDKeys();

/**
 * Web push (issue 20): members store their browsers' subscriptions at POST /api/user.php?push=1,
 * and the notify worker (the real one, as notifications.e2e-spec.ts runs it) pushes new messages,
 * conversations and likes to them, through a local push service stand-in that checks VAPID and
 * decrypts every push as a browser's push service and browser would.
 */
describe('web push', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let service: PushService;
  /** Events the worker finished (a recorder channel registered after the push channel). */
  const handled: NotifyEvent[] = [];
  let notifyQueue: Queue;

  beforeAll(async () => {
    service = await PushService.start();
    t = await createTestApp({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:push@vonkje.test',
      PUSH_ENDPOINT_HOSTS: service.host,
    });
    notifyQueue = new Queue(QUEUES.notify, { connection: workerConnection(t.config) });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    worker.get(NotificationChannels).register({
      name: 'recorder',
      deliver: (event) => {
        handled.push(event);
        return Promise.resolve();
      },
    });
    await worker.get(WorkerRegistry).start(QUEUES.notify);
  });

  afterAll(async () => {
    await notifyQueue.close();
    await worker.close();
    await t.close();
    await service.close();
  });

  // every event an earlier test queued is handled first: one handled late (a loaded machine)
  // would otherwise push into this test, or count as this test's event
  beforeEach(async () => {
    await eventually(async () => {
      const counts = await notifyQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((n) => n === 0);
    });
    handled.length = 0;
    service.clear();
  });

  const subscribe = (who: { cookie?: string }, body: unknown) => {
    const req = t.http().post('/api/user.php?push=1').set('X-Request-Type', 'client');
    if (who.cookie) void req.set('Cookie', who.cookie);
    return req.send(body as object);
  };
  /** A browser's subscription at the stand-in, stored for the member. */
  async function subscribed(member: ChatMember): Promise<StandInSubscription> {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    await subscribe(member, subscription).expect(200, { ok: true });
    return subscription;
  }
  const block = (who: ChatMember, whom: ChatMember) =>
    t
      .http()
      .post('/api/block.php')
      .set('Cookie', who.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: whom.profile.id })
      .expect(200);
  const like = (who: ChatMember, profileId: number) =>
    t
      .http()
      .post('/api/like.php')
      .set('Cookie', who.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: profileId })
      .expect(200);
  const stored = (userId: number) =>
    t.prisma.pushSubscription.findMany({ where: { userId }, orderBy: { id: 'asc' } });

  describe('subscribing', () => {
    let member: ChatMember;
    beforeAll(async () => {
      member = await chatMember(t, { language: 'de' });
    });

    it('stores the browser’s subscription for the member, and DELETE removes it', async () => {
      const subscription = await subscribed(member);
      expect(await stored(member.user.id)).toEqual([
        expect.objectContaining({
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        }),
      ]);
      await t
        .http()
        .delete('/api/user.php?push=1')
        .set('Cookie', member.cookie)
        .set('X-Request-Type', 'client')
        .send({ endpoint: subscription.endpoint })
        .expect(200, { ok: true });
      expect(await stored(member.user.id)).toEqual([]);
    });

    it('ends a browser’s subscription with its login session, and keeps the other browsers’', async () => {
      const phone = await chatMember(t);
      // a second browser of the same member: its own login session
      const login = await t
        .http()
        .post('/api/user.php')
        .set('X-Request-Type', 'client')
        .send({ email: phone.user.email, password: phone.password })
        .expect(200);
      const laptop = { cookie: sessionCookie(login) };
      const onPhone = await subscribed(phone);
      const onLaptop = service.subscribe({ applicationServerKey: keys.publicKey });
      await subscribe(laptop, onLaptop).expect(200);
      expect((await stored(phone.user.id)).map((s) => s.endpoint).sort()).toEqual(
        [onPhone.endpoint, onLaptop.endpoint].sort(),
      );

      await t
        .http()
        .get('/api/logout.php')
        .set('Cookie', laptop.cookie)
        .set('X-Request-Type', 'client')
        .expect(200);
      expect((await stored(phone.user.id)).map((s) => s.endpoint)).toEqual([onPhone.endpoint]);
    });

    it('refuses a body that is not a push subscription', async () => {
      const good = service.subscribe();
      for (const body of [
        {},
        { endpoint: good.endpoint },
        { ...good, endpoint: 'not a url' },
        { ...good, keys: { ...good.keys, p256dh: 'A'.repeat(87) } },
        { ...good, keys: { ...good.keys, auth: 'short' } },
      ]) {
        const res = await subscribe(member, body).expect(400);
        expect(res.body.error).toBe('validation_failed');
      }
      expect(await stored(member.user.id)).toEqual([]);
    });

    it('refuses endpoints that are not a known push service’s, in the member’s language', async () => {
      const { keys: browserKeys } = service.subscribe();
      for (const endpoint of [
        'https://evil.example/push/1',
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://fcm.googleapis.com:8443/fcm/send/abc',
        'https://user:pw@fcm.googleapis.com/fcm/send/abc',
        'http://127.0.0.1:6379/push/1',
        'https://push.apple.com.evil.example/x',
      ]) {
        const res = await subscribe(member, { endpoint, keys: browserKeys }).expect(400);
        expect(res.body).toMatchObject({ error: 'push_endpoint_refused', field: 'endpoint' });
        expect(res.body.message).toContain('Push-Benachrichtigungen');
      }
      expect(await stored(member.user.id)).toEqual([]);
      // the browsers' push services are accepted
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc:def',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
        'https://web.push.apple.com/QGx',
        'https://wns2-am3p.notify.windows.com/w/?token=BQYAAA',
      ]) {
        await subscribe(member, { endpoint, keys: browserKeys }).expect(200);
      }
      await t.prisma.pushSubscription.deleteMany({ where: { userId: member.user.id } });
    });

    it('refuses visitors', async () => {
      const res = await subscribe({}, service.subscribe()).expect(403);
      expect(res.body.error).toBe('authentication_required');
    });

    it('moves an endpoint stored for another member to the member who subscribes now', async () => {
      const other = await chatMember(t);
      const subscription = await subscribed(other);
      await subscribe(member, subscription).expect(200);
      expect(await stored(other.user.id)).toEqual([]);
      expect(await stored(member.user.id)).toEqual([
        expect.objectContaining({ endpoint: subscription.endpoint }),
      ]);
      await t.prisma.pushSubscription.deleteMany({ where: { userId: member.user.id } });
    });

    it(`keeps a member's newest ${SUBSCRIPTIONS_PER_MEMBER} browsers, dropping the oldest`, async () => {
      const many = await chatMember(t);
      const endpoints: string[] = [];
      for (let i = 0; i <= SUBSCRIPTIONS_PER_MEMBER; i++) {
        endpoints.push((await subscribed(many)).endpoint);
      }
      const kept = (await stored(many.user.id)).map((s) => s.endpoint);
      expect(kept).toHaveLength(SUBSCRIPTIONS_PER_MEMBER);
      expect(kept).not.toContain(endpoints[0]);
      expect(kept).toContain(endpoints[SUBSCRIPTIONS_PER_MEMBER]);
    });

    it('limits how often a member may subscribe or unsubscribe in an hour', async () => {
      const busy = await chatMember(t);
      const unsubscribe = () =>
        t
          .http()
          .delete('/api/user.php?push=1')
          .set('Cookie', busy.cookie)
          .set('X-Request-Type', 'client')
          .send({ endpoint: `${service.origin}/push/none` });
      for (let i = 0; i < 59; i++) await unsubscribe().expect(200);
      await subscribed(busy);
      const refused = await subscribe(busy, service.subscribe()).expect(429);
      expect(refused.body.error).toBe('rate_limited');
    });

    it('leaves the login at POST /api/user.php as it was', async () => {
      const res = await t
        .http()
        .post('/api/user.php')
        .set('X-Request-Type', 'client')
        .send({ email: member.user.email, password: member.password })
        .expect(200);
      expect(res.body.user.id).toBe(member.user.id);
      // push=1 is never a login
      const pushed = await t
        .http()
        .post('/api/user.php?push=1')
        .set('X-Request-Type', 'client')
        .send({ email: member.user.email, password: member.password })
        .expect(403);
      expect(pushed.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('pushing', () => {
    let a: ChatMember;
    let b: ChatMember;
    let browser: StandInSubscription;

    beforeAll(async () => {
      a = await chatMember(t, { name: 'Annelies' });
      b = await chatMember(t, { language: 'fr' });
      browser = await subscribed(b);
    });

    it('pushes a first message to the offline member as a new conversation, and the next as a message, decrypted at the push service', async () => {
      await sendText(t, a, { member: b.profile.id }, 'Geheime tekst').expect(201);
      const first = await service.waitFor((push) => push.id === browser.endpoint.split('/').pop());
      const payload = pushPayload.parse(first.json);
      const conversation = payload.conversation_id as number;
      expect(payload).toEqual({
        kind: 'conversation',
        title: 'Annelies a commencé une conversation avec vous',
        body: 'Ouvrez la conversation pour lire le premier message.',
        url: `/chats/${conversation}`,
        tag: `conv-${conversation}`,
        badge: 1,
        conversation_id: conversation,
      });
      // never the message's text (a lock screen shows pushes)
      expect(first.body?.toString()).not.toContain('Geheime');
      expect(first).toMatchObject({ topic: `conv-${conversation}`, urgency: 'high', ttl: 86400 });
      expect(first.vapid).toMatchObject({ aud: service.origin, key: keys.publicKey });

      await sendText(t, a, { conversation }).expect(201);
      await eventually(() => service.received.length === 2);
      expect(service.received[1].json).toMatchObject({
        kind: 'message',
        title: 'Annelies vous a envoyé un message',
        url: `/chats/${conversation}`,
        badge: 2,
      });
      expect(service.received[1].topic).toBe(`conv-${conversation}`);
    });

    it('sends nothing while a socket of the member is connected', async () => {
      const socket = await connect(await listening(t), b.cookie);
      try {
        await sendText(t, a, { member: b.profile.id }).expect(201);
        await eventually(() => handled.length === 1);
        expect(service.received).toHaveLength(0);
      } finally {
        socket.close();
      }
    });

    it('sends nothing for a kind whose preference is off', async () => {
      await t.prisma.notificationPreference.upsert({
        where: { userId: b.user.id },
        create: { userId: b.user.id, newMessages: false },
        update: { newMessages: false },
      });
      await eventually(async () => !(await presenceOf(b)));
      await sendText(t, a, { member: b.profile.id }).expect(201);
      await eventually(() => handled.length === 1);
      expect(service.received).toHaveLength(0);
      await t.prisma.notificationPreference.update({
        where: { userId: b.user.id },
        data: { newMessages: true },
      });
    });

    it('leaves conversations with a member either side blocked out of the badge, as the chats list does', async () => {
      const recipient = await chatMember(t);
      const blockedByRecipient = await chatMember(t);
      const blockingRecipient = await chatMember(t);
      // written before the recipient's browser subscribed: no pushes of these
      for (const from of [blockedByRecipient, blockingRecipient]) {
        await sendText(t, from, { member: recipient.profile.id }).expect(201);
      }
      await eventually(
        () => handled.filter((e) => e.recipientId === recipient.user.id).length === 2,
      );
      await block(recipient, blockedByRecipient);
      await block(blockingRecipient, recipient);
      const subscription = await subscribed(recipient);
      await sendText(t, a, { member: recipient.profile.id }).expect(201);
      const push = await service.waitFor((p) => p.id === subscription.endpoint.split('/').pop());
      const chats = await t
        .http()
        .get('/api/chats.php')
        .set('Cookie', recipient.cookie)
        .expect(200);
      expect(chats.body.unread_messages).toBe(1);
      expect(pushPayload.parse(push.json).badge).toBe(1);
    });

    it('pushes a like with a link to the likes page, one topic for all likes, naming the liker only to a premium member', async () => {
      const c = await chatMember(t, { name: 'Charlotte' });
      await like(c, b.profile.id);
      const push = await service.waitFor(() => true);
      // b is free: who liked them is premium's (free_members_see_likes)
      expect(push.json).toMatchObject({
        kind: 'like',
        title: 'Quelqu’un vous aime bien',
        url: '/likes',
        tag: 'likes',
      });
      expect(JSON.stringify(push.json)).not.toContain('Charlotte');
      expect(push.topic).toBe('likes');

      await t.prisma.user.update({ where: { id: b.user.id }, data: { paidUser: true } });
      try {
        const d = await chatMember(t, { name: 'Dorien' });
        await like(d, b.profile.id);
        const named = await service.waitFor((p) => JSON.stringify(p.json).includes('Dorien'));
        expect(named.json).toMatchObject({ kind: 'like', title: 'Dorien vous aime bien' });
      } finally {
        await t.prisma.user.update({ where: { id: b.user.id }, data: { paidUser: false } });
      }
    });

    it('sends to every browser of the member', async () => {
      const second = await subscribed(b);
      await sendText(t, a, { member: b.profile.id }).expect(201);
      await eventually(() => service.received.length === 2);
      expect(new Set(service.received.map((p) => p.endpoint))).toEqual(
        new Set([browser.endpoint, second.endpoint]),
      );
      await t.prisma.pushSubscription.deleteMany({ where: { endpoint: second.endpoint } });
    });

    it('deletes a subscription the push service says is gone (410)', async () => {
      const gone = await subscribed(b);
      service.expire(gone.endpoint);
      await sendText(t, a, { member: b.profile.id }).expect(201);
      await eventually(() => handled.length === 1);
      expect((await stored(b.user.id)).map((s) => s.endpoint)).toEqual([browser.endpoint]);
      expect(service.refusals).toEqual([expect.objectContaining({ status: 410 })]);
    });

    it('keeps the error of any other failure on the subscription, and sends the next push again', async () => {
      // subscribed with another site's key: the push service refuses our pushes (403)
      const other = webpush.generateVAPIDKeys();
      const foreign = service.subscribe({ applicationServerKey: other.publicKey });
      await subscribe(b, foreign).expect(200);
      await sendText(t, a, { member: b.profile.id }).expect(201);
      await eventually(() => handled.length === 1);
      const row = (await stored(b.user.id)).find((s) => s.endpoint === foreign.endpoint);
      expect(row?.lastError).toMatch(/^403 /);
      expect(service.received.map((p) => p.endpoint)).toEqual([browser.endpoint]);
      await t.prisma.pushSubscription.deleteMany({ where: { endpoint: foreign.endpoint } });
    });
  });

  const presenceOf = (member: ChatMember) => t.app.get(Presence).isConnected(member.user.id);
});

describe('web push without VAPID keys', () => {
  const t = useTestApp({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' });

  it('answers push_unavailable to a subscription, in the member’s language', async () => {
    const member = await chatMember(t, { language: 'en' });
    const res = await t
      .http()
      .post('/api/user.php?push=1')
      .set('Cookie', member.cookie)
      .set('X-Request-Type', 'client')
      .send({
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: keys.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      })
      .expect(422);
    expect(res.body).toMatchObject({
      error: 'push_unavailable',
      message: 'Push notifications are not available on this site.',
    });
  });
});
