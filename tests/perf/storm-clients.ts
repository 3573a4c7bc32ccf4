/**
 * The reconnect-storm rows' clients, in a process of their own: one socket.io client per member
 * (WebSocket, the web app's reconnection settings), each doing what the web app does after a
 * reconnect (web/src/realtime): a recovered socket (socket.io replayed what it missed) is done at
 * once; an unrecovered one reloads the user, the chats and the likes and catches up from the
 * highest seq it holds (GET /api/messages.php?since=, page after page), all at once as the
 * web's query invalidations and the conversation's catch-up do.
 *
 * Usage: node tests/perf/storm-clients.ts <socket base URL> <API base URL> <members JSON file>
 * The file: `{ "since": <highest seq when the run starts>, "cookies": [<cookie>, ...] }`.
 * Prints `{"connected":N}` once every socket is connected. Then, per line on stdin:
 * - `cut`: drops every socket's transport at once (as a proxy restart or a network blip would);
 * - `watch`: the server is about to go away (the bench kills and restarts it);
 * and prints one StormReport once every socket is back and caught up (or after 120 s).
 * `exit` closes every socket.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';

export interface StormReport {
  sockets: number;
  /** Sockets back and caught up within the time limit. */
  caughtUp: number;
  /** Of those, how many socket.io recovered (no HTTP requests). */
  recovered: number;
  /** HTTP requests the catch-up made, and how many of them failed (then retried). */
  requests: number;
  failed: number;
  /** Messages sent to these members after the cut that reached them (live, replayed, caught up). */
  missedReceived: number;
  /** ms from the cut (or the watch) until each socket was caught up. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface Client {
  socket: Socket;
  cookie: string;
  highestSeq: number;
  /** The highest seq held when the storm began: messages above it are the storm's. */
  stormSince: number;
  /** Ids of messages to this member sent since the storm began, seen live or caught up. */
  seen: Set<number>;
  doneAt: number | null;
  recovered: boolean;
}

const [socketBase, apiBase, file] = process.argv.slice(2);
const input = JSON.parse(readFileSync(file, 'utf8')) as { since: number; cookies: string[] };
const clients: Client[] = [];
let stormStart = 0;
let storming = false;
let requests = 0;
let failed = 0;
const now = () => performance.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]);
}

/**
 * One GET with the web's retries (apiRequest: REQUEST_RETRIES = 5 more tries, 250 ms doubling).
 * A catch-up request goes on after those (backing off to 5 s): the web would ask again at its
 * next reload, and "caught up" here means the client has it all.
 */
async function get(client: Client, path: string, retries = Infinity): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    requests += 1;
    try {
      const res = await fetch(`${apiBase}${path}`, {
        headers: { cookie: client.cookie, accept: 'application/json' },
      });
      if (res.ok) return await res.json();
      failed += 1;
      await res.body?.cancel();
    } catch {
      failed += 1;
    }
    if (attempt >= retries || now() - stormStart > 120_000) throw new Error(`GET ${path} failed`);
    await new Promise((r) => setTimeout(r, Math.min(5000, 250 * 2 ** attempt)));
  }
}

async function catchUp(client: Client): Promise<void> {
  const messages = async () => {
    for (;;) {
      const page = (await get(client, `/api/messages.php?since=${client.highestSeq}`)) as {
        messages: { id: number; seq: number; mine: boolean }[];
        more: boolean;
      };
      for (const m of page.messages) {
        client.highestSeq = Math.max(client.highestSeq, m.seq);
        if (!m.mine && m.seq > client.stormSince) client.seen.add(m.id);
      }
      if (!page.more || page.messages.length === 0) return;
    }
  };
  await Promise.all([
    get(client, '/api/user.php'),
    get(client, '/api/chats.php'),
    get(client, '/api/likes.php'),
    messages(),
  ]);
}

function connectOne(cookie: string): Promise<void> {
  const socket = io(socketBase, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    forceNew: true,
    // socket.io-client's defaults, as the web app uses them
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
  });
  const client: Client = {
    socket,
    cookie,
    highestSeq: input.since,
    stormSince: input.since,
    seen: new Set(),
    doneAt: null,
    recovered: false,
  };
  clients.push(client);
  socket.on('message:new', (event: { message: { id: number; seq: number; mine: boolean } }) => {
    client.highestSeq = Math.max(client.highestSeq, event.message.seq);
    if (storming && !event.message.mine && event.message.seq > client.stormSince) {
      client.seen.add(event.message.id);
    }
  });
  // a server that shuts down ends its sockets: the web reads the user again (the session may
  // have ended), then connects again, from then on with socket.io's reconnection back-off
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect' || !storming) return;
    get(client, '/api/user.php', 5)
      .catch(() => undefined)
      .finally(() => socket.connect());
  });
  let first = true;
  socket.on('connect', () => {
    if (first) {
      first = false;
      return;
    }
    if (!storming || client.doneAt !== null) return;
    if (socket.recovered) {
      client.recovered = true;
      client.doneAt = now();
      return;
    }
    catchUp(client).then(
      () => (client.doneAt = now()),
      () => undefined,
    );
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

async function storm(cut: boolean): Promise<StormReport> {
  for (const client of clients) {
    client.doneAt = null;
    client.recovered = false;
    client.seen.clear();
    client.stormSince = client.highestSeq;
  }
  requests = 0;
  failed = 0;
  storming = true;
  stormStart = now();
  if (cut) for (const client of clients) client.socket.io.engine.close();
  const until = stormStart + 120_000;
  while (clients.some((c) => c.doneAt === null) && now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
  // messages of the last moments reach their sockets live
  await new Promise((r) => setTimeout(r, 1000));
  storming = false;
  const times = clients
    .filter((c) => c.doneAt !== null)
    .map((c) => (c.doneAt as number) - stormStart)
    .sort((a, b) => a - b);
  return {
    sockets: clients.length,
    caughtUp: times.length,
    recovered: clients.filter((c) => c.recovered).length,
    requests,
    failed,
    missedReceived: clients.reduce((sum, c) => sum + c.seen.size, 0),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: percentile(times, 100),
  };
}

async function main(): Promise<void> {
  for (let i = 0; i < input.cookies.length; i += 200) {
    await Promise.all(input.cookies.slice(i, i + 200).map(connectOne));
  }
  console.log(JSON.stringify({ connected: clients.filter((c) => c.socket.connected).length }));
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'cut' || line === 'watch') {
      console.log(JSON.stringify(await storm(line === 'cut')));
    } else if (line === 'exit') {
      break;
    }
  }
  for (const client of clients) client.socket.disconnect();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
