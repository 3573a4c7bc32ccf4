import type { ChatMessage } from '@app/contract';
import { createTestApp, type TestApp } from './helpers/test-app';
import { ChatEvents } from '../src/chats/chat-events';
import { chatMember, get, read, sendText, type ChatMember } from './helpers/chat';
import { connect, eventually, listening, rawSocket, type Received } from './helpers/sockets';

type New = { message: ChatMessage };

/**
 * Live delivery over real sockets (socket.io-client) against two app instances that share one
 * PostgreSQL database and one Redis database: each has its own socket.io server, Redis streams
 * adapter and connections, as two app processes behind a proxy would.
 */
describe('realtime: live delivery across app processes, catch-up, typing, markers, sessions', () => {
  let one: TestApp;
  let two: TestApp;
  let base1: string;
  let base2: string;
  const sockets: Received[] = [];
  beforeAll(async () => {
    one = await createTestApp({
      RATE_LIMIT_MESSAGES_PER_MINUTE: '1000',
      SOCKET_SESSION_CHECK_MS: '300',
    });
    two = await createTestApp({
      DATABASE_URL: one.databaseUrl,
      RATE_LIMIT_MESSAGES_PER_MINUTE: '1000',
      SOCKET_SESSION_CHECK_MS: '300',
    });
    base1 = await listening(one);
    base2 = await listening(two);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  async function socketOf(base: string, cookie: string, options = {}) {
    const s = await connect(base, cookie, options);
    sockets.push(s);
    return s;
  }

  /**
   * Proves that `tabs` got everything process `t` emitted to `member` before this call, so that
   * what a test says did not arrive would have: the member likes a new member through `t`, and
   * the `likes:changed` that follows in the same ordered channel (that process's writes, then
   * its Redis stream to the other process) has to reach each tab.
   */
  async function behindMarker(t: TestApp, member: ChatMember, ...tabs: Received[]) {
    const before = tabs.map((tab) => tab.of('likes:changed').length);
    const liked = await chatMember(one);
    await t
      .http()
      .post('/api/like.php')
      .set('Cookie', member.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: liked.profile.id })
      .expect(200);
    await Promise.all(tabs.map((tab, i) => tab.waitFor('likes:changed', before[i] + 1)));
  }

  /** Resolves once a process's handler (a spy) finished `count` client events, however they went. */
  async function handled(
    spy: { mock: { calls: unknown[]; results: { value: unknown }[] } },
    count: number,
  ) {
    await eventually(() => spy.mock.calls.length >= count);
    await Promise.allSettled(spy.mock.results.map((result) => result.value as Promise<void>));
  }

  async function pair() {
    const a = await chatMember(one, { paidUser: true });
    const b = await chatMember(one);
    const first = await sendText(one, a, { member: b.profile.id }, 'Start').expect(201);
    return { a, b, conversation: first.body.message.conversation_id as number };
  }

  it('refuses a socket without a live session', async () => {
    await expect(connect(base1, null)).rejects.toThrow('authentication_required');
    await expect(connect(base1, 'sid=forged')).rejects.toThrow('authentication_required');
  });

  it('delivers a message sent through one process to a socket on the other, as each side sees it', async () => {
    const { a, b, conversation } = await pair();
    const bOnTwo = await socketOf(base2, b.cookie);
    const aOtherTab = await socketOf(base2, a.cookie);
    const sent = await sendText(one, a, { conversation }, 'Over Redis').expect(201);
    const [got] = await bOnTwo.waitFor<New>('message:new');
    expect(got.message).toMatchObject({
      id: sent.body.message.id,
      seq: sent.body.message.seq,
      text: 'Over Redis',
      mine: false,
      credits: 0,
      status: 'sent',
      sender: a.profile.id,
    });
    const [own] = await aOtherTab.waitFor<New>('message:new');
    expect(own.message).toMatchObject({ id: sent.body.message.id, mine: true, credits: 10 });
    await bOnTwo.waitFor('chats:changed');
    const [credits] = await aOtherTab.waitFor<{ credits: number }>('credits:changed');
    expect(credits.credits).toBe(sent.body.credits);
  });

  it('gives a client that was offline during 20 messages all 20, in order, once, by catch-up', async () => {
    const { a, b, conversation } = await pair();
    const before = await socketOf(base2, b.cookie);
    const warm = await sendText(one, a, { conversation }, 'Voor').expect(201);
    await before.waitFor('message:new');
    const held: Map<number, ChatMessage> = new Map(
      before.of<New>('message:new').map((e) => [e.message.id, e.message]),
    );
    const since = warm.body.message.seq as number;
    before.close();

    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(
        (await sendText(one, a, { conversation }, `offline ${i}`).expect(201)).body.message.id,
      );
    }
    // a new connection (no recovery), then the catch-up from the highest seq it holds
    const after = await socketOf(base2, b.cookie);
    const caught = (await get(two, b, `/api/messages.php?since=${since}`).expect(200)).body;
    for (const message of caught.messages as ChatMessage[]) held.set(message.id, message);
    // whatever of the 20 still came live, it came before a later message through the same path
    const marker = (await sendText(one, a, { conversation }, 'Marker').expect(201)).body.message;
    await eventually(() => after.of<New>('message:new').some((e) => e.message.id === marker.id));
    for (const e of after.of<New>('message:new')) {
      if (e.message.id !== marker.id) held.set(e.message.id, e.message);
    }
    const shown = [...held.values()].sort((x, y) => x.seq - y.seq).filter((m) => m.seq > since);
    expect(shown.map((m) => m.id)).toEqual(ids);
    expect(shown.map((m) => m.text)).toEqual(ids.map((_, i) => `offline ${i}`));
  });

  it('after a short outage reconnects as a new socket and the client catches up every missed message once', async () => {
    const { a, b, conversation } = await pair();
    const s = await socketOf(base2, b.cookie);
    const first = await sendText(one, a, { conversation }, 'Eerst').expect(201);
    await s.waitFor('message:new');
    // the transport drops (not a deliberate disconnect) ...
    const dropped = new Promise<void>((resolve) => s.socket.once('disconnect', () => resolve()));
    s.socket.io.engine.close();
    await dropped;
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push((await sendText(one, a, { conversation }, `weg ${i}`).expect(201)).body.message.id);
    }
    // ... and the same client connects again once the 20 were sent: the step its reconnection
    // timer takes (the same socket object, with whatever it could present for a recovery),
    // taken by the test instead of after a delay that a busy machine's sends might outlast
    s.socket.connect();
    await eventually(() => s.socket.connected);
    // nothing is replayed by socket.io (no connection state recovery, security review H1) ...
    expect(s.socket.recovered).toBeFalsy();
    // ... the client asks for what came after the highest seq it holds
    const since = first.body.message.seq as number;
    const caught = (await get(two, b, `/api/messages.php?since=${since}`).expect(200)).body;
    // (the answer repeats the last few seconds' messages at or below `since`: the client keeps
    // each message once, by id)
    const missed = (caught.messages as ChatMessage[]).filter((m) => m.seq > since);
    expect(missed.map((m) => m.id)).toEqual(ids);
    // and the new socket is live again; a replay would have come before this live message
    const next = await sendText(one, a, { conversation }, 'Weer live').expect(201);
    await s.waitFor<New>('message:new', 2);
    expect(s.of<New>('message:new').map((e) => e.message.id)).toEqual([
      first.body.message.id,
      next.body.message.id,
    ]);
  });

  describe('a socket presenting another session’s recovery id (security review H1)', () => {
    /** Cuts a member's socket as a dropped line would, and returns what its client knew. */
    async function cutAfterOneMessage(
      victim: ChatMember,
      sender: ChatMember,
      conversation: number,
    ) {
      const s = await socketOf(base2, victim.cookie);
      await sendText(one, sender, { conversation }, 'Before the cut').expect(201);
      await s.waitFor('message:new');
      const known = s.socket as unknown as { _pid?: string; _lastOffset?: string; id?: string };
      // what socket.io's recovery would take: the private id and the last offset (when the
      // server hands them out); otherwise the socket's id, which is all a client then knows
      const auth = { pid: known._pid ?? known.id ?? 'unknown', offset: known._lastOffset ?? '0-0' };
      const dropped = new Promise<void>((resolve) => s.socket.once('disconnect', () => resolve()));
      s.socket.io.engine.close();
      await dropped;
      return auth;
    }

    async function logout(member: ChatMember) {
      await one
        .http()
        .get('/api/logout.php')
        .set('Cookie', member.cookie)
        .set('X-Request-Type', 'client')
        .expect((res) => expect(res.status).toBeLessThan(400));
    }

    it('writes none of the member’s missed events to a connection without a cookie, before or after refusing it', async () => {
      const { a, b, conversation } = await pair();
      const auth = await cutAfterOneMessage(b, a, conversation);
      await logout(b);
      await sendText(one, a, { conversation }, 'SECRET sent while cut off').expect(201);
      const attacker = await rawSocket(base2, null, auth);
      // refused (44), not connected (40)
      expect(await attacker.until((frame) => /^4[04]/.test(frame))).toMatch(/^44/);
      // a second CONNECT on the same connection: its refusal comes after anything the server
      // wrote after the first
      attacker.send(`40${JSON.stringify(auth)}`);
      await attacker.until(() => attacker.frames.filter((f) => f.startsWith('44')).length === 2);
      attacker.close();
      expect(attacker.frames.filter((f) => f.startsWith('44'))).toEqual([
        '44{"message":"authentication_required"}',
        '44{"message":"authentication_required"}',
      ]);
      // only the transport's own open packet and the refusal: no event, nothing of the member
      expect(attacker.frames.filter((f) => f.startsWith('42'))).toEqual([]);
      expect(attacker.frames.join('\n')).not.toContain('SECRET');
    });

    it('gives a connection with another member’s cookie only that member’s events, missed or new', async () => {
      const { a, b, conversation } = await pair();
      const auth = await cutAfterOneMessage(b, a, conversation);
      await logout(b);
      await sendText(one, a, { conversation }, 'SECRET missed').expect(201);
      const intruder = await chatMember(one);
      const attacker = await rawSocket(base2, intruder.cookie, auth);
      await attacker.until((frame) => frame.startsWith('40'));
      // the intruder's own events do arrive on this connection (it is live and listening) ...
      const toIntruder = await sendText(one, a, { member: intruder.profile.id }, 'For you').expect(
        201,
      );
      await attacker.until((frame) => frame.includes(`"id":${toIntruder.body.message.id},`));
      // ... the member's do not, neither those missed while cut off nor new ones (a new one would
      // come before the next message to the intruder)
      await sendText(one, a, { conversation }, 'SECRET after').expect(201);
      const next = await sendText(one, a, { member: intruder.profile.id }, 'Again').expect(201);
      await attacker.until((frame) => frame.includes(`"id":${next.body.message.id},`));
      attacker.close();
      expect(attacker.frames.join('\n')).not.toContain('SECRET');
      expect(attacker.frames.join('\n')).not.toContain('Before the cut');
    });

    it('gives even the member’s own new session a fresh socket: nothing of the old one is restored', async () => {
      const { a, b, conversation } = await pair();
      const auth = await cutAfterOneMessage(b, a, conversation);
      // another live connection of the member on the same process shows when the message's live
      // fan-out has reached that process: after it, the message can only come to a new socket
      // as a replay of the old one (under load the fan-out may otherwise land on the new socket)
      const observer = await rawSocket(base2, b.cookie, {});
      await observer.until((frame) => frame.startsWith('40'));
      await sendText(one, a, { conversation }, 'Missed while away').expect(201);
      await observer.until((frame) => frame.includes('Missed while away'));
      observer.close();
      const again = await rawSocket(base2, b.cookie, auth);
      await again.until((frame) => frame.startsWith('40'));
      // a replay would be written right after the connect, before any later message
      await sendText(one, a, { conversation }, 'Back now').expect(201);
      await again.until((frame) => frame.includes('Back now'));
      again.close();
      // missed messages come from messages.php, not from a replay of the old socket's state
      expect(again.frames.join('\n')).not.toContain('Missed while away');
      expect(again.frames.find((f) => f.startsWith('40'))).not.toContain(auth.pid);
    });
  });

  it('sends typing to every tab of the other member only, and ignores it for a conversation the member is not in', async () => {
    const { a, b, conversation } = await pair();
    const stranger = await chatMember(one, { paidUser: true });
    const aTyping = await socketOf(base1, a.cookie);
    const bTab1 = await socketOf(base1, b.cookie);
    const bTab2 = await socketOf(base2, b.cookie);
    const strangerSocket = await socketOf(base2, stranger.cookie);
    const onTwo = two.app.get(ChatEvents);
    const typing = jest.spyOn(onTwo, 'typing');
    const delivered = jest.spyOn(onTwo, 'delivered');
    aTyping.socket.emit('typing', { conversation_id: conversation });
    const [t1] = await bTab1.waitFor<{ conversation_id: number; profile_id: number }>('typing');
    expect(t1).toEqual({ conversation_id: conversation, profile_id: a.profile.id });
    await bTab2.waitFor('typing');
    // a stranger's typing for this conversation, and rubbish, reach nobody
    strangerSocket.socket.emit('typing', { conversation_id: conversation });
    strangerSocket.socket.emit('typing', { conversation_id: 'x' } as never);
    strangerSocket.socket.emit('delivered', { conversation_id: conversation, seq: 10 ** 12 });
    // process two decided on both (the rubbish never reaches a handler), and whatever it emitted
    // would have come before a later event of that process
    await handled(typing, 1);
    await handled(delivered, 1);
    await behindMarker(two, b, bTab1, bTab2);
    await behindMarker(two, a, aTyping);
    await behindMarker(two, stranger, strangerSocket);
    expect(bTab1.of('typing')).toHaveLength(1);
    expect(aTyping.of('typing')).toHaveLength(0);
    expect(aTyping.of('delivered')).toHaveLength(0);
    expect(strangerSocket.of('typing')).toHaveLength(0);
    const markers = await one.prisma.conversationParticipant.findMany({
      where: { conversationId: conversation },
    });
    expect(markers.map((m) => m.lastDeliveredSeq)).toEqual([0n, 0n]);
  });

  it('tells the sender’s tabs when the recipient’s client got the message and when they read it', async () => {
    const { a, b, conversation } = await pair();
    const aTab = await socketOf(base1, a.cookie);
    const bTab = await socketOf(base2, b.cookie);
    const sent = await sendText(one, a, { conversation }, 'Gelezen?').expect(201);
    const [got] = await bTab.waitFor<New>('message:new');
    bTab.socket.emit('delivered', { conversation_id: conversation, seq: got.message.seq });
    const [delivered] = await aTab.waitFor<{ conversation_id: number; seq: number }>('delivered');
    expect(delivered).toEqual({ conversation_id: conversation, seq: sent.body.message.seq });
    const forA = await get(one, a, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(forA.body.messages.at(-1).status).toBe('delivered');

    await read(two, b, conversation, got.message.seq).expect(200);
    const [readEvent] = await aTab.waitFor<{ conversation_id: number; seq: number }>('read');
    expect(readEvent).toEqual({ conversation_id: conversation, seq: sent.body.message.seq });
    // the reader's own tabs reload their badges
    await bTab.waitFor('chats:changed', 2);
    const again = await get(one, a, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(again.body.messages.at(-1).status).toBe('read');
  });

  it.each([
    ['the reader was blocked by the other member', 'reader-blocked'],
    ['the reader blocked the other member', 'reader-blocks'],
  ])('refuses a read receipt and tells the other member nothing when %s', async (_name, how) => {
    const { a, b, conversation } = await pair();
    const sent = await sendText(one, a, { conversation }, 'Gelezen?').expect(201);
    const [blocker, blocked] = how === 'reader-blocked' ? [a, b] : [b, a];
    const block = (on: boolean) =>
      (on ? one.http().post('/api/block.php') : one.http().delete('/api/block.php'))
        .set('Cookie', blocker.cookie)
        .set('X-Request-Type', 'client')
        .send({ member: blocked.profile.id })
        .expect(200);
    await block(true);
    const aTab = await socketOf(base1, a.cookie);
    const aOtherProcess = await socketOf(base2, a.cookie);
    const answer = await read(two, b, conversation, sent.body.message.seq);
    // a `read` the refused request emitted would come before this later event of process two
    await behindMarker(two, a, aTab, aOtherProcess);
    expect(aTab.of('read')).toEqual([]);
    expect(aOtherProcess.of('read')).toEqual([]);
    expect(answer.status).toBe(404);
    // nothing was marked read either
    const side = await one.prisma.conversationParticipant.findUniqueOrThrow({
      where: { conversationId_userId: { conversationId: conversation, userId: b.user.id } },
    });
    expect(side).toMatchObject({ lastReadSeq: 0n, unreadCount: 2 });
    // the same sockets get it once the block is lifted
    await block(false);
    await read(two, b, conversation, sent.body.message.seq).expect(200);
    const [event] = await aOtherProcess.waitFor<{ conversation_id: number; seq: number }>('read');
    expect(event).toEqual({ conversation_id: conversation, seq: sent.body.message.seq });
    await aTab.waitFor('read');
  });

  it('tells both members’ tabs when a like is made or taken back', async () => {
    const a = await chatMember(one);
    const b = await chatMember(one);
    const aTab = await socketOf(base1, a.cookie);
    const bTab = await socketOf(base2, b.cookie);
    const like = (method: 'post' | 'delete') => {
      const http = one.http();
      return (method === 'post' ? http.post('/api/like.php') : http.delete('/api/like.php'))
        .set('Cookie', a.cookie)
        .set('X-Request-Type', 'client')
        .send({ member: b.profile.id })
        .expect(200);
    };
    await like('post');
    await aTab.waitFor('likes:changed');
    await bTab.waitFor('likes:changed');
    await like('delete');
    await bTab.waitFor('likes:changed', 2);
  });

  it('disconnects a session’s sockets at logout, on every process, and keeps the member’s other sessions', async () => {
    const { a } = await pair();
    const other = await chatMember(one);
    const secondSession = (
      await one
        .http()
        .post('/api/user.php')
        .set('X-Request-Type', 'client')
        .send({ email: other.user.email, password: other.password })
        .expect(200)
    ).headers['set-cookie'] as unknown as string[];
    const otherCookie2 = secondSession.find((c) => c.startsWith('sid='))!.split(';')[0];
    const tab1 = await socketOf(base1, a.cookie);
    const tab2 = await socketOf(base2, a.cookie);
    const otherTab1 = await socketOf(base1, other.cookie);
    const otherTab2 = await socketOf(base2, otherCookie2);
    // a password change ends the member's other sessions: their sockets go, this one stays
    await one
      .http()
      .put('/api/password.php')
      .set('Cookie', other.cookie)
      .set('X-Request-Type', 'client')
      .send({
        old_password: other.password,
        password: 'een-nieuw-wachtwoord-1',
        password_repeat: 'een-nieuw-wachtwoord-1',
      })
      .expect((res) => expect(res.status).toBeLessThan(300));
    await eventually(() => !otherTab2.socket.connected, 3000);
    await one
      .http()
      .get('/api/logout.php')
      .set('Cookie', a.cookie)
      .set('X-Request-Type', 'client')
      .expect((res) => expect(res.status).toBeLessThan(400));
    await eventually(() => !tab1.socket.connected && !tab2.socket.connected, 3000);
    // each process hears ended sessions in commit order: both have handled the password change
    // by now, and the member's remaining tab still gets its events
    await behindMarker(one, other, otherTab1);
    expect(otherTab1.socket.connected).toBe(true);
    // the session is gone: a new socket with its cookie is refused
    await expect(connect(base2, a.cookie)).rejects.toThrow('authentication_required');
  });

  it('disconnects a socket whose session expired or whose account was banned', async () => {
    const a = await chatMember(one);
    const b = await chatMember(one);
    const aTab = await socketOf(base2, a.cookie);
    const bTab = await socketOf(base1, b.cookie);
    await one.prisma.session.updateMany({
      where: { userId: a.user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(() => !aTab.socket.connected, 3000);
    await one.prisma.user.update({ where: { id: b.user.id }, data: { status: 'banned' } });
    await eventually(() => !bTab.socket.connected, 3000);
  });
});
