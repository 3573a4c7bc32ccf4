import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { MailOutbox } from '../src/mail';
import { QUEUES, workerConnection, WorkerRegistry } from '../src/queue';
import { UnreadRemindersTask, WeeklyUpdateTask } from '../src/notification-mails';
import { MailChannel, type MailBatch } from '../src/notification-mails/mail-channel';
import { createMailTestApp, type MailTestApp } from './helpers/mail-app';
import { chatMember, read, sendText, type ChatMember } from './helpers/chat';
import { activeMainPhoto } from './helpers/photos';
import { seedTestMember } from './helpers/accounts';
import { waitForMail, type ReceivedMail } from './helpers/smtp';
import { connect, eventually, listening } from './helpers/sockets';
import { takeChallenge } from './helpers/challenge';

/**
 * Longer than the file runs: no quiet period ends by itself, each test ends the ones it means
 * to (endQuietPeriod), so no test waits for a clock or depends on how fast the machine is.
 */
const QUIET_MS = 3_600_000;
const SIGNING_KEY = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(__dirname, 'fixtures', name), 'utf8')) as {
    signature: { timestamp: string; token: string; signature: string };
    'event-data': Record<string, unknown>;
  };

/** The recorded Mailgun payload for `recipient`, signed now with a fresh token (as Mailgun does). */
function signed(name: string, recipient: string, key = SIGNING_KEY, now = Date.now()) {
  const body = fixture(name);
  const timestamp = String(Math.floor(now / 1000));
  const token = randomBytes(25).toString('hex');
  body.signature = {
    timestamp,
    token,
    signature: createHmac('sha256', key)
      .update(timestamp + token)
      .digest('hex'),
  };
  body['event-data'].recipient = recipient;
  return body;
}

/**
 * Notification mails (issue 20): batched per member and kind over a quiet period, never while
 * the member is online or after they read it, honouring each preference; one-click unsubscribe
 * and Mailgun's bounces and complaints turn them off; reminders and the weekly update.
 */
describe('notification mails', () => {
  let t: MailTestApp;
  let batches: Queue;
  let batchEvents: QueueEvents;
  /** Every notification event the worker's mail channel has decided on, in order. */
  const handled: { kind: string; recipientId: number }[] = [];

  beforeAll(async () => {
    t = await createMailTestApp({
      NOTIFICATION_MAIL_QUIET_MS: String(QUIET_MS),
      MAILGUN_WEBHOOK_SIGNING_KEY: SIGNING_KEY,
    });
    await t.worker.get(WorkerRegistry).start(QUEUES.notify);
    await t.worker.get(WorkerRegistry).start(QUEUES.notificationMail);
    batches = new Queue(QUEUES.notificationMail, { connection: workerConnection(t.config) });
    batchEvents = new QueueEvents(QUEUES.notificationMail, {
      connection: workerConnection(t.config),
    });
    await batchEvents.waitUntilReady();
    const channel = t.worker.get(MailChannel);
    const deliver = channel.deliver.bind(channel);
    channel.deliver = async (event, recipient) => {
      await deliver(event, recipient);
      handled.push({ kind: event.kind, recipientId: event.recipientId });
    };
  });

  afterAll(async () => {
    await batchEvents.close();
    await batches.close();
    await t.close();
  });

  /**
   * Resolves once the mail channel has decided on `count` events of `kind` for `m` (so far):
   * began or joined a quiet period, or let it be (online, turned off...).
   */
  const decided = (kind: MailBatch['kind'], m: ChatMember, count = 1) =>
    eventually(
      () => handled.filter((e) => e.kind === kind && e.recipientId === m.user.id).length >= count,
      15_000,
    );

  /** `m`'s quiet period of `kind`, if one runs (its delayed job). */
  const quietPeriod = (kind: MailBatch['kind'], m: ChatMember) =>
    batches.getJob(`${kind}-${m.user.id}`);

  /** Ends `m`'s quiet period of `kind` now (its delayed job runs at once): what its batch did. */
  async function endQuietPeriod(kind: MailBatch['kind'], m: ChatMember): Promise<string> {
    const id = `${kind}-${m.user.id}`;
    const job = await batches.getJob(id);
    if (!job) throw new Error(`no quiet period ${id}`);
    const finished = new Promise<string>((resolve, reject) => {
      const completed = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) => {
        if (jobId !== id) return;
        off();
        resolve(String(returnvalue));
      };
      const failed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
        if (jobId !== id) return;
        off();
        reject(new Error(failedReason));
      };
      const off = () => {
        batchEvents.off('completed', completed);
        batchEvents.off('failed', failed);
      };
      batchEvents.on('completed', completed);
      batchEvents.on('failed', failed);
    });
    await job.promote();
    return finished;
  }

  /**
   * Every mail to `m` that is coming has come: no quiet period of theirs runs, and no mail of
   * theirs waits in the outbox (a mail's intent goes once it is sent or dropped).
   */
  async function allSent(m: ChatMember): Promise<void> {
    for (const kind of ['message', 'conversation', 'like'] as const) {
      expect(await quietPeriod(kind, m)).toBeUndefined();
    }
    await eventually(
      async () => (await t.prisma.mailIntent.count({ where: { userId: m.user.id } })) === 0,
      15_000,
    );
  }

  /**
   * Makes the likes `m` got so far a minute old: a quiet period that begins now counts only the
   * likes that come next (a batch looks a few seconds back, for the event written after commit).
   */
  const earlierLikes = (m: ChatMember) =>
    t.prisma.like.updateMany({
      where: { likedId: m.user.id },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });

  const mailsTo = (m: ChatMember): ReceivedMail[] =>
    t.smtp.mails.filter((mail) => mail.to.includes(m.user.email as string));

  const like = (who: ChatMember, profileId: number) =>
    t.post('/api/like.php', { member: profileId }, who.cookie).expect(200);

  const disabledOf = async (m: ChatMember) =>
    (await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200)).body.user
      .notifications_disabled as string[];

  /** Two members with a conversation that is not new any more, read up to now by b. */
  async function olderPair(a?: ChatMember) {
    const from = a ?? (await chatMember(t));
    const b = await chatMember(t);
    return { a: from, b, conversation: await olderConversation(from, b) };
  }

  /** Stores some of a member's notification preferences (the rest stay on). */
  const prefer = (m: ChatMember, preferences: Record<string, boolean>) =>
    t.prisma.notificationPreference.upsert({
      where: { userId: m.user.id },
      create: { userId: m.user.id, ...preferences },
      update: preferences,
    });

  /** A conversation of a and b that is not new any more, read up to now by b. */
  async function olderConversation(a: ChatMember, b: ChatMember): Promise<number> {
    const first = await sendText(t, a, { member: b.profile.id }).expect(201);
    const conversation = first.body.message.conversation_id as number;
    await read(t, b, conversation, first.body.message.seq as number).expect(200);
    await t.prisma.conversation.update({
      where: { id: conversation },
      data: { createdAt: new Date(Date.now() - 3_600_000) },
    });
    // the first message's own batch (a new conversation) finds it read: no mail
    await decided('conversation', b);
    expect(await endQuietPeriod('conversation', b)).toBe('read');
    t.smtp.mails.length = 0;
    return conversation;
  }

  it('mails one new-conversation notification for a first message and the next, naming the sender and linking the conversation', async () => {
    const a = await chatMember(t, { name: 'Annelies' });
    const b = await chatMember(t);
    const first = await sendText(t, a, { member: b.profile.id }).expect(201);
    await sendText(t, a, { member: b.profile.id }).expect(201);
    await decided('conversation', b);
    await decided('message', b);
    expect(await endQuietPeriod('conversation', b)).toBe('sent');
    // the next message is of the conversation just begun: no message mail of its own
    expect(await endQuietPeriod('message', b)).toBe('read');
    const mail = await waitForMail(t.smtp.mails, b.user.email as string, /gesprek met je begonnen/);
    expect(mail).toContain('Subject: Iemand is een gesprek met je begonnen op');
    expect(mail).toContain('Van: Annelies');
    expect(mail).toContain(`http://site.test/chats/${first.body.message.conversation_id}`);
    await allSent(b);
    expect(mailsTo(b)).toHaveLength(1);
  });

  it('mails one message notification for two messages within the quiet period, with HTML and a one-click unsubscribe', async () => {
    const { a, b, conversation } = await olderPair(await chatMember(t, { name: 'Bram' }));
    await sendText(t, a, { conversation }).expect(201);
    await sendText(t, a, { conversation }).expect(201);
    // both within one quiet period: the second joined the first's
    await decided('message', b, 2);
    expect(await endQuietPeriod('message', b)).toBe('sent');
    const mail = await waitForMail(t.smtp.mails, b.user.email as string, /nieuwe berichten/);
    expect(mail).toContain('Subject: Je hebt 2 nieuwe berichten op');
    expect(mail).toContain('Er staan 2 nieuwe berichten voor je klaar.');
    expect(mail).toContain('Van: Bram');
    expect(mail).toContain(`http://site.test/chats/${conversation}`);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toMatch(
      /List-Unsubscribe: <http:\/\/site\.test\/api\/unsubscribe\.php\?token=\d+\.[\w-]+>/,
    );
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await allSent(b);
    expect(mailsTo(b)).toHaveLength(1);
  });

  it('mails nothing while the member is online', async () => {
    const { a, b, conversation } = await olderPair();
    const socket = await connect(await listening(t), b.cookie);
    try {
      await sendText(t, a, { conversation }).expect(201);
      await decided('message', b);
      // no quiet period began
      await allSent(b);
      expect(mailsTo(b)).toHaveLength(0);
    } finally {
      socket.close();
    }
  });

  it('mails nothing when the member read the messages before the quiet period ended', async () => {
    const { a, b, conversation } = await olderPair();
    const sent = await sendText(t, a, { conversation }).expect(201);
    await read(t, b, conversation, sent.body.message.seq as number).expect(200);
    await decided('message', b);
    expect(await endQuietPeriod('message', b)).toBe('read');
    await allSent(b);
    expect(mailsTo(b)).toHaveLength(0);
  });

  it('honours the preference of each kind', async () => {
    const { a, b, conversation } = await olderPair();
    await prefer(b, { newMessages: false, like: false, newConversations: false });
    await sendText(t, a, { conversation }).expect(201);
    await like(a, b.profile.id);
    const e = await chatMember(t);
    await sendText(t, e, { member: b.profile.id }).expect(201);
    await decided('message', b);
    await decided('like', b);
    await decided('conversation', b);
    // no quiet period began
    await allSent(b);
    expect(mailsTo(b)).toHaveLength(0);

    await earlierLikes(b);
    await t.prisma.notificationPreference.update({
      where: { userId: b.user.id },
      data: { like: true },
    });
    // premium: the mail names who liked them (a free member's names nobody: a test below)
    await t.prisma.user.update({ where: { id: b.user.id }, data: { paidUser: true } });
    const c = await chatMember(t, { name: 'Cor' });
    const d = await chatMember(t, { name: 'Dirk' });
    await like(c, b.profile.id);
    await like(d, b.profile.id);
    await decided('like', b, 3);
    expect(await endQuietPeriod('like', b)).toBe('sent');
    const mail = await waitForMail(t.smtp.mails, b.user.email as string, /vinden je leuk/);
    expect(mail).toContain('Subject: 2 mensen vinden je leuk op');
    expect(mail).toContain('Van: Cor en Dirk');
    expect(mail).toContain('http://site.test/likes');
    await allSent(b);
    expect(mailsTo(b)).toHaveLength(1);
  });

  it('names no liker in a free member’s like mail while who liked them is premium’s', async () => {
    const b = await chatMember(t);
    const c = await chatMember(t, { name: 'Geheime Gijs' });
    await like(c, b.profile.id);
    await decided('like', b);
    expect(await endQuietPeriod('like', b)).toBe('sent');
    const mail = await waitForMail(t.smtp.mails, b.user.email as string, /vindt je leuk/);
    expect(mail).not.toContain('Geheime Gijs');
    expect(mail).not.toContain('Van:');
  });

  it('names a liker whose legacy name is a web address as defused text: no link of it in the HTML, nothing linkable in the text', async () => {
    // premium: a free member's like mail names nobody (the test above)
    const b = await chatMember(t, { paidUser: true });
    const c = await chatMember(t);
    // saved before names holding an address were refused (or by hand): the rule cannot stop it
    const name = 'https://vonkje-verify.example/login';
    await t.prisma.profile.update({ where: { id: c.profile.id }, data: { name } });
    await like(c, b.profile.id);
    await decided('like', b);
    expect(await endQuietPeriod('like', b)).toBe('sent');
    const mail = await waitForMail(t.smtp.mails, b.user.email as string, /vindt je leuk/);
    const part = (type: string) => {
      const start = mail.indexOf(`Content-Type: ${type}`);
      expect(start).toBeGreaterThan(-1);
      return mail.slice(start, mail.indexOf('\n--', start));
    };
    const [text, html] = [part('text/plain'), part('text/html')];
    expect(text).toContain('Van: https[:]//vonkje-verify[.]example/login');
    expect(html).toContain('Van: https[:]//vonkje-verify[.]example/login');
    for (const body of [text, html]) {
      expect(body).not.toMatch(/https?:\/\/vonkje-verify|vonkje-verify\.example/);
    }
    expect(html).not.toMatch(/<a [^>]*vonkje-verify/);
    // the layout's marks of members' values (U+E000, U+E001 in UTF-8, read byte by byte) never leave it
    expect(mail).not.toMatch(/\u00EE\u0080[\u0080\u0081]/);
    // the mail's own links are still there
    expect(html).toContain('href="http://site.test/likes"');
  });

  it('shows the unsubscribe page on GET without unsubscribing, and unsubscribes on the one-click POST until re-enabled', async () => {
    const a = await chatMember(t);
    const b = await chatMember(t, { language: 'en' });
    await like(a, b.profile.id);
    await decided('like', b);
    expect(await endQuietPeriod('like', b)).toBe('sent');
    await waitForMail(t.smtp.mails, b.user.email as string, /likes you/);
    // from the raw header (the decoding of readable() would take "=12" for a character)
    const url = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(mailsTo(b)[0].raw)?.[1] as string);
    const target = `${url.pathname}${url.search}`;

    const page = await t.http().get(target).expect(200);
    expect(page.text).toContain('Stop receiving notifications, reminders and updates by e-mail?');
    expect(page.text).toContain('<form method="post"');
    expect(await disabledOf(b)).toEqual([]);

    // what a mail client sends (RFC 8058): a form body, no session, no X-Request-Type
    const done = await t
      .http()
      .post(target)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(done.text).toContain('You are unsubscribed.');
    expect(await disabledOf(b)).toEqual(['listunsubscribe']);

    t.smtp.mails.length = 0;
    const c = await chatMember(t);
    await like(c, b.profile.id);
    await decided('like', b, 2);
    expect(mailsTo(b)).toHaveLength(0);
    // not even queued: no quiet period began, no mail was written
    expect(await quietPeriod('like', b)).toBeUndefined();
    expect(await t.prisma.mailIntent.count({ where: { userId: b.user.id } })).toBe(0);

    await earlierLikes(b);
    await t.prisma.user.update({ where: { id: b.user.id }, data: { notificationsDisabled: [] } });
    const d = await chatMember(t);
    await like(d, b.profile.id);
    await decided('like', b, 3);
    expect(await endQuietPeriod('like', b)).toBe('sent');
    await waitForMail(t.smtp.mails, b.user.email as string, /likes you/);
  });

  it('refuses an unsubscribe link whose token was not made for the member', async () => {
    const b = await chatMember(t);
    const forged = `${b.user.id}.${'A'.repeat(43)}`;
    const res = await t
      .http()
      .post(`/api/unsubscribe.php?token=${forged}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(400);
    expect(res.text).toContain('Deze afmeldlink klopt niet.');
    await t.http().get('/api/unsubscribe.php?token=nonsense').expect(400);
    expect(await disabledOf(b)).toEqual([]);
  });

  it('turns notification mails off on a signed Mailgun permanent failure, refuses its replay, and still sends credential mails', async () => {
    const a = await chatMember(t);
    const b = await chatMember(t);
    const event = signed('mailgun-failed-permanent.json', b.user.email as string);
    await t.post('/api/mail-events.php', event).expect(200);
    expect(await disabledOf(b)).toEqual(['bounce']);
    // the same call once more (a recorded request played again)
    await t.post('/api/mail-events.php', event).expect(403);

    await like(a, b.profile.id);
    await decided('like', b);
    // no quiet period began
    await allSent(b);
    expect(mailsTo(b)).toHaveLength(0);

    // a credential mail still goes, without List-Unsubscribe
    await t
      .post('/api/reset-password.php', { email: b.user.email, altcha: takeChallenge() })
      .expect(200);
    const reset = await waitForMail(t.smtp.mails, b.user.email as string, /wachtwoord/i);
    expect(reset).not.toContain('List-Unsubscribe');
    expect(reset).toMatch(/Content-Type: text\/html/);
  });

  it('drops a notification mail already written when notifications were turned off before it went', async () => {
    const outbox = t.worker.get(MailOutbox);
    const kept = await chatMember(t);
    const bounced = await chatMember(t);
    await t.prisma.user.update({
      where: { id: bounced.user.id },
      data: { notificationsDisabled: ['bounce'] },
    });
    await outbox.send({ userId: bounced.user.id, template: 'notify_like', params: { count: 1 } });
    await outbox.send({ userId: kept.user.id, template: 'notify_like', params: { count: 1 } });
    await waitForMail(t.smtp.mails, kept.user.email as string, /vindt je leuk/);
    // its intent goes once its job has dropped it (or sent it)
    await allSent(bounced);
    expect(mailsTo(bounced)).toHaveLength(0);
  });

  it('turns notification mails off on a Mailgun complaint (fbl)', async () => {
    const b = await chatMember(t);
    await t
      .post('/api/mail-events.php', signed('mailgun-complained.json', b.user.email as string))
      .expect(200);
    expect(await disabledOf(b)).toEqual(['fbl']);
  });

  it('refuses a Mailgun call with a wrong signature or an old timestamp, and accepts an unknown address', async () => {
    const b = await chatMember(t);
    const forged = signed(
      'mailgun-failed-permanent.json',
      b.user.email as string,
      'another-key-123',
    );
    await t.post('/api/mail-events.php', forged).expect(403);
    const stale = signed(
      'mailgun-failed-permanent.json',
      b.user.email as string,
      SIGNING_KEY,
      Date.now() - 3_600_000,
    );
    await t.post('/api/mail-events.php', stale).expect(403);
    // the recorded example as it is: signed long ago
    await t.post('/api/mail-events.php', fixture('mailgun-failed-permanent.json')).expect(403);
    await t.post('/api/mail-events.php', { signature: {} }).expect(400);
    expect(await disabledOf(b)).toEqual([]);
    await t
      .post('/api/mail-events.php', signed('mailgun-failed-permanent.json', 'nobody@example.com'))
      .expect(200);
  });

  it('reminds a member of messages unread for more than a day, at most once in a few days', async () => {
    const a = await chatMember(t);
    const b = await chatMember(t);
    const c = await chatMember(t);
    await prefer(c, { unreadMessageReminders: false });
    const toB = await sendText(t, a, { member: b.profile.id }).expect(201);
    await sendText(t, a, { member: c.profile.id }).expect(201);
    // the new-conversation mails of these sends go first, out of the way
    for (const m of [b, c]) {
      await decided('conversation', m);
      expect(await endQuietPeriod('conversation', m)).toBe('sent');
      await allSent(m);
    }
    t.smtp.mails.length = 0;
    await t.prisma.message.updateMany({
      where: { senderId: a.user.id },
      data: { createdAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    const task = t.worker.get(UnreadRemindersTask);
    await task.run();
    const mail = await waitForMail(t.smtp.mails, b.user.email as string, /ongelezen bericht/);
    expect(mail).toContain('Je hebt een bericht dat al meer dan een dag op je wacht.');
    expect(mail).toContain(`http://site.test/chats/${toB.body.message.conversation_id}`);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    await task.run();
    await allSent(b);
    await allSent(c);
    expect(mailsTo(b)).toHaveLength(1);
    expect(mailsTo(c)).toHaveLength(0);
  });

  it('counts in the reminder only the conversations the chats list shows: none with a member either side blocked', async () => {
    const a = await chatMember(t);
    const b = await chatMember(t);
    const blockedByB = await chatMember(t);
    const blockingB = await chatMember(t);
    const toB = await sendText(t, a, { member: b.profile.id }).expect(201);
    for (const from of [blockedByB, blockingB]) {
      await sendText(t, from, { member: b.profile.id }).expect(201);
    }
    // the new-conversation mail of these sends goes first, out of the way
    await decided('conversation', b, 3);
    expect(await endQuietPeriod('conversation', b)).toBe('sent');
    await allSent(b);
    t.smtp.mails.length = 0;
    for (const [who, whom] of [
      [b, blockedByB],
      [blockingB, b],
    ]) {
      await t.post('/api/block.php', { member: whom.profile.id }, who.cookie).expect(200);
    }
    await t.prisma.message.updateMany({
      where: { senderId: { in: [a.user.id, blockedByB.user.id, blockingB.user.id] } },
      data: { createdAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    await t.worker.get(UnreadRemindersTask).run();
    const mail = await waitForMail(t.smtp.mails, b.user.email as string, /ongelezen bericht/);
    const chats = await t.http().get('/api/chats.php').set('Cookie', b.cookie).expect(200);
    expect(chats.body.unread_messages).toBe(1);
    expect(mail).toContain('Je hebt een bericht dat al meer dan een dag op je wacht.');
    expect(mail).toContain(`http://site.test/chats/${toB.body.message.conversation_id}`);
  });

  it('mails the weekly update with new members of the gender sought that the member may see, once a week', async () => {
    const seeker = await chatMember(t, { gender: 'male', seekingGender: 'female', country: 'NL' });
    await t.prisma.user.update({
      where: { id: seeker.user.id },
      data: { signupDate: new Date(Date.now() - 8 * 86_400_000) },
    });
    const shown = await seedTestMember(t, {
      name: 'Weekly Sanne',
      gender: 'female',
      country: 'NL',
      age: 30,
    });
    await activeMainPhoto(t, shown.profile.id, 'w1');
    const noPhoto = await seedTestMember(t, {
      name: 'Weekly Fotoloos',
      gender: 'female',
      country: 'NL',
    });
    const male = await seedTestMember(t, { name: 'Weekly Kees', gender: 'male', country: 'NL' });
    await activeMainPhoto(t, male.profile.id, 'w2');
    const blocker = await seedTestMember(t, {
      name: 'Weekly Blokker',
      gender: 'female',
      country: 'NL',
    });
    await activeMainPhoto(t, blocker.profile.id, 'w3');
    await t.prisma.block.create({
      data: { blockerId: blocker.user.id, blockedId: seeker.user.id },
    });
    const hidden = await seedTestMember(t, {
      name: 'Weekly Onzichtbaar',
      gender: 'female',
      country: 'NL',
    });
    await activeMainPhoto(t, hidden.profile.id, 'w4');
    await t.prisma.profile.update({ where: { id: hidden.profile.id }, data: { invisible: true } });

    const task = t.worker.get(WeeklyUpdateTask);
    await task.run();
    const mail = await waitForMail(t.smtp.mails, seeker.user.email as string, /Nieuwe leden/);
    expect(mail).toContain('Weekly Sanne (30)');
    expect(mail).toContain(`http://site.test/members/${shown.profile.id}`);
    for (const absent of [noPhoto, male, blocker, hidden]) {
      expect(mail).not.toContain(absent.profile.name);
    }
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    await task.run();
    await allSent(seeker);
    expect(mailsTo(seeker)).toHaveLength(1);
  });

  it('sends the weekly update to nobody who turned it off', async () => {
    const seeker = await chatMember(t, { gender: 'female', seekingGender: 'male', country: 'NL' });
    await t.prisma.user.update({
      where: { id: seeker.user.id },
      data: { signupDate: new Date(Date.now() - 8 * 86_400_000) },
    });
    await prefer(seeker, { weeklyUpdates: false });
    const shown = await seedTestMember(t, { gender: 'male', country: 'NL' });
    await activeMainPhoto(t, shown.profile.id, 'w5');
    await t.worker.get(WeeklyUpdateTask).run();
    await allSent(seeker);
    expect(mailsTo(seeker)).toHaveLength(0);
  });
});
