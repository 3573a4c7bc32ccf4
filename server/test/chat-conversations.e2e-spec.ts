import { CATCH_UP_LIMIT, CHAT_PAGE_SIZE } from '@app/contract';
import { SettingsService } from '../src/settings';
import { useTestApp } from './helpers/test-app';
import { chatMember, get, read, removeChat, sendText, type ChatMember } from './helpers/chat';

type Message = { id: number; seq: number; text: string | null; mine: boolean; status: string };

describe('chat: conversations, the list, catch-up, markers and who may see them', () => {
  const t = useTestApp({ RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' });

  /** Two members with a conversation that `a` started with `texts`. */
  async function pairWith(texts: string[] = ['Hoi'], options = {}) {
    const a = await chatMember(t, { paidUser: true, ...options });
    const b = await chatMember(t);
    let conversation = 0;
    for (const text of texts) {
      const res = await sendText(
        t,
        a,
        conversation ? { conversation } : { member: b.profile.id },
        text,
      ).expect(201);
      conversation = res.body.message.conversation_id;
    }
    return { a, b, conversation };
  }

  const chats = async (who: ChatMember) => (await get(t, who, '/api/chats.php').expect(200)).body;

  it('lists conversations newest first with unread counts and badge totals; reading sets unread to 0', async () => {
    const { a, b, conversation } = await pairWith(['Een', 'Twee', 'Drie']);
    const c = await chatMember(t, { paidUser: true });
    await sendText(t, c, { member: b.profile.id }, 'Van C').expect(201);
    await t.prisma.like.create({ data: { likerId: a.user.id, likedId: b.user.id } });
    // likes of members a list may not show b do not count: invisible, blocked, unconfirmed
    const invisible = await chatMember(t, { profile: { invisible: true } });
    const blocked = await chatMember(t);
    const unconfirmed = await chatMember(t, { status: 'not_confirmed' });
    await t.prisma.block.create({ data: { blockerId: b.user.id, blockedId: blocked.user.id } });
    await t.prisma.like.createMany({
      data: [invisible, blocked, unconfirmed].map((m) => ({
        likerId: m.user.id,
        likedId: b.user.id,
      })),
    });

    const list = await chats(b);
    expect(list.unread_messages).toBe(4);
    expect(list.new_likes).toBe(1);
    expect(list.chats.map((chat: { profile: { id: number } }) => chat.profile.id)).toEqual([
      c.profile.id,
      a.profile.id,
    ]);
    expect(list.chats[1]).toMatchObject({
      conversation: { id: conversation },
      num_unread_messages: 3,
      profile: { id: a.profile.id, name: a.profile.name, fictional: false },
      last_message: { type: 'text', preview: 'Drie', mine: false, status: 'sent' },
    });

    const opened = await get(t, b, `/api/chat.php?conversation=${conversation}`).expect(200);
    const messages = opened.body.messages as Message[];
    expect(messages.map((m) => m.text)).toEqual(['Een', 'Twee', 'Drie']);
    expect(opened.body).toMatchObject({
      profile: { id: a.profile.id },
      costs: { text: 10, photo: 15 },
      can_start: true,
      held: false,
      fictional: false,
    });
    await read(t, b, conversation, messages[2].seq).expect(200);
    const after = await chats(b);
    expect(after.unread_messages).toBe(1);
    expect(after.chats[1].num_unread_messages).toBe(0);

    // the sender sees the read marker and the status
    const forA = await get(t, a, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(forA.body.conversation.read_seq).toBe(messages[2].seq);
    expect((forA.body.messages as Message[]).map((m) => m.status)).toEqual([
      'read',
      'read',
      'read',
    ]);
    // reading part of it leaves the rest unread; a marker never moves back
    await sendText(t, a, { conversation }, 'Vier').expect(201);
    await sendText(t, a, { conversation }, 'Vijf').expect(201);
    await read(t, b, conversation, messages[0].seq).expect(200);
    expect(
      (await chats(b)).chats.find(
        (x: { conversation: { id: number } }) => x.conversation.id === conversation,
      ).num_unread_messages,
    ).toBe(2);
  });

  it('pages a long conversation from the newest, and leaves out history older than the limit', async () => {
    const { a, b, conversation } = await pairWith(
      Array.from({ length: CHAT_PAGE_SIZE + 5 }, (_, i) => `m${i}`),
    );
    const first = await get(t, b, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(first.body.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.body.has_older).toBe(true);
    expect(first.body.messages.at(-1).text).toBe(`m${CHAT_PAGE_SIZE + 4}`);
    const older = await get(
      t,
      b,
      `/api/chat.php?conversation=${conversation}&before=${first.body.messages[0].id}`,
    ).expect(200);
    expect(older.body.messages.map((m: Message) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(older.body.has_older).toBe(false);

    // the first three messages are older than the limit now (settings chat_history_days)
    await t.prisma.message.updateMany({
      where: { conversationId: conversation, body: { in: ['m0', 'm1', 'm2'] } },
      data: { createdAt: new Date(Date.now() - 400 * 86_400_000) },
    });
    const limited = await get(
      t,
      a,
      `/api/chat.php?conversation=${conversation}&before=${first.body.messages[0].id}`,
    ).expect(200);
    expect(limited.body.messages.map((m: Message) => m.text)).toEqual(['m3', 'm4']);
    const caught = await get(t, b, '/api/messages.php?since=0').expect(200);
    expect(caught.body.messages.map((m: Message) => m.text)).not.toContain('m0');
    // an operator shortens the limit: the setting applies at once (after the settings cache)
    await t.prisma.setting.upsert({
      where: { key: 'chat_history_days' },
      create: { key: 'chat_history_days', value: 1 },
      update: { value: 1 },
    });
    await t.prisma.message.updateMany({
      where: { conversationId: conversation, body: 'm3' },
      data: { createdAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    t.app.get(SettingsService).invalidate();
    const shorter = await get(
      t,
      a,
      `/api/chat.php?conversation=${conversation}&before=${first.body.messages[0].id}`,
    ).expect(200);
    expect(shorter.body.messages.map((m: Message) => m.text)).toEqual(['m4']);
    await t.prisma.setting.delete({ where: { key: 'chat_history_days' } });
    t.app.get(SettingsService).invalidate();
  });

  it('catches up from a seq: every message after it, in seq order, sent and received, in pages', async () => {
    const { a, b, conversation } = await pairWith(['Eerste']);
    const start = (await get(t, b, '/api/messages.php?since=0').expect(200)).body;
    const since = start.messages.at(-1).seq as number;
    for (let i = 0; i < 5; i++) {
      await sendText(t, i % 2 ? b : a, { conversation }, `na ${i}`).expect(201);
    }
    const caught = await get(t, b, `/api/messages.php?since=${since}`).expect(200);
    const texts = (caught.body.messages as Message[]).map((m) => m.text);
    // the overlap window may repeat what came just before `since`; after it, every message once
    expect(texts.slice(texts.indexOf('na 0'))).toEqual(['na 0', 'na 1', 'na 2', 'na 3', 'na 4']);
    const seqs = (caught.body.messages as Message[]).map((m) => m.seq);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    expect((caught.body.messages as Message[]).filter((m) => m.mine).map((m) => m.text)).toEqual([
      'na 1',
      'na 3',
    ]);
    expect(caught.body.more).toBe(false);

    // more than a page: `more`, and the next page continues from the last seq
    const many = await pairWith(
      Array.from({ length: CATCH_UP_LIMIT + 3 }, (_, i) => `x${i}`),
      { credits: 5000 },
    );
    const page1 = (await get(t, many.b, '/api/messages.php?since=0').expect(200)).body;
    expect(page1.messages).toHaveLength(CATCH_UP_LIMIT);
    expect(page1.more).toBe(true);
    const page2 = (
      await get(t, many.b, `/api/messages.php?since=${page1.messages.at(-1).seq}`).expect(200)
    ).body;
    const rest = (page2.messages as Message[]).map((m) => m.text);
    expect(rest.slice(rest.indexOf(`x${CATCH_UP_LIMIT}`))).toEqual([
      `x${CATCH_UP_LIMIT}`,
      `x${CATCH_UP_LIMIT + 1}`,
      `x${CATCH_UP_LIMIT + 2}`,
    ]);
  });

  it('removes a conversation from the member’s list only; a new message brings it back without the old ones', async () => {
    const { a, b, conversation } = await pairWith(['Oud 1', 'Oud 2']);
    await removeChat(t, b, { conversation }).expect(200);
    expect((await chats(b)).chats).toEqual([]);
    expect((await chats(b)).unread_messages).toBe(0);
    // the other member keeps it
    expect((await chats(a)).chats).toHaveLength(1);
    const hidden = await get(t, b, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(hidden.body.messages).toEqual([]);
    expect((await get(t, b, '/api/messages.php?since=0').expect(200)).body.messages).toEqual([]);

    await sendText(t, a, { conversation }, 'Nieuw').expect(201);
    const back = await chats(b);
    expect(back.chats).toHaveLength(1);
    expect(back.chats[0].num_unread_messages).toBe(1);
    const open = await get(t, b, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(open.body.messages.map((m: Message) => m.text)).toEqual(['Nieuw']);
  });

  it('removes every conversation with a member by their profile', async () => {
    const { a, b } = await pairWith(['Hallo']);
    await removeChat(t, b, { member: a.profile.id }).expect(200);
    expect((await chats(b)).chats).toEqual([]);
    expect((await chats(a)).chats).toHaveLength(1);
  });

  it('lets no other member read or act on a conversation or its messages', async () => {
    const { a, b, conversation } = await pairWith(['Geheim']);
    const other = await chatMember(t, { paidUser: true });
    await get(t, other, `/api/chat.php?conversation=${conversation}`).expect(404);
    await read(t, other, conversation, 1_000_000).expect(404);
    await removeChat(t, other, { conversation }).expect(404);
    await sendText(t, other, { conversation }, 'Ik ook').expect(404);
    const caught = await get(t, other, '/api/messages.php?since=0').expect(200);
    expect(caught.body.messages).toEqual([]);
    expect((await chats(other)).chats).toEqual([]);
    // and nobody without a session
    await t.http().get(`/api/chat.php?conversation=${conversation}`).expect(403);
    await t.http().get('/api/chats.php').expect(403);
    // nothing changed for the two members
    expect((await chats(b)).chats[0].num_unread_messages).toBe(1);
    expect(
      (await get(t, a, `/api/chat.php?conversation=${conversation}`)).body.messages,
    ).toHaveLength(1);
  });

  it.each([
    ['the recipient blocked the sender', 'recipient-blocks'],
    ['the sender blocked the recipient', 'sender-blocks'],
  ])('refuses messages and hides the conversation when %s', async (_name, how) => {
    const { a, b, conversation } = await pairWith(['Voor het blok']);
    const [blocker, blocked] = how === 'recipient-blocks' ? [b, a] : [a, b];
    await t
      .http()
      .post('/api/block.php')
      .set('Cookie', blocker.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: blocked.profile.id })
      .expect(200);
    for (const who of [a, b]) {
      expect((await chats(who)).chats).toEqual([]);
      await get(t, who, `/api/chat.php?conversation=${conversation}`).expect(404);
      expect((await get(t, who, '/api/messages.php?since=0')).body.messages).toEqual([]);
    }
    await sendText(t, a, { conversation }, 'Na het blok').expect(404);
    await sendText(t, b, { conversation }, 'Na het blok').expect(404);
    await sendText(t, a, { member: b.profile.id }, 'Via profiel').expect(404);
    expect(await t.prisma.message.count({ where: { conversationId: conversation } })).toBe(1);
  });

  it('lets only existing partners message an invisible member', async () => {
    const { a, b, conversation } = await pairWith(['Al partners']);
    await t.prisma.profile.update({ where: { id: b.profile.id }, data: { invisible: true } });
    const stranger = await chatMember(t, { paidUser: true });
    const refused = await sendText(t, stranger, { member: b.profile.id }, 'Hoi').expect(404);
    expect(refused.body.error).toBe('not_found');
    await get(t, stranger, `/api/chat.php?member=${b.profile.id}`).expect(404);
    // the partner goes on, and sees the invisible member in the list
    await sendText(t, a, { conversation }, 'Nog steeds').expect(201);
    expect((await chats(a)).chats[0].profile.id).toBe(b.profile.id);
    await sendText(t, b, { conversation }, 'Terug').expect(201);
  });

  it.each([
    ['deleted', 'deleted' as const],
    ['banned', 'banned' as const],
  ])('neither lists nor reaches a %s member', async (_name, status) => {
    const { a, b, conversation } = await pairWith(['Hallo']);
    await t.prisma.user.update({ where: { id: b.user.id }, data: { status } });
    expect((await chats(a)).chats).toEqual([]);
    await get(t, a, `/api/chat.php?conversation=${conversation}`).expect(404);
    await get(t, a, `/api/chat.php?member=${b.profile.id}`).expect(404);
    await sendText(t, a, { conversation }, 'Ben je er nog?').expect(404);
    expect((await get(t, a, '/api/messages.php?since=0')).body.messages).toEqual([]);
  });

  it('shows a fictional partner as such in the list and the conversation', async () => {
    const a = await chatMember(t, { paidUser: true });
    const pal = await chatMember(t, { fictional: true });
    const sent = await sendText(t, a, { member: pal.profile.id }, 'Hoi chatmaatje').expect(201);
    const list = await chats(a);
    expect(list.chats[0].profile.fictional).toBe(true);
    const open = await get(
      t,
      a,
      `/api/chat.php?conversation=${sent.body.message.conversation_id}`,
    ).expect(200);
    expect(open.body.fictional).toBe(true);
    expect(open.body.profile.fictional).toBe(true);
    // it costs what any message costs
    expect(sent.body.message.credits).toBe(10);
  });

  it('offers icebreakers for an empty conversation', async () => {
    const a = await chatMember(t);
    const res = await get(t, a, '/api/icebreakers.php').expect(200);
    expect(res.body.icebreakers.length).toBeGreaterThanOrEqual(5);
    expect(new Set(res.body.icebreakers).size).toBe(res.body.icebreakers.length);
  });
});
