import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FREE_MAX_CONVERSATIONS, SHARED_CATALOGUES } from '@app/contract';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app';
import { chatMember, get, sendGift, sendPhoto, sendText } from './helpers/chat';
import { PDF, SVG_WITH_SCRIPT, jpeg } from './helpers/images';

const nl = SHARED_CATALOGUES.nl.errors;

describe('chat: sending messages, paid with credits', () => {
  let t: TestApp;
  let storage: string;
  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'chat-'));
    t = await createTestApp({ STORAGE_DIR: storage, RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await rm(storage, { recursive: true, force: true });
  });

  const ledger = (userId: number) =>
    t.prisma.creditLedgerEntry.findMany({ where: { userId }, orderBy: { id: 'asc' } });

  it('stores exactly 10 of 50 concurrent sends from a member with credits for 10, and the ledger adds up', async () => {
    const a = await chatMember(t, { credits: 100, paidUser: true });
    const b = await chatMember(t);
    // one conversation first (10 credits), so the 50 race on sending only
    const first = await sendText(t, a, { member: b.profile.id }).expect(201);
    expect(first.body.credits).toBe(90);
    const conversation = first.body.message.conversation_id as number;

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sendText(t, a, { conversation }, `bericht ${i}`)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.filter((s) => s === 402)).toHaveLength(41);
    expect(answers.find((res) => res.status === 402)?.body).toMatchObject({
      error: 'insufficient_credits',
      message: nl.insufficient_credits,
    });

    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } });
    expect(user.credits).toBe(0);
    const messages = await t.prisma.message.count({ where: { senderId: a.user.id } });
    expect(messages).toBe(10);
    const rows = await ledger(a.user.id);
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.delta === -10 && row.reason === 'message')).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(-100);
    expect(rows.at(-1)?.balanceAfter).toBe(0);
    // every ledger row names its message, each message once
    const named = new Set(rows.map((row) => row.messageId));
    expect(named.size).toBe(10);
  });

  it('stores and charges a send retried with the same Idempotency-Key once, even when the retries race', async () => {
    const a = await chatMember(t, { credits: 50 });
    const b = await chatMember(t);
    const key = randomUUID();
    const firstAnswer = await sendText(t, a, { member: b.profile.id }, 'Eén keer', key).expect(201);
    const again = await sendText(t, a, { member: b.profile.id }, 'Eén keer', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(firstAnswer.body);

    const raceKey = randomUUID();
    const raced = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendText(t, a, { member: b.profile.id }, 'Tegelijk', raceKey),
      ),
    );
    expect(raced.filter((res) => res.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(raced.every((res) => res.status === 201 || res.status === 409)).toBe(true);

    expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(2);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } });
    expect(user.credits).toBe(30);
    expect(await ledger(a.user.id)).toHaveLength(2);
  });

  it('stores one message when two requests with one key get past the idempotency record', async () => {
    const a = await chatMember(t, { credits: 50 });
    const b = await chatMember(t);
    const key = randomUUID();
    await sendText(t, a, { member: b.profile.id }, 'Eerste', key).expect(201);
    // the kept answer is gone (it expired, say): the key on the message still holds
    await t.prisma.idempotencyRecord.deleteMany({});
    const again = await sendText(t, a, { member: b.profile.id }, 'Eerste', key).expect(201);
    expect(again.body.message.text).toBe('Eerste');
    expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(1);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } })).credits).toBe(40);
  });

  it('answers a repeat of a send that spent the last credits with its message, not with 402', async () => {
    const a = await chatMember(t, { credits: 20 });
    const b = await chatMember(t);
    const first = await sendText(t, a, { member: b.profile.id }).expect(201);
    const conversation = first.body.message.conversation_id as number;
    const key = randomUUID();
    const last = await sendText(t, a, { conversation }, 'Mijn laatste', key).expect(201);
    expect(last.body.credits).toBe(0);
    await t.prisma.idempotencyRecord.deleteMany({});
    const again = await sendText(t, a, { conversation }, 'Mijn laatste', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(last.body);
    expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(2);
    expect(await ledger(a.user.id)).toHaveLength(2);
  });

  it('refuses the same Idempotency-Key for another message with 422, storing nothing more', async () => {
    const a = await chatMember(t, { credits: 50 });
    const b = await chatMember(t);
    const key = randomUUID();
    await sendText(t, a, { member: b.profile.id }, 'Hallo', key).expect(201);
    const other = await sendText(t, a, { member: b.profile.id }, 'Iets anders', key).expect(422);
    expect(other.body.error).toBe('idempotency_key_reused');
    expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(1);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } })).credits).toBe(40);
  });

  it('refuses a send without an Idempotency-Key', async () => {
    const a = await chatMember(t);
    const b = await chatMember(t);
    const res = await t
      .http()
      .post('/api/message.php')
      .set('Cookie', a.cookie)
      .set('X-Request-Type', 'client')
      .send({ type: 'text', text: 'Hoi', member: b.profile.id })
      .expect(400);
    expect(res.body.error).toBe('idempotency_key_required');
    expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(0);
  });

  it('refuses a photo send whose key was used for another photo or another conversation with 422, charging once', async () => {
    const a = await chatMember(t, { credits: 100 });
    const [b, c] = [await chatMember(t), await chatMember(t)];
    const photo = await jpeg(900, 700);
    const key = randomUUID();
    const first = await sendPhoto(t, a, { member: b.profile.id }, photo, key).expect(201);
    // the same photo to the same member again (a lost answer): the first answer, nothing more
    const again = await sendPhoto(t, a, { member: b.profile.id }, photo, key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.message.id).toBe(first.body.message.id);
    const otherPhoto = await sendPhoto(t, a, { member: b.profile.id }, await jpeg(800, 700), key);
    expect([otherPhoto.status, otherPhoto.body.error]).toEqual([422, 'idempotency_key_reused']);
    const otherMember = await sendPhoto(t, a, { member: c.profile.id }, photo, key);
    expect([otherMember.status, otherMember.body.error]).toEqual([422, 'idempotency_key_reused']);
    const withC = await sendText(t, a, { member: c.profile.id }).expect(201);
    const conversation = withC.body.message.conversation_id as number;
    const otherConversation = await sendPhoto(t, a, { conversation }, photo, key);
    expect([otherConversation.status, otherConversation.body.error]).toEqual([
      422,
      'idempotency_key_reused',
    ]);
    // the photo once and the text: nothing else stored or charged
    expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(2);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } })).credits).toBe(75);
  });

  it('charges each type its price with a ledger row naming the message', async () => {
    const a = await chatMember(t, { credits: 200 });
    const b = await chatMember(t);
    const gifts = (await get(t, a, '/api/gifts.php').expect(200)).body.gifts as {
      id: number;
      slug: string;
      credits: number;
      image: string;
    }[];
    expect(gifts.length).toBeGreaterThanOrEqual(10);
    const rose = gifts.find((g) => g.slug === 'rose')!;
    expect(rose.image).toBe('/media/gifts/rose.svg');
    const picture = await t.http().get(rose.image).expect(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');

    const text = await sendText(t, a, { member: b.profile.id }).expect(201);
    const conversation = text.body.message.conversation_id as number;
    const gift = await sendGift(t, a, { conversation }, rose.id).expect(201);
    const photo = await sendPhoto(t, a, { conversation }, await jpeg(900, 700)).expect(201);

    expect(text.body.message).toMatchObject({
      type: 'text',
      credits: 10,
      mine: true,
      status: 'sent',
    });
    expect(gift.body.message).toMatchObject({ type: 'gift', credits: rose.credits, gift: rose });
    expect(photo.body.message).toMatchObject({ type: 'photo', credits: 15, text: null });
    expect(photo.body.credits).toBe(200 - 10 - rose.credits - 15);

    const rows = await ledger(a.user.id);
    expect(rows.map((row) => [row.reason, row.delta, row.messageId])).toEqual([
      ['message', -10, text.body.message.id],
      ['gift', -rose.credits, gift.body.message.id],
      ['photo', -15, photo.body.message.id],
    ]);
    expect(rows.at(-1)?.balanceAfter).toBe(photo.body.credits);
  });

  it('refuses a text longer than message_length and an empty one, storing and charging nothing', async () => {
    const a = await chatMember(t, { credits: 100 });
    const b = await chatMember(t);
    const long = await sendText(t, a, { member: b.profile.id }, 'x'.repeat(1001)).expect(400);
    expect(long.body).toMatchObject({
      error: 'message_too_long',
      message: nl.message_too_long_other.replace('{count}', '1000'),
      field: 'text',
    });
    // 1000 characters as people count them (emoji are one), after trimming
    await sendText(t, a, { member: b.profile.id }, ` ${'😀'.repeat(1000)} `).expect(201);
    const empty = await sendText(t, a, { member: b.profile.id }, '  \n ').expect(400);
    expect(empty.body).toMatchObject({ error: 'message_empty', message: nl.message_empty });
    expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(1);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } })).credits).toBe(90);
  });

  it('answers 404 for a gift that does not exist, and for a send naming both or neither target 400', async () => {
    const a = await chatMember(t, { credits: 100 });
    const b = await chatMember(t);
    const res = await sendGift(t, a, { member: b.profile.id }, 999_999).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found', field: 'gift' });
    await t
      .http()
      .post('/api/message.php')
      .set('Cookie', a.cookie)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', randomUUID())
      .send({ type: 'text', text: 'Hoi' })
      .expect(400);
    await sendText(t, a, { member: b.profile.id, conversation: 1 } as never).expect(400);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } })).credits).toBe(100);
  });

  it('blocks a send without enough credits with 402 insufficient_credits', async () => {
    const a = await chatMember(t, { credits: 9 });
    const b = await chatMember(t);
    const res = await sendText(t, a, { member: b.profile.id }).expect(402);
    expect(res.body.error).toBe('insufficient_credits');
    expect(await t.prisma.conversation.count({ where: { initiatorId: a.user.id } })).toBe(0);
  });

  it('refuses a free member’s third new conversation with 403 premium_only, even when starts race', async () => {
    const free = await chatMember(t);
    const others = await Promise.all(Array.from({ length: 4 }, () => chatMember(t)));
    const answers = await Promise.all(
      others.map((other) => sendText(t, free, { member: other.profile.id })),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(FREE_MAX_CONVERSATIONS);
    const refused = answers.filter((res) => res.status === 403);
    expect(refused).toHaveLength(4 - FREE_MAX_CONVERSATIONS);
    expect(refused[0].body).toMatchObject({ error: 'premium_only', message: nl.premium_only });
    expect(await t.prisma.conversation.count({ where: { initiatorId: free.user.id } })).toBe(2);
    // the page of a fifth member says so before anything is sent
    const fifth = await chatMember(t);
    const page = await get(t, free, `/api/chat.php?member=${fifth.profile.id}`).expect(200);
    expect(page.body).toMatchObject({ conversation: null, can_start: false, messages: [] });

    // replying in a conversation someone else started is always possible
    const writer = await chatMember(t);
    const started = await sendText(t, writer, { member: free.profile.id }).expect(201);
    await sendText(t, free, { conversation: started.body.message.conversation_id }).expect(201);
    // and a premium member starts as many as they like
    const premium = await chatMember(t, { paidUser: true });
    for (const other of others)
      await sendText(t, premium, { member: other.profile.id }).expect(201);
  });

  it('stores a chat photo re-encoded without metadata, served only to the two members', async () => {
    const a = await chatMember(t);
    const b = await chatMember(t);
    const stranger = await chatMember(t);
    const sent = await sendPhoto(
      t,
      a,
      { member: b.profile.id },
      await jpeg(1200, 900, { gps: true }),
    ).expect(201);
    const image = sent.body.message.image as { thumb_url: string; full_url: string; width: number };
    expect(image.width).toBe(1200);
    const forB = await get(t, b, image.full_url).expect(200);
    expect(forB.headers['content-type']).toBe('image/webp');
    const meta = await sharp(forB.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('webp');
    await get(t, a, image.thumb_url).expect(200);
    // another member, or nobody, with the same URL: 404
    await get(t, stranger, image.full_url).expect(404);
    await t.http().get(image.full_url).expect(404);
    // a tampered signature too
    await get(t, b, image.full_url.replace(/s=[^&]+/, 's=forged')).expect(404);
  });

  it.each([
    ['the recipient blocks the sender', 'recipient'],
    ['the sender blocks the recipient', 'sender'],
  ])(
    'stops serving a chat photo to both members at the URLs handed out before, while %s',
    async (_name, who) => {
      const a = await chatMember(t);
      const b = await chatMember(t);
      const sent = await sendPhoto(t, a, { member: b.profile.id }, await jpeg(900, 700)).expect(
        201,
      );
      const image = sent.body.message.image as { thumb_url: string; full_url: string };
      for (const member of [a, b]) await get(t, member, image.full_url).expect(200);
      const [blocker, blocked] = who === 'recipient' ? [b, a] : [a, b];
      const block = (method: 'post' | 'delete') =>
        (method === 'post' ? t.http().post('/api/block.php') : t.http().delete('/api/block.php'))
          .set('Cookie', blocker.cookie)
          .set('X-Request-Type', 'client')
          .send({ member: blocked.profile.id })
          .expect(200);
      await block('post');
      for (const member of [a, b]) {
        for (const url of [image.full_url, image.thumb_url]) {
          const res = await get(t, member, url).expect(404);
          expect(res.headers['cache-control']).toBe('no-store');
        }
      }
      // lifting the block reopens the conversation, and its photos with it
      await block('delete');
      for (const member of [a, b]) await get(t, member, image.full_url).expect(200);
    },
  );

  it('refuses what is not a photo, leaving no file and charging nothing', async () => {
    const a = await chatMember(t, { credits: 100 });
    const b = await chatMember(t);
    const before = (await readdir(path.join(storage, 'chat')).catch(() => [])).length;
    const svg = await sendPhoto(t, a, { member: b.profile.id }, SVG_WITH_SCRIPT).expect(415);
    expect(svg.body.error).toBe('photo_type_unsupported');
    await sendPhoto(t, a, { member: b.profile.id }, PDF).expect(415);
    const broken = (await jpeg(900, 700)).subarray(0, 2000);
    expect((await sendPhoto(t, a, { member: b.profile.id }, broken).expect(422)).body.error).toBe(
      'photo_unreadable',
    );
    const tiny = await sendPhoto(t, a, { member: b.profile.id }, await jpeg(100, 100)).expect(422);
    expect(tiny.body.error).toBe('photo_too_small');
    // not enough credits: refused before the photo is processed
    const poor = await chatMember(t, { credits: 14 });
    await sendPhoto(t, poor, { member: b.profile.id }, await jpeg(900, 700)).expect(402);
    expect((await readdir(path.join(storage, 'chat')).catch(() => [])).length).toBe(before);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } })).credits).toBe(100);
    expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(0);
  });
});

describe('chat: the sending limit', () => {
  const t = useTestApp({ RATE_LIMIT_MESSAGES_PER_MINUTE: '3' });

  it('refuses a member’s sends beyond the per-minute limit with 429 and Retry-After, charging nothing', async () => {
    const a = await chatMember(t, { credits: 100, paidUser: true });
    const b = await chatMember(t);
    for (let i = 0; i < 3; i++) await sendText(t, a, { member: b.profile.id }, `${i}`).expect(201);
    const refused = await sendText(t, a, { member: b.profile.id }, 'te veel').expect(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } })).credits).toBe(70);
    // another member is not held back by it
    await sendText(t, b, { member: a.profile.id }, 'Hoi').expect(201);
  });
});
