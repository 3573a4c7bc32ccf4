import { chatMessage, scamQueueResponse, type ChatMessage } from '@app/contract';
import { chatMember, get, sendText } from './helpers/chat';
import { connect, listening } from './helpers/sockets';
import { cookieOf, staffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Scams and contact details in member-to-member messages (issue 35, item 2): the send's scan
 * warns the recipient beside the message (never the sender), adds to the sender's risk score
 * and puts the message in the moderators' queue with the conversation around it; nothing is
 * blocked, and no text of any length or script makes a send fail.
 */
describe('the scan of messages as they are sent', () => {
  let t: TestApp;
  let base: string;
  let modCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' });
    base = await listening(t);
    modCookie = await cookieOf(await staffAccount(t, ['moderator']), t);
  });
  afterAll(() => t.close());

  const staffGet = (path: string, cookie = modCookie) =>
    t.http().get(path).set('Cookie', cookie).set('X-Request-Type', 'client');
  const act = (id: number, action: string, cookie = modCookie, reason = 'Oplichting') =>
    t
      .http()
      .post(`/api/staff/scams/${id}/action`)
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ action, reason });

  async function conversationOf(text: string) {
    const a = await chatMember(t, { paidUser: true });
    const b = await chatMember(t);
    const first = await sendText(t, a, { member: b.profile.id }, 'Hoi! Hoe gaat het?').expect(201);
    const conversation = first.body.message.conversation_id as number;
    await sendText(t, b, { conversation }, 'Goed hoor, en met jou?').expect(201);
    const bSocket = await connect(base, b.cookie);
    const aSocket = await connect(base, a.cookie);
    const sent = await sendText(t, a, { conversation }, text).expect(201);
    return { a, b, conversation, sent: sent.body.message as ChatMessage, aSocket, bSocket };
  }

  it('warns the recipient of a request for money with an IBAN, over HTTP and socket, and never the sender', async () => {
    const { a, b, conversation, sent, aSocket, bSocket } = await conversationOf(
      'stuur me 200 euro via NL91ABNA0417164300',
    );
    try {
      // the sender's answer and their own tab: nothing different
      expect(sent.warnings).toBeUndefined();
      expect(chatMessage.parse(sent)).toEqual(sent);
      const [own] = await aSocket.waitFor<{ message: ChatMessage }>('message:new');
      expect(own.message.id).toBe(sent.id);
      expect(own.message).not.toHaveProperty('warnings');
      // the recipient's tab and history carry the warning
      const [theirs] = await bSocket.waitFor<{ message: ChatMessage }>('message:new');
      expect(theirs.message).toMatchObject({ id: sent.id, warnings: ['iban', 'payment_request'] });
      const forB = await get(t, b, `/api/chat.php?conversation=${conversation}`).expect(200);
      const flagged = (forB.body.messages as ChatMessage[]).find((m) => m.id === sent.id);
      expect(flagged?.warnings).toEqual(['iban', 'payment_request']);
      const forA = await get(t, a, `/api/chat.php?conversation=${conversation}`).expect(200);
      for (const m of forA.body.messages as ChatMessage[]) expect(m).not.toHaveProperty('warnings');
      // ordinary messages carry none
      expect((forB.body.messages as ChatMessage[]).filter((m) => m.warnings)).toHaveLength(1);
      // a tab catching up after being away (messages.php?since) reads the same, the sender none
      const caughtB = await get(t, b, '/api/messages.php?since=0').expect(200);
      const caught = (caughtB.body.messages as ChatMessage[]).find((m) => m.id === sent.id);
      expect(caught?.warnings).toEqual(['iban', 'payment_request']);
      const caughtA = await get(t, a, '/api/messages.php?since=0').expect(200);
      for (const m of caughtA.body.messages as ChatMessage[])
        expect(m).not.toHaveProperty('warnings');
    } finally {
      aSocket.close();
      bSocket.close();
    }
  });

  it('adds to the sender’s risk score and puts the message in the moderators’ queue with its context', async () => {
    const { a, b, sent, aSocket, bSocket } = await conversationOf(
      'stuur me 200 euro via NL91ABNA0417164300',
    );
    aSocket.close();
    bSocket.close();
    await sendText(t, b, { conversation: sent.conversation_id }, 'Nee, dat doe ik niet.').expect(
      201,
    );
    const score = await t.prisma.memberRiskScore.findUniqueOrThrow({
      where: { userId: a.user.id },
    });
    expect(score).toMatchObject({ score: 6, hits: 1, lastCategories: ['iban', 'payment_request'] });
    expect(await t.prisma.memberRiskScore.findUnique({ where: { userId: b.user.id } })).toBeNull();

    const res = await staffGet('/api/staff/scams').expect(200);
    const queue = scamQueueResponse.parse(res.body);
    const flag = queue.flags.find((f) => f.message_id === sent.id);
    expect(flag).toMatchObject({
      categories: ['iban', 'payment_request'],
      score: 6,
      resolution: null,
      sender: { user_id: a.user.id },
      recipient: { user_id: b.user.id },
      sender_risk: { score: 6, hits: 1 },
      actions: ['dismiss', 'warn', 'ban'],
    });
    expect(flag?.context.map((m) => [m.text, m.flagged])).toEqual([
      ['Hoi! Hoe gaat het?', false],
      ['Goed hoor, en met jou?', false],
      ['stuur me 200 euro via NL91ABNA0417164300', true],
      ['Nee, dat doe ik niet.', false],
    ]);

    // a second flagged message adds to the score
    await sendText(
      t,
      a,
      { conversation: sent.conversation_id },
      'Mail me: geld@voorbeeld.nl',
    ).expect(201);
    const after = await t.prisma.memberRiskScore.findUniqueOrThrow({
      where: { userId: a.user.id },
    });
    expect(after).toMatchObject({ score: 7, hits: 2, lastCategories: ['email'] });

    // two flags of one conversation on a page: each with its own context, three either side
    const again = scamQueueResponse.parse((await staffGet('/api/staff/scams').expect(200)).body);
    const contextOf = (text: string) =>
      again.flags
        .find((f) => f.context.some((m) => m.flagged && m.text === text))
        ?.context.map((m) => [m.text, m.flagged]);
    expect(contextOf('stuur me 200 euro via NL91ABNA0417164300')).toEqual([
      ['Hoi! Hoe gaat het?', false],
      ['Goed hoor, en met jou?', false],
      ['stuur me 200 euro via NL91ABNA0417164300', true],
      ['Nee, dat doe ik niet.', false],
      ['Mail me: geld@voorbeeld.nl', false],
    ]);
    expect(contextOf('Mail me: geld@voorbeeld.nl')).toEqual([
      ['Goed hoor, en met jou?', false],
      ['stuur me 200 euro via NL91ABNA0417164300', false],
      ['Nee, dat doe ik niet.', false],
      ['Mail me: geld@voorbeeld.nl', true],
    ]);
  });

  it('lets moderators and admins dismiss, warn and ban from the queue, each audited, and refuses operators and members', async () => {
    const admin = await cookieOf(await staffAccount(t, ['admin']), t);
    const operator = await cookieOf(await staffAccount(t, ['operator']), t);
    const flags: number[] = [];
    const senders: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { a, sent, aSocket, bSocket } = await conversationOf('Koop een steam card voor me');
      aSocket.close();
      bSocket.close();
      flags.push(sent.id);
      senders.push(a.user.id);
    }
    const member = await chatMember(t);
    for (const cookie of [operator, member.cookie]) {
      expect((await staffGet('/api/staff/scams', cookie)).status).toBe(403);
      expect((await act(flags[0], 'dismiss', cookie)).status).toBe(403);
    }
    expect(
      await t.prisma.messageScamFlag.count({
        where: { messageId: flags[0], resolution: { not: null } },
      }),
    ).toBe(0);

    const dismissed = await act(flags[0], 'dismiss').expect(200);
    expect(dismissed.body.flag).toMatchObject({ resolution: 'dismissed', actions: [] });
    expect((await act(flags[0], 'warn')).body.error).toBe('complaint_handled');
    const warned = await act(flags[1], 'warn', admin).expect(200);
    expect(warned.body.flag.resolution).toBe('warned');
    expect(await t.prisma.memberWarning.count({ where: { userId: senders[1] } })).toBe(1);
    await act(flags[2], 'ban').expect(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: senders[2] } })).status).toBe(
      'banned',
    );
    // each sender reads the statement of reasons: a scam, flagged by automated means (DSA art. 17)
    const statementOf = (userId: number) =>
      t.prisma.statement.findFirstOrThrow({
        where: { userId },
        select: { kind: true, ground: true, automatedDetection: true, itemId: true },
      });
    expect(await statementOf(senders[1])).toEqual({
      kind: 'warning',
      ground: 'scam',
      automatedDetection: true,
      itemId: flags[1],
    });
    expect(await statementOf(senders[2])).toMatchObject({
      kind: 'ban',
      ground: 'scam',
      automatedDetection: true,
    });
    expect(await t.prisma.statement.count({ where: { userId: senders[0] } })).toBe(0);

    const audit = async (action: string, subject: number) =>
      t.prisma.staffAuditEntry.count({ where: { action, subjectId: String(subject) } });
    expect(await audit('scam_flag.dismiss', flags[0])).toBe(1);
    expect(await audit('scam_flag.warn', flags[1])).toBe(1);
    expect(await audit('scam_flag.ban', flags[2])).toBe(1);
    expect(
      await t.prisma.staffAuditEntry.count({
        where: { action: 'member.ban', targetUserId: senders[2] },
      }),
    ).toBe(1);

    const handled = scamQueueResponse.parse(
      (await staffGet('/api/staff/scams?handled=1').expect(200)).body,
    );
    expect(handled.flags.map((f) => f.message_id)).toEqual(expect.arrayContaining(flags));
    const waiting = scamQueueResponse.parse((await staffGet('/api/staff/scams').expect(200)).body);
    expect(waiting.flags.map((f) => f.message_id)).not.toEqual(expect.arrayContaining([flags[0]]));
    expect((await act(999_999_999, 'dismiss')).status).toBe(404);
    expect((await act(flags[1], 'explode')).status).toBe(400);
  });

  it('does not scan messages to a chat pal, nor warn on ordinary messages', async () => {
    const a = await chatMember(t);
    const pal = await chatMember(t, { fictional: true });
    await sendText(
      t,
      a,
      { member: pal.profile.id },
      'stuur me 200 euro via NL91ABNA0417164300',
    ).expect(201);
    const b = await chatMember(t);
    await sendText(
      t,
      a,
      { member: b.profile.id },
      'Ik ben 34 en 1.82 m, zullen we om 20:30 iets drinken?',
    ).expect(201);
    expect(await t.prisma.memberRiskScore.findUnique({ where: { userId: a.user.id } })).toBeNull();
    expect(await t.prisma.messageScamFlag.count({ where: { senderId: a.user.id } })).toBe(0);
  });

  it('answers messages of every length and script without a 5xx', async () => {
    const a = await chatMember(t, { paidUser: true, credits: 100_000 });
    const b = await chatMember(t);
    const texts = [
      '😀🙈💕'.repeat(600),
      'مرحبا، أرسل لي 200 يورو على NL91ABNA0417164300',
      'שלום, שלח לי כסף',
      '你好，请给我发200欧元',
      '\u202eNL91ABNA0417164300\u202c',
      'x'.repeat(5000),
      `${'06-12345678 '.repeat(400)}`.slice(0, 5000),
      'x'.repeat(5001),
      '',
      ' ',
      '\u0000',
    ];
    for (const text of texts) {
      const res = await sendText(t, a, { member: b.profile.id }, text);
      expect([text.slice(0, 20), res.status < 500]).toEqual([text.slice(0, 20), true]);
      if (res.status >= 400) expect(typeof res.body.error).toBe('string');
    }
  });
});
