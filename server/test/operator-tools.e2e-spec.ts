import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@app/contract';
import { staffAccount, cookieOf, type StaffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { chatMember, get, sendText } from './helpers/chat';
import { jpeg } from './helpers/images';
import { connect, listening, type Received } from './helpers/sockets';

interface Staffer {
  account: StaffAccount;
  cookie: string;
}

/**
 * The operators' tools (issue 38 item 5): a photo library per chat partner, photos and gifts
 * sent as the partner through the text reply's lock, audit and idempotency, the "next
 * conversation" button, and the admins' review per operator.
 */
describe('operators: a partner photo library, gifts as the partner, the next conversation and the review', () => {
  let t: TestApp;
  let base: string;
  let admin: Staffer;
  let utrecht: { id: number };
  const sockets: Received[] = [];

  const staffer = async (roles: ('admin' | 'operator' | 'moderator')[]): Promise<Staffer> => {
    const account = await staffAccount(t, roles);
    return { account, cookie: await cookieOf(account, t) };
  };
  const as = (who: { cookie: string }) => ({
    get: (path: string) => t.http().get(path).set('Cookie', who.cookie),
    post: (path: string, body: object = {}, key: string = randomUUID()) =>
      t
        .http()
        .post(path)
        .set('Cookie', who.cookie)
        .set('X-Request-Type', 'client')
        .set('Idempotency-Key', key)
        .send(body),
    delete: (path: string) =>
      t.http().delete(path).set('Cookie', who.cookie).set('X-Request-Type', 'client'),
    upload: (path: string, photo: Buffer) =>
      t
        .http()
        .post(path)
        .set('Cookie', who.cookie)
        .set('X-Request-Type', 'client')
        .attach('photo', photo, 'holiday.jpg'),
  });
  const partnerForm = (name: string) => ({
    name,
    gender: 'female',
    seeking_gender: 'male',
    date_of_birth: '1991-06-02',
    country: 'NL',
    city_id: utrecht.id,
    about: 'Fietsen langs de Vecht.',
    hair_color: 'blond',
  });
  async function partner(name = 'Sanne'): Promise<number> {
    const made = await as(admin).post('/api/staff/partners', partnerForm(name)).expect(201);
    return made.body.partner.id as number;
  }
  /** A library photo of the partner (through the API), its id. */
  async function libraryPhoto(partnerId: number): Promise<number> {
    const res = await as(admin)
      .upload(`/api/staff/partners/${partnerId}/library`, await jpeg(900, 700))
      .expect(201);
    return res.body.photos[0].id as number;
  }
  /** A paying member who wrote the partner, and the conversation. */
  async function written(partnerId: number, text = 'Hoi!') {
    const member = await chatMember(t, { paidUser: true });
    const sent = await sendText(t, member, { member: partnerId }, text).expect(201);
    return { member, conversation: sent.body.message.conversation_id as number };
  }
  const audit = (action: string) =>
    t.prisma.staffAuditEntry.findMany({ where: { action }, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    t = await createTestApp();
    base = await listening(t);
    admin = await staffer(['admin']);
    utrecht = await t.prisma.city.findFirstOrThrow({
      where: { countryCode: 'NL', name: 'Utrecht' },
      select: { id: true },
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('lets an admin fill a partner’s library through the photo pipeline, shown to staff only, each change audited', async () => {
    const id = await partner();
    const res = await as(admin)
      .upload(`/api/staff/partners/${id}/library`, await jpeg(900, 700, { gps: true }))
      .expect(201);
    expect(res.body.partner).toMatchObject({ id, fictional: true });
    expect(res.body.photos).toHaveLength(1);
    const photo = res.body.photos[0];
    // re-encoded by the pipeline: the stored name is ours, the dimensions the decoded ones
    const row = await t.prisma.partnerLibraryPhoto.findUniqueOrThrow({ where: { id: photo.id } });
    expect(row).toMatchObject({ profileId: id, width: 900, height: 700 });
    expect(row.filename).not.toContain('holiday');
    // a file that only claims to be a photo is refused
    await t
      .http()
      .post(`/api/staff/partners/${id}/library`)
      .set('Cookie', admin.cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', Buffer.from('not an image at all'), 'x.jpg')
      .expect((r) => expect([400, 415]).toContain(r.status));

    // the file: to a staff session that answers chat partners, never to a member or a visitor
    const operator = await staffer(['operator']);
    const file = await as(operator).get(photo.thumb_url).expect(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const member = await chatMember(t);
    await get(t, member, photo.thumb_url).expect(404);
    await t.http().get(photo.full_url).expect(404);
    const moderator = await staffer(['moderator']);
    await as(moderator).get(photo.full_url).expect(404);

    await as(admin).delete(`/api/staff/partners/${id}/library/${photo.id}`).expect(200);
    expect(await t.prisma.partnerLibraryPhoto.count({ where: { profileId: id } })).toBe(0);
    await as(operator).get(photo.thumb_url).expect(404);
    const actions = (
      await t.prisma.staffAuditEntry.findMany({
        where: {
          actorId: admin.account.id,
          subjectType: 'partner_library_photo',
          subjectId: String(photo.id),
        },
        orderBy: { id: 'asc' },
      })
    ).map((entry) => entry.action);
    expect(actions).toEqual(['partner.library_photo_added', 'partner.library_photo_removed']);
    // a member's profile has no library
    await as(admin).get(`/api/staff/partners/${member.profile.id}/library`).expect(404);
  });

  it('answers the new routes to their roles only', async () => {
    const id = await partner();
    const photo = await libraryPhoto(id);
    const { conversation } = await written(id);
    const [operator, moderator] = await Promise.all([
      staffer(['operator']),
      staffer(['moderator']),
    ]);
    const routes: { who: Staffer; call: () => Promise<{ status: number }>; allowed: boolean }[] =
      [];
    for (const [who, isAdmin, isOperator] of [
      [admin, true, true],
      [operator, false, true],
      [moderator, false, false],
    ] as const) {
      routes.push(
        { who, allowed: isAdmin, call: () => as(who).get(`/api/staff/partners/${id}/library`) },
        {
          who,
          allowed: isAdmin,
          call: () => as(who).post(`/api/staff/partners/${id}/library`, {}),
        },
        {
          who,
          allowed: isAdmin,
          call: () => as(who).delete(`/api/staff/partners/${id}/library/${photo + 1000}`),
        },
        { who, allowed: isAdmin, call: () => as(who).get('/api/staff/operators') },
        {
          who,
          allowed: isAdmin,
          call: () => as(who).get(`/api/staff/operators/${operator.account.id}`),
        },
        { who, allowed: isOperator, call: () => as(who).get('/api/staff/inbox/gifts') },
        {
          who,
          allowed: isOperator,
          call: () => as(who).get(`/api/staff/inbox/${conversation}/library`),
        },
        {
          who,
          allowed: isOperator,
          call: () => as(who).post(`/api/staff/inbox/${conversation}/photo`, { photo: 0 }),
        },
        {
          who,
          allowed: isOperator,
          call: () => as(who).post(`/api/staff/inbox/${conversation}/gift`, { gift: 0 }),
        },
      );
    }
    const wrong: string[] = [];
    for (const [index, route] of routes.entries()) {
      const res = await route.call();
      if ((res.status === 403) === route.allowed) wrong.push(`${index}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    // the member side: a member session gets nothing of the console
    const member = await chatMember(t);
    await get(t, member, '/api/staff/inbox/gifts').expect(403);
    await get(t, member, `/api/staff/partners/${id}/library`).expect(403);
  });

  it('sends a photo of the partner’s own library as the partner: live to the member, their own copy, free, once per key, audited', async () => {
    const sanne = await partner('Sanne');
    const lisa = await partner('Lisa');
    const [own, others] = await Promise.all([libraryPhoto(sanne), libraryPhoto(lisa)]);
    const { member, conversation } = await written(sanne, 'Stuur eens een foto?');
    const before = await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    const operator = await staffer(['operator']);
    const tab = await connect(base, member.cookie);
    sockets.push(tab);

    // the library offered in the conversation is the partner's own
    const library = (await as(operator).get(`/api/staff/inbox/${conversation}/library`).expect(200))
      .body;
    expect(library.partner).toMatchObject({ id: sanne, fictional: true });
    expect(library.photos.map((p: { id: number }) => p.id)).toEqual([own]);
    // another partner's photo is not this partner's to send
    const refused = await as(operator)
      .post(`/api/staff/inbox/${conversation}/photo`, { photo: others })
      .expect(404);
    expect(refused.body.error).toBe('not_found');

    const key = randomUUID();
    const sent = await as(operator)
      .post(`/api/staff/inbox/${conversation}/photo`, { photo: own }, key)
      .expect(201);
    const again = await as(operator)
      .post(`/api/staff/inbox/${conversation}/photo`, { photo: own }, key)
      .expect(201);
    expect(again.body.message.id).toBe(sent.body.message.id);
    expect(sent.body.message).toMatchObject({ type: 'photo', sender: sanne, credits: 0 });

    const [live] = await tab.waitFor<{ message: ChatMessage }>('message:new');
    expect(live.message).toMatchObject({ type: 'photo', sender: sanne, mine: false });
    // the member fetches the photo: a copy in the chat storage, not the library's file
    await get(t, member, live.message.image!.thumb_url).expect(200);
    const stored = await t.prisma.message.findMany({
      where: { conversationId: conversation, operatorId: operator.account.id },
    });
    expect(stored).toHaveLength(1);
    const libraryRow = await t.prisma.partnerLibraryPhoto.findUniqueOrThrow({ where: { id: own } });
    expect(stored[0].imageFilename).not.toBe(libraryRow.filename);
    expect(stored[0]).toMatchObject({ type: 'photo', creditsCost: 0 });
    expect(stored[0].waitedSince).not.toBeNull();
    // free: the member's balance is untouched, and nobody's ledger names the message
    const after = await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(after.credits).toBe(before.credits);
    expect(await t.prisma.creditLedgerEntry.count({ where: { messageId: stored[0].id } })).toBe(0);
    expect(await audit('inbox.photo_sent')).toEqual([
      expect.objectContaining({
        actorId: operator.account.id,
        targetUserId: member.user.id,
        subjectId: String(stored[0].id),
        after: { conversation, library_photo: own },
      }),
    ]);
    // answered: the conversation left the inbox
    const conv = await t.prisma.conversation.findUniqueOrThrow({ where: { id: conversation } });
    expect(conv.awaitingReplySince).toBeNull();
  });

  it('sends a gift as the partner, free for the member and charged to nobody, live and audited', async () => {
    const sanne = await partner('Sanne');
    const { member, conversation } = await written(sanne);
    const operator = await staffer(['operator']);
    const tab = await connect(base, member.cookie);
    sockets.push(tab);
    const gifts = (await as(operator).get('/api/staff/inbox/gifts').expect(200)).body.gifts;
    expect(gifts.length).toBeGreaterThan(0);
    const gift = gifts[0] as { id: number; credits: number };
    expect(gift.credits).toBeGreaterThan(0);
    const before = await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    const ledgerBefore = await t.prisma.creditLedgerEntry.count();

    await as(operator).post(`/api/staff/inbox/${conversation}/gift`, { gift: 999_999 }).expect(404);
    const sent = await as(operator)
      .post(`/api/staff/inbox/${conversation}/gift`, { gift: gift.id })
      .expect(201);
    expect(sent.body.message).toMatchObject({ type: 'gift', sender: sanne, credits: 0 });
    const [live] = await tab.waitFor<{ message: ChatMessage }>('message:new');
    expect(live.message).toMatchObject({ type: 'gift', sender: sanne, gift: { id: gift.id } });
    const after = await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(after.credits).toBe(before.credits);
    expect(await t.prisma.creditLedgerEntry.count()).toBe(ledgerBefore);
    expect((await audit('inbox.gift_sent')).at(-1)).toMatchObject({
      actorId: operator.account.id,
      targetUserId: member.user.id,
      subjectId: String(sent.body.message.id),
      after: { conversation, gift: gift.id },
    });
  });

  it('sends a photo or a gift only while the operator holds the conversation', async () => {
    const sanne = await partner();
    const photo = await libraryPhoto(sanne);
    const { conversation } = await written(sanne);
    const [a, b] = await Promise.all([staffer(['operator']), staffer(['operator'])]);
    await as(a).post(`/api/staff/inbox/${conversation}/open`).expect(200);
    const gift = (await as(b).get('/api/staff/inbox/gifts').expect(200)).body.gifts[0].id;
    const locked = await as(b)
      .post(`/api/staff/inbox/${conversation}/photo`, { photo })
      .expect(409);
    expect(locked.body.error).toBe('conversation_locked');
    await as(b).post(`/api/staff/inbox/${conversation}/gift`, { gift }).expect(409);
    expect(await t.prisma.message.count({ where: { conversationId: conversation } })).toBe(1);
    await as(a).post(`/api/staff/inbox/${conversation}/gift`, { gift }).expect(201);
  });

  it('keeps the honest answer first: no photo or gift while the member’s question whether a real person writes is unanswered', async () => {
    const sanne = await partner('Sanne');
    const photo = await libraryPhoto(sanne);
    const { conversation } = await written(sanne, 'Ben je wel echt? Stuur een foto');
    const operator = await staffer(['operator']);
    const opened = (await as(operator).post(`/api/staff/inbox/${conversation}/open`).expect(200))
      .body.conversation;
    expect(opened.asks_real).toBe(true);
    const gift = (await as(operator).get('/api/staff/inbox/gifts').expect(200)).body.gifts[0].id;
    const refused = await as(operator)
      .post(`/api/staff/inbox/${conversation}/photo`, { photo })
      .expect(409);
    expect(refused.body.error).toBe('honest_answer_first');
    expect(refused.body.message).toContain('eerlijke antwoord');
    await as(operator).post(`/api/staff/inbox/${conversation}/gift`, { gift }).expect(409);
    // the honest answer goes, then the photo may follow
    await as(operator)
      .post(`/api/staff/inbox/${conversation}/reply`, { text: opened.honest_answer })
      .expect(201);
    await as(operator).post(`/api/staff/inbox/${conversation}/photo`, { photo }).expect(201);
  });

  it('gives operators pressing "next conversation" at once each a different conversation, longest-waiting first, never one another holds', async () => {
    const sanne = await partner();
    const waiting = [];
    for (let i = 0; i < 5; i++) waiting.push((await written(sanne, `Bericht ${i}`)).conversation);
    // these five waited longest of all (the others in this file's database waited less)
    for (const [i, id] of waiting.entries()) {
      await t.prisma.conversation.update({
        where: { id },
        data: { awaitingReplySince: new Date(Date.UTC(2001, 0, 1, 0, i)) },
      });
    }
    // the longest-waiting one is held by another operator: nobody else gets it
    const holder = await staffer(['operator']);
    await as(holder).post(`/api/staff/inbox/${waiting[0]}/open`).expect(200);

    const operators = await Promise.all([1, 2, 3, 4].map(() => staffer(['operator'])));
    const results = await Promise.all(operators.map((o) => as(o).post('/api/staff/inbox/next')));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const got = results.map((r) => r.body.conversation.conversation_id as number);
    expect(new Set(got).size).toBe(4);
    expect([...got].sort((x, y) => x - y)).toEqual(waiting.slice(1).sort((x, y) => x - y));
    for (const [i, res] of results.entries()) {
      expect(res.body.conversation.lock).toMatchObject({
        mine: true,
        operator: { id: operators[i].account.id },
      });
      expect(res.body.conversation.partner).toMatchObject({ id: sanne, fictional: true });
    }
    const holds = await t.prisma.operatorLock.findMany({ where: { conversationId: { in: got } } });
    expect(new Set(holds.map((h) => h.operatorId)).size).toBe(4);
    expect((await audit('inbox.next_claimed')).length).toBeGreaterThanOrEqual(4);

    // pressing again releases the operator's hold and hands them another conversation
    const first = operators[0];
    const left = got[0];
    const next = await as(first).post('/api/staff/inbox/next').expect(200);
    expect(next.body.conversation?.conversation_id).not.toBe(left);
    expect(await t.prisma.operatorLock.findUnique({ where: { conversationId: left } })).toBeNull();
    expect((await audit('inbox.next_claimed')).at(-1)?.after).toMatchObject({ released: [left] });

    // nothing waits: null, and the operator holds nothing
    await t.prisma.conversation.updateMany({ data: { awaitingReplySince: null } });
    const none = await as(first).post('/api/staff/inbox/next').expect(200);
    expect(none.body.conversation).toBeNull();
    expect(await t.prisma.operatorLock.count({ where: { operatorId: first.account.id } })).toBe(0);
  });

  it('shows admins per operator the answered conversations, reply times and a random sample of replies for the period, the review audited', async () => {
    const sanne = await partner('Sanne');
    const operator = await staffer(['operator']);
    const one = await written(sanne, 'Hoe was je dag?');
    const two = await written(sanne, 'Zin in een wandeling?');
    await t.prisma.conversation.update({
      where: { id: one.conversation },
      data: { awaitingReplySince: new Date(Date.now() - 120_000) },
    });
    await as(operator)
      .post(`/api/staff/inbox/${one.conversation}/reply`, { text: 'Heerlijk, en de jouwe?' })
      .expect(201);
    await as(operator)
      .post(`/api/staff/inbox/${two.conversation}/reply`, { text: 'Altijd!' })
      .expect(201);
    const gift = (await as(operator).get('/api/staff/inbox/gifts').expect(200)).body.gifts[0].id;
    await as(operator).post(`/api/staff/inbox/${two.conversation}/gift`, { gift }).expect(201);

    const list = (await as(admin).get('/api/staff/operators?days=1').expect(200)).body;
    expect(list.days).toBe(1);
    const row = list.operators.find(
      (r: { operator: { id: number } }) => r.operator.id === operator.account.id,
    );
    expect(row).toMatchObject({ answered_conversations: 2, replies: 3, gifts: 1, photos: 0 });
    expect(row.median_seconds).toBeGreaterThanOrEqual(0);
    expect(row.p90_seconds).toBeGreaterThanOrEqual(100);
    // an operator who has not answered yet is listed too, with no reply times
    const idle = await staffer(['operator']);
    const again = (await as(admin).get('/api/staff/operators?days=1').expect(200)).body;
    expect(
      again.operators.find((r: { operator: { id: number } }) => r.operator.id === idle.account.id),
    ).toMatchObject({ replies: 0, answered_conversations: 0, median_seconds: null });

    const review = (
      await as(admin).get(`/api/staff/operators/${operator.account.id}?days=1`).expect(200)
    ).body;
    expect(review.figures).toMatchObject({ answered_conversations: 2, replies: 3 });
    expect(review.sample).toHaveLength(3);
    const texts = review.sample.map((s: { text: string | null }) => s.text);
    expect(texts).toEqual(expect.arrayContaining(['Heerlijk, en de jouwe?', 'Altijd!', null]));
    const answered = review.sample.find(
      (s: { text: string | null }) => s.text === 'Heerlijk, en de jouwe?',
    );
    expect(answered).toMatchObject({
      conversation_id: one.conversation,
      in_reply_to: 'Hoe was je dag?',
      partner: { id: sanne, fictional: true },
      member: { id: one.member.profile.id },
    });
    expect(answered.waited_seconds).toBeGreaterThanOrEqual(100);
    expect(review.sample.find((s: { type: string }) => s.type === 'gift').gift).not.toBeNull();
    expect(JSON.stringify(review)).not.toContain('@');
    expect((await audit('operator.review_viewed')).at(-1)).toMatchObject({
      actorId: admin.account.id,
      subjectId: String(operator.account.id),
    });

    await as(admin).get('/api/staff/operators?days=12').expect(400);
    const member = await chatMember(t);
    await as(admin).get(`/api/staff/operators/${member.user.id}`).expect(404);
    await as(operator).get(`/api/staff/operators/${operator.account.id}`).expect(403);
  });
});
