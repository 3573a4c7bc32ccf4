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

describe('chat partners in the staff console: made by admins, answered honestly by operators', () => {
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
    post: (path: string, body: object = {}) =>
      t
        .http()
        .post(path)
        .set('Cookie', who.cookie)
        .set('X-Request-Type', 'client')
        .set('Idempotency-Key', randomUUID())
        .send(body),
    put: (path: string, body: object) =>
      t.http().put(path).set('Cookie', who.cookie).set('X-Request-Type', 'client').send(body),
  });
  const partnerForm = (overrides: object = {}) => ({
    name: 'Sanne',
    gender: 'female',
    seeking_gender: 'male',
    date_of_birth: '1990-04-12',
    country: 'NL',
    city_id: utrecht.id,
    about: 'Ik hou van fietsen langs de Vecht.',
    hair_color: 'blond',
    ...overrides,
  });
  /** A chat partner made through the API, and a paying member who wrote it. */
  async function writtenPartner(text = 'Hoi Sanne!') {
    const made = await as(admin).post('/api/staff/partners', partnerForm()).expect(201);
    const partnerId = made.body.partner.id as number;
    const member = await chatMember(t, { paidUser: true });
    const sent = await sendText(t, member, { member: partnerId }, text).expect(201);
    return { partnerId, member, conversation: sent.body.message.conversation_id as number };
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

  it('lets an admin create and edit a chat partner, always fictional, with a photo through the pipeline, each step audited', async () => {
    const created = await as(admin).post('/api/staff/partners', partnerForm()).expect(201);
    const partner = created.body.partner;
    expect(partner).toMatchObject({ name: 'Sanne', fictional: true, city_id: utrecht.id });
    const id = partner.id as number;

    // the profile editor's rules hold for chat partners too
    const young = await as(admin)
      .post('/api/staff/partners', partnerForm({ date_of_birth: '2015-01-01' }))
      .expect(400);
    expect(young.body.field).toBe('date_of_birth');

    await as(admin)
      .put(`/api/staff/partners/${id}`, partnerForm({ name: 'Sanne B', about: 'Nieuw' }))
      .expect(200);
    const upload = await t
      .http()
      .post(`/api/staff/partners/${id}/photos`)
      .set('Cookie', admin.cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', await jpeg(800, 600, { gps: true }), 'sanne.jpg')
      .expect(201);
    expect(upload.body.partner.photos).toHaveLength(1);
    const stored = await t.prisma.photo.findFirstOrThrow({ where: { profileId: id } });
    expect(stored).toMatchObject({ status: 'active', width: 800, height: 600 });
    expect(stored.filename).not.toContain('sanne');
    // a file that only claims to be a photo is refused
    await t
      .http()
      .post(`/api/staff/partners/${id}/photos`)
      .set('Cookie', admin.cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', Buffer.from('not an image at all'), 'x.jpg')
      .expect((res) => expect([400, 415]).toContain(res.status));

    const list = (await as(admin).get('/api/staff/partners').expect(200)).body.partners;
    expect(list.find((p: { id: number }) => p.id === id)).toMatchObject({
      name: 'Sanne B',
      fictional: true,
    });
    await t
      .http()
      .delete(`/api/staff/partners/${id}/photos/${stored.id}`)
      .set('Cookie', admin.cookie)
      .set('X-Request-Type', 'client')
      .expect(200);

    const actions = (
      await t.prisma.staffAuditEntry.findMany({
        where: { actorId: admin.account.id, subjectId: { in: [String(id), String(stored.id)] } },
        orderBy: { id: 'asc' },
      })
    ).map((row) => row.action);
    expect(actions).toEqual([
      'partner.created',
      'partner.updated',
      'partner.photo_added',
      'partner.photo_removed',
    ]);
    const updated = (await audit('partner.updated')).find((row) => row.subjectId === String(id))!;
    expect(updated.before).toMatchObject({ name: 'Sanne' });
    expect(updated.after).toMatchObject({ name: 'Sanne B' });
    // a real member's profile is not a chat partner
    const member = await chatMember(t);
    await as(admin).get(`/api/staff/partners/${member.profile.id}`).expect(404);
  });

  it('refuses in the database to remove the fictional flag of a chat partner that has chatted', async () => {
    const { partnerId } = await writtenPartner();
    await expect(
      t.prisma.profile.update({ where: { id: partnerId }, data: { fictional: false } }),
    ).rejects.toThrow(/stays fictional/);
    // one that never chatted may still be corrected
    const fresh = await as(admin).post('/api/staff/partners', partnerForm()).expect(201);
    await t.prisma.profile.update({
      where: { id: fresh.body.partner.id },
      data: { fictional: false },
    });
  });

  it('lists waiting conversations longest first, with the newest message and no e-mail', async () => {
    const operator = await staffer(['operator']);
    const first = await writtenPartner('Eerste');
    const second = await writtenPartner('Tweede');
    const inbox = (await as(operator).get('/api/staff/inbox').expect(200)).body;
    const ids = inbox.conversations.map((c: { conversation_id: number }) => c.conversation_id);
    expect(ids.indexOf(first.conversation)).toBeLessThan(ids.indexOf(second.conversation));
    expect(inbox.waiting).toBeGreaterThanOrEqual(2);
    const item = inbox.conversations.find(
      (c: { conversation_id: number }) => c.conversation_id === second.conversation,
    );
    expect(item).toMatchObject({
      partner: { id: second.partnerId, fictional: true },
      member: { id: second.member.profile.id },
      preview: 'Tweede',
      lock: null,
    });
    expect(JSON.stringify(inbox)).not.toContain('@');
    // a moderator has no inbox
    const moderator = await staffer(['moderator']);
    await as(moderator).get('/api/staff/inbox').expect(403);
  });

  it('gives a conversation to exactly one of two operators racing to open it', async () => {
    const { conversation } = await writtenPartner();
    const [a, b] = await Promise.all([staffer(['operator']), staffer(['operator'])]);
    const results = await Promise.all(
      [a, b, a, b].map((who) => as(who).post(`/api/staff/inbox/${conversation}/open`)),
    );
    const statuses = results.map((r) => r.status);
    const winners = new Set(
      results.filter((r) => r.status === 200).map((r) => r.body.conversation.lock.operator.id),
    );
    expect(winners.size).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(2);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error).toBe('conversation_locked');
    const winner = [a, b].find((who) => winners.has(who.account.id))!;
    const other = winner === a ? b : a;
    // the other cannot reply either (through the console or the spec's route)
    await as(other).post(`/api/staff/inbox/${conversation}/reply`, { text: 'Ik ook' }).expect(409);
    await as(other).post('/api/operator-reply.php', { conversation, text: 'Ik ook' }).expect(409);
    expect(await audit('inbox.opened')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorId: winner.account.id, subjectId: String(conversation) }),
      ]),
    );
  });

  it('lets the lock expire after inactivity, and lets an admin take over a live one (audited)', async () => {
    const { conversation } = await writtenPartner();
    const [a, b] = await Promise.all([staffer(['operator']), staffer(['operator'])]);
    await as(a).post(`/api/staff/inbox/${conversation}/open`).expect(200);
    await as(b).post(`/api/staff/inbox/${conversation}/open`).expect(409);
    // an operator cannot take over
    await as(b).post(`/api/staff/inbox/${conversation}/take-over`).expect(403);
    await t.prisma.operatorLock.update({
      where: { conversationId: conversation },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const got = await as(b).post(`/api/staff/inbox/${conversation}/open`).expect(200);
    expect(got.body.conversation.lock).toMatchObject({
      mine: true,
      operator: { id: b.account.id },
    });

    const taken = await as(admin).post(`/api/staff/inbox/${conversation}/take-over`).expect(200);
    expect(taken.body.conversation.lock.operator.id).toBe(admin.account.id);
    await as(b).post(`/api/staff/inbox/${conversation}/reply`, { text: 'Nog ik?' }).expect(409);
    const row = (await audit('inbox.taken_over')).find(
      (r) => r.subjectId === String(conversation),
    )!;
    expect(row).toMatchObject({ actorId: admin.account.id });
    expect(row.before).toMatchObject({ operator_id: b.account.id });
    expect(row.after).toMatchObject({ operator_id: admin.account.id });
  });

  it('sends the reply through the chat path: live to the member, labelled fictional, the operator and the wait recorded, audited, out of the inbox', async () => {
    const { conversation, member, partnerId } = await writtenPartner('Hallo?');
    const operator = await staffer(['operator']);
    const console = await connect(base, operator.cookie, { namespace: '/staff' });
    const tab = await connect(base, member.cookie);
    sockets.push(console, tab);
    await as(operator).post(`/api/staff/inbox/${conversation}/open`).expect(200);
    const key = randomUUID();
    const reply = () =>
      t
        .http()
        .post(`/api/staff/inbox/${conversation}/reply`)
        .set('Cookie', operator.cookie)
        .set('X-Request-Type', 'client')
        .set('Idempotency-Key', key)
        .send({ text: 'Hoi! Leuk dat je schrijft.' });
    const sent = await reply().expect(201);
    await reply().expect(201); // the same key: one message
    expect(sent.body.message).toMatchObject({ sender: partnerId, credits: 0 });
    const [live] = await tab.waitFor<{ message: ChatMessage }>('message:new');
    expect(live.message).toMatchObject({
      text: 'Hoi! Leuk dat je schrijft.',
      sender: partnerId,
      mine: false,
    });
    const chat = await get(t, member, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(chat.body.profile.fictional).toBe(true);
    const stored = await t.prisma.message.findMany({
      where: { conversationId: conversation, operatorId: operator.account.id },
    });
    expect(stored).toHaveLength(1);
    expect(stored[0].waitedSince).not.toBeNull();
    expect(await audit('inbox.replied')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorId: operator.account.id,
          subjectId: String(stored[0].id),
        }),
      ]),
    );
    const inbox = (await as(operator).get('/api/staff/inbox').expect(200)).body;
    expect(
      inbox.conversations.map((c: { conversation_id: number }) => c.conversation_id),
    ).not.toContain(conversation);
    // the console heard of every change of the inbox
    await console.waitFor('queue:changed', 2);
    const before = console.of('queue:changed').length;
    await sendText(t, member, { conversation }, 'En nu?').expect(201);
    await console.waitFor('queue:changed', before + 1);
    expect(console.of<{ queue: string }>('queue:changed').at(-1)).toEqual({ queue: 'inbox' });
  });

  it('writes each reply’s audit row in the send’s transaction: none for a failed send, one for a sent one; a retried key sends once', async () => {
    const { conversation } = await writtenPartner('Ben je er?');
    const operator = await staffer(['operator']);
    await as(operator).post(`/api/staff/inbox/${conversation}/open`).expect(200);
    const key = randomUUID();
    const reply = (text: string, path = `/api/staff/inbox/${conversation}/reply`, k = key) =>
      t
        .http()
        .post(path)
        .set('Cookie', operator.cookie)
        .set('X-Request-Type', 'client')
        .set('Idempotency-Key', k)
        .send(path.endsWith('.php') ? { conversation, text } : { text });
    const replies = () =>
      t.prisma.message.findMany({
        where: { conversationId: conversation, operatorId: operator.account.id },
        select: { id: true },
        orderBy: { id: 'asc' },
      });
    const rows = async () =>
      (await audit('inbox.replied'))
        .filter((row) => (row.after as { conversation?: number }).conversation === conversation)
        .map((row) => row.subjectId);

    // the audit row cannot be written: the send fails whole, no message goes without its row
    await t.prisma.$executeRawUnsafe(
      `CREATE FUNCTION test_refuse_reply_audit() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`,
    );
    await t.prisma.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_reply_audit BEFORE INSERT ON staff_audit_log FOR EACH ROW
       WHEN (NEW.action = 'inbox.replied') EXECUTE FUNCTION test_refuse_reply_audit()`,
    );
    try {
      await reply('Ja hoor!').expect(500);
    } finally {
      await t.prisma.$executeRawUnsafe('DROP TRIGGER test_refuse_reply_audit ON staff_audit_log');
      await t.prisma.$executeRawUnsafe('DROP FUNCTION test_refuse_reply_audit()');
    }
    expect(await replies()).toEqual([]);
    expect(await rows()).toEqual([]);

    // the same key again, twice at once: one message, one audit row, both answered with it
    const answers = await Promise.all([reply('Ja hoor!'), reply('Ja hoor!')]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const sent = answers[0].body.message.id as number;
    expect(answers[1].body.message.id).toBe(sent);
    expect(await replies()).toEqual([{ id: sent }]);
    expect(await rows()).toEqual([String(sent)]);

    // another text under that key is refused; with a new key it goes, audited
    await reply('Ja hoor! En jij?').expect(422);
    const other = randomUUID();
    const edited = await reply('Ja hoor! En jij?', undefined, other).expect(201);
    // the spec's route takes the same path: the hold, the audit row, the key on the message
    const spec = await reply('Nog iets?', '/api/operator-reply.php', randomUUID()).expect(201);
    expect(await rows()).toEqual([sent, edited.body.message.id, spec.body.message.id].map(String));
  });

  it('highlights a member asking for a real person and offers the honest answer in their language; warns of a vulnerable member', async () => {
    const { conversation, member } = await writtenPartner('Ben je wel echt? Ik voel me zo eenzaam');
    const operator = await staffer(['operator']);
    const opened = (await as(operator).post(`/api/staff/inbox/${conversation}/open`).expect(200))
      .body.conversation;
    expect(opened.asks_real).toBe(true);
    expect(opened.messages.at(-1)).toMatchObject({ asks_real: true, vulnerable: true });
    expect(opened.vulnerable).toMatchObject({ keywords: true, flagged: false });
    expect(opened.honest_answer).toContain('fictief profiel');
    expect(opened.honest_answer).toContain('Sanne');
    expect(opened.member).not.toHaveProperty('email');
    expect(JSON.stringify(opened)).not.toMatch(/@|signup_ip|credits/);

    // flagged by staff, with a note for the other operators; both audited
    await as(operator)
      .put(`/api/staff/inbox/members/${member.user.id}/vulnerable`, {
        flagged: true,
        reason: 'Schreef over schulden',
      })
      .expect(200);
    await as(operator)
      .post(`/api/staff/inbox/members/${member.user.id}/notes`, { body: 'Praat graag over zeilen' })
      .expect(201);
    const again = (await as(operator).post(`/api/staff/inbox/${conversation}/open`).expect(200))
      .body.conversation;
    expect(again.vulnerable).toMatchObject({ flagged: true, reason: 'Schreef over schulden' });
    expect(again.notes[0]).toMatchObject({ body: 'Praat graag over zeilen' });
    expect((await audit('member.vulnerable_flagged')).at(-1)).toMatchObject({
      actorId: operator.account.id,
      targetUserId: member.user.id,
    });
    expect((await audit('inbox.note_added')).at(-1)).toMatchObject({
      actorId: operator.account.id,
      targetUserId: member.user.id,
    });
    // the honest answer goes out like any reply
    await as(operator)
      .post(`/api/staff/inbox/${conversation}/reply`, { text: again.honest_answer })
      .expect(201);
    expect((await audit('inbox.replied')).at(-1)?.after).toMatchObject({ honest: true });
    // notes only on members who write a chat partner
    const stranger = await chatMember(t);
    await as(operator)
      .post(`/api/staff/inbox/members/${stranger.user.id}/notes`, { body: 'x' })
      .expect(404);
  });

  it('answers the reply-time figures per operator and per day to admins only', async () => {
    const { conversation } = await writtenPartner();
    const operator = await staffer(['operator']);
    await t.prisma.conversation.update({
      where: { id: conversation },
      data: { awaitingReplySince: new Date(Date.now() - 120_000) },
    });
    await as(operator).post(`/api/staff/inbox/${conversation}/reply`, { text: 'Daar ben ik' });
    await as(operator).get('/api/staff/figures/reply-times').expect(403);
    const figures = (await as(admin).get('/api/staff/figures/reply-times?days=7').expect(200)).body;
    expect(figures.days).toBe(7);
    const mine = figures.operators.find(
      (row: { operator: { id: number } | null }) => row.operator?.id === operator.account.id,
    );
    expect(mine.replies).toBe(1);
    expect(mine.median_seconds).toBeGreaterThanOrEqual(119);
    expect(mine.p90_seconds).toBeGreaterThanOrEqual(119);
    expect(figures.days_by_operator).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operator_id: operator.account.id, replies: 1 }),
      ]),
    );
    await as(admin).get('/api/staff/figures/reply-times?days=12').expect(400);
  });
});
