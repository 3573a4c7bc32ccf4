import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from '../src/worker.module';
import { NotificationChannels, type NotifyEvent, type Recipient } from '../src/notifications';
import { createTestApp, type TestApp } from './helpers/test-app';
import { chatMember, sendText, type ChatMember } from './helpers/chat';
import { Presence } from '../src/realtime/presence.service';
import { connect, eventually, listening } from './helpers/sockets';
import { QUEUES, WorkerRegistry } from '../src/queue';

/**
 * The notification pipeline: chats and likes queue an event after their commit; the worker
 * hands it, with the recipient as they are now, to every registered channel.
 */
describe('notification events', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  const told: { event: NotifyEvent; recipient: Recipient }[] = [];
  let a: ChatMember;
  let b: ChatMember;

  beforeAll(async () => {
    // one event at a time, in queue order: an event queued later is a marker that every earlier
    // one was handled (told or not)
    t = await createTestApp({ NOTIFY_CONCURRENCY: '1' });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    worker.get(NotificationChannels).register({
      name: 'recorder',
      deliver: (event, recipient) => {
        told.push({ event, recipient });
        return Promise.resolve();
      },
    });
    await worker.get(WorkerRegistry).start(QUEUES.notify);
    a = await chatMember(t);
    b = await chatMember(t);
  });

  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  beforeEach(() => {
    told.length = 0;
  });

  const like = (who: ChatMember, profileId: number) =>
    t
      .http()
      .post('/api/like.php')
      .set('Cookie', who.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: profileId });

  it('tells the recipient of a first message about a new conversation, and of the next about a message', async () => {
    await sendText(t, a, { member: b.profile.id }).expect(201);
    await eventually(() => told.length === 1);
    expect(told[0].event).toMatchObject({
      kind: 'conversation',
      recipientId: b.user.id,
      actorId: a.user.id,
    });
    expect(told[0].event.conversationId).toEqual(expect.any(Number));
    expect(told[0].recipient).toMatchObject({ userId: b.user.id, online: false });
    expect(told[0].recipient.preferences.newMessages).toBe(true);

    await sendText(t, a, { member: b.profile.id }).expect(201);
    await eventually(() => told.length === 2);
    expect(told[1].event).toMatchObject({
      kind: 'message',
      recipientId: b.user.id,
      conversationId: told[0].event.conversationId,
    });
  });

  it('says the recipient is online while a socket of theirs is connected, and not after it closed', async () => {
    const base = await listening(t);
    const socket = await connect(base, b.cookie);
    const presence = t.app.get(Presence);
    await eventually(() => presence.isConnected(b.user.id));
    await sendText(t, a, { member: b.profile.id }).expect(201);
    await eventually(() => told.length === 1);
    expect(told[0].recipient.online).toBe(true);

    socket.close();
    await eventually(async () => !(await presence.isConnected(b.user.id)));
    await sendText(t, a, { member: b.profile.id }).expect(201);
    await eventually(() => told.length === 2);
    expect(told[1].recipient.online).toBe(false);
  });

  it('passes the recipient’s stored preferences on', async () => {
    await t.prisma.notificationPreference.upsert({
      where: { userId: b.user.id },
      create: { userId: b.user.id, newMessages: false },
      update: { newMessages: false },
    });
    await sendText(t, a, { member: b.profile.id }).expect(201);
    await eventually(() => told.length === 1);
    expect(told[0].recipient.preferences).toMatchObject({ newMessages: false, like: true });
  });

  it('tells a liked member once, not again when the like is repeated', async () => {
    const c = await chatMember(t);
    await like(c, b.profile.id).expect(200);
    await eventually(() => told.length === 1);
    expect(told[0].event).toMatchObject({
      kind: 'like',
      recipientId: b.user.id,
      actorId: c.user.id,
    });
    await like(c, b.profile.id).expect(200);
    await like(c, a.profile.id).expect(200);
    await eventually(() => told.length === 2);
    expect(told.map((e) => e.event.recipientId)).toEqual([b.user.id, a.user.id]);
  });

  it('tells nobody when the recipient is a fictional chat partner or the sender is not confirmed yet', async () => {
    const fictional = await chatMember(t, { fictional: true });
    await sendText(t, a, { member: fictional.profile.id }).expect(201);
    const unconfirmed = await chatMember(t, { status: 'not_confirmed' });
    await sendText(t, unconfirmed, { member: b.profile.id }).expect(201);
    // a message that is told comes after both
    await sendText(t, a, { member: b.profile.id }).expect(201);
    await eventually(() => told.length > 0);
    expect(told.map((e) => e.event.actorId)).toEqual([a.user.id]);
  });
});
