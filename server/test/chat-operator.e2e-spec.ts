import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@app/contract';
import { staffAccount, cookieOf } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { chatMember, get, sendText } from './helpers/chat';
import { activeMainPhoto } from './helpers/photos';
import { connect, listening, type Received } from './helpers/sockets';

/** An operator's staff session: `cookie` for the requests, `id` of the account. */
async function operatorOf(t: TestApp) {
  const account = await staffAccount(t, ['operator']);
  return { id: account.id, cookie: await cookieOf(account, t) };
}

describe('chat: messages to chat pals wait for staff, whose replies reach the member live', () => {
  let t: TestApp;
  let base: string;
  const sockets: Received[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    base = await listening(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const reply = (cookie: string, conversation: number, text: string, key = randomUUID()) =>
    t
      .http()
      .post('/api/operator-reply.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', key)
      .send({ conversation, text });

  it('queues a member’s message to a chat pal, oldest first, and sends the reply as the chat pal', async () => {
    const operator = await operatorOf(t);
    const pal = await chatMember(t, { fictional: true });
    const older = await chatMember(t, { paidUser: true });
    const member = await chatMember(t, { paidUser: true });
    const first = await sendText(t, older, { member: pal.profile.id }, 'Eerder').expect(201);
    const sent = await sendText(t, member, { member: pal.profile.id }, 'Hoi chatmaatje').expect(
      201,
    );
    const conversation = sent.body.message.conversation_id as number;

    const queue = (await get(t, operator, '/api/operator-queue.php').expect(200)).body;
    const ids = queue.conversations.map((c: { conversation_id: number }) => c.conversation_id);
    expect(ids).toEqual([first.body.message.conversation_id, conversation]);
    expect(queue.conversations[1]).toMatchObject({
      fictional_profile: { id: pal.profile.id, name: pal.profile.name },
      member_profile: { id: member.profile.id, name: member.profile.name },
      last_message: { text: 'Hoi chatmaatje', mine: false, sender: member.profile.id },
    });
    // the first shape, to the byte: its fields in order, the wait as stored, the message as the
    // member's own answer had it, seen from the chat pal's side (not theirs, nothing paid)
    const waiting = await t.prisma.conversation.findUniqueOrThrow({
      where: { id: conversation },
      select: { awaitingReplySince: true },
    });
    expect(Object.keys(queue.conversations[1])).toEqual([
      'conversation_id',
      'fictional_profile',
      'member_profile',
      'waiting_since',
      'last_message',
    ]);
    expect(queue.conversations[1].waiting_since).toBe(waiting.awaitingReplySince?.toISOString());
    expect(queue.conversations[1].last_message).toEqual({
      ...sent.body.message,
      mine: false,
      credits: 0,
      status: queue.conversations[1].last_message.status,
    });

    const tab = await connect(base, member.cookie);
    sockets.push(tab);
    const key = randomUUID();
    const answered = await reply(operator.cookie, conversation, 'Hallo terug!', key).expect(201);
    expect(answered.body.message).toMatchObject({
      text: 'Hallo terug!',
      sender: pal.profile.id,
      credits: 0,
    });
    // the same key again: one reply
    await reply(operator.cookie, conversation, 'Hallo terug!', key).expect(201);
    const [live] = await tab.waitFor<{ message: ChatMessage }>('message:new');
    expect(live.message).toMatchObject({
      text: 'Hallo terug!',
      mine: false,
      sender: pal.profile.id,
      conversation_id: conversation,
    });
    const stored = await t.prisma.message.findMany({
      where: { conversationId: conversation, operatorId: operator.id },
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ senderId: pal.user.id, creditsCost: 0 });
    // answered: out of the queue; the member's next message puts it back
    const after = (await get(t, operator, '/api/operator-queue.php').expect(200)).body;
    expect(after.conversations.map((c: { conversation_id: number }) => c.conversation_id)).toEqual([
      first.body.message.conversation_id,
    ]);
    await sendText(t, member, { conversation }, 'Nog een vraag').expect(201);
    const back = (await get(t, operator, '/api/operator-queue.php').expect(200)).body;
    expect(back.conversations).toHaveLength(2);
  });

  it('opens a chat pal’s photos in privacy mode to a member once an operator answered as it, not before', async () => {
    const operator = await operatorOf(t);
    const pal = await chatMember(t, { fictional: true, profile: { privacyMode: true } });
    await activeMainPhoto(t, pal.profile.id, 'pal');
    const member = await chatMember(t, { paidUser: true });
    const locked = async () =>
      (await get(t, member, `/api/member.php?id=${pal.profile.id}`).expect(200)).body.profile
        .main_image.locked as boolean;
    const sent = await sendText(t, member, { member: pal.profile.id }, 'Laat eens zien').expect(
      201,
    );
    expect(await locked()).toBe(true);
    await reply(operator.cookie, sent.body.message.conversation_id, 'Hier ben ik').expect(201);
    expect(await locked()).toBe(false);
  });

  it('lets no member see the queue or reply for a chat pal, and no reply outside a chat pal conversation', async () => {
    const operator = await operatorOf(t);
    const member = await chatMember(t, { paidUser: true });
    const other = await chatMember(t);
    const sent = await sendText(t, member, { member: other.profile.id }).expect(201);
    const forbidden = await get(t, member, '/api/operator-queue.php').expect(403);
    expect(forbidden.body.error).toBe('forbidden');
    await reply(member.cookie, sent.body.message.conversation_id, 'Nep').expect(403);
    // staff cannot write as a real member
    await reply(operator.cookie, sent.body.message.conversation_id, 'Nep').expect(404);
    await reply(operator.cookie, 2_000_000_000, 'Nep').expect(404);
  });
});
