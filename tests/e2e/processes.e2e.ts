/**
 * Two app processes on one database and one Redis (tests/e2e/serve.mjs starts the second on the
 * next port), as a deployment with several replicas runs: what a member sends through one
 * process reaches the other member's socket on the other, and a client that was away catches up
 * through the other process with every message, in order, once.
 */
import { expect, test } from '@playwright/test';
import type { ChatMessage } from '@app/contract';
import { loggedInWithCookie as loggedIn, memberSocket, sendText } from './members.js';
import { seedE2eMember } from './seed.js';

const port = Number(process.env.E2E_PORT ?? 3100);
const first = `http://localhost:${port}`;
const second = `http://localhost:${port + 1}`;

async function healthy(base: string) {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
}

/** A real socket.io client of the member on one process; every message:new it receives, in order. */
async function socketOn(base: string, cookie: string) {
  const received: ChatMessage[] = [];
  const socket = await memberSocket(base, cookie, (s) =>
    s.on('message:new', ({ message }) => received.push(message)),
  );
  return { socket, received };
}

test.describe('two app processes on one Redis', () => {
  test.beforeAll(async () => {
    await healthy(second);
  });

  test('a message sent through one process reaches the recipient’s socket on the other, and a client away during 20 messages gets all 20 in order, once', async () => {
    test.setTimeout(60_000);
    const anna = await seedE2eMember({
      credits: 500,
      paidUser: true,
      gender: 'female',
      seekingGender: 'male',
    });
    const bram = await seedE2eMember({ gender: 'male', seekingGender: 'female' });
    const a = await loggedIn(first, anna);
    const b = await loggedIn(second, bram);

    // live: sent through the first process, received on a socket of the second
    const live = await socketOn(second, b.cookie);
    const opener = await sendText(a.api, { member: bram.profileId }, 'Hoi Bram!');
    await expect.poll(() => live.received.map((m) => m.id)).toEqual([opener.id]);
    expect(live.received[0]).toMatchObject({
      text: 'Hoi Bram!',
      conversation_id: opener.conversation_id,
    });
    live.socket.disconnect();

    // away: 20 messages through the first process while Bram has no socket
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 20; i++) {
      sent.push(await sendText(a.api, { conversation: opener.conversation_id }, `bericht ${i}`));
    }
    // back on the second process: a new socket, then the catch-up from the highest seq he holds
    const back = await socketOn(second, b.cookie);
    const held = new Map<number, ChatMessage>(live.received.map((m) => [m.id, m]));
    const since = Math.max(...live.received.map((m) => m.seq));
    const caught = await b.api.get(`/api/messages.php?since=${since}`);
    expect(caught.status()).toBe(200);
    const { messages } = (await caught.json()) as { messages: ChatMessage[] };
    for (const m of [...messages, ...back.received]) held.set(m.id, m);
    const shown = [...held.values()].sort((x, y) => x.seq - y.seq);
    expect(shown.map((m) => m.text)).toEqual([
      'Hoi Bram!',
      ...sent.map((_, i) => `bericht ${i + 1}`),
    ]);
    // the catch-up holds every missed message (and may repeat recent ones: the client keeps one
    // per id, as the map above does)
    expect(messages.map((m) => m.id)).toEqual(expect.arrayContaining(sent.map((m) => m.id)));

    // and the next live message again crosses processes, once
    const after = await sendText(
      a.api,
      { conversation: opener.conversation_id },
      'Ben je er weer?',
    );
    // (the new socket may also get a late live copy of one of the 20, sent while it connected:
    // the client keeps one per id; the next message is what counts here)
    const missed = new Set(sent.map((m) => m.id));
    await expect
      .poll(() => back.received.filter((m) => !missed.has(m.id)).map((m) => m.id))
      .toEqual([after.id]);
    back.socket.disconnect();
    await a.api.dispose();
    await b.api.dispose();
  });
});
