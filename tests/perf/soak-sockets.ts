/**
 * The soak's socket clients, in a process of their own: one socket.io client (WebSocket, as the
 * web app) per member of a JSON file, each connected to one of the API processes (member i to
 * base i mod the number of bases, as a proxy spreads them). A message text of the soak is
 * `soak:<run>:<id>:<recipient n>:<send epoch ms>`; each arrival is counted by id (a message at
 * another member's socket counts as misdelivered) and timed on this machine's clock.
 *
 * Usage: node tests/perf/soak-sockets.ts <run> <base URL,base URL,...> <members JSON file>
 * (the file: [{ "n": 1, "cookie": "sid=..." }, ...]). Prints `{"connected":N}` once all are
 * connected, then answers on stdin: `report` with one JSON line (SocketMinute, counting afresh),
 * `final` with the counts of every id received ({ counts, misdelivered }), `exit` closes all.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';
import { percentiles, type Percentiles } from './soak-stats.ts';

export interface SocketMinute extends Percentiles {
  connected: number;
  /** Soak messages received this minute. */
  received: number;
  /** Disconnects this minute (each socket reconnects by itself). */
  disconnects: number;
}

export interface SocketFinal {
  counts: Record<string, number>;
  misdelivered: number;
}

const [run, bases, file] = process.argv.slice(2);
const members = JSON.parse(readFileSync(file, 'utf8')) as { n: number; cookie: string }[];
const servers = bases.split(',');
const prefix = `soak:${run}:`;
const now = () => performance.timeOrigin + performance.now();
const counts = new Map<string, number>();
let misdelivered = 0;
let latencies: number[] = [];
let disconnects = 0;
const sockets: Socket[] = [];

function connectOne(member: { n: number; cookie: string }, index: number): Promise<void> {
  const socket = io(servers[index % servers.length], {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: member.cookie },
    forceNew: true,
    reconnectionDelay: 1000,
  });
  sockets.push(socket);
  socket.on('message:new', (event: { message: { mine: boolean; text: string | null } }) => {
    const text = event.message.text;
    if (event.message.mine || !text?.startsWith(prefix)) return;
    const [id, to, sentAt] = text.slice(prefix.length).split(':');
    if (Number(to) !== member.n) {
      misdelivered += 1;
      return;
    }
    counts.set(id, (counts.get(id) ?? 0) + 1);
    latencies.push(now() - Number(sentAt));
  });
  socket.on('disconnect', () => (disconnects += 1));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

async function main(): Promise<void> {
  // a few hundred handshakes at a time: each is a session lookup on the server
  for (let i = 0; i < members.length; i += 200) {
    await Promise.all(members.slice(i, i + 200).map((m, j) => connectOne(m, i + j)));
  }
  console.log(JSON.stringify({ connected: sockets.filter((s) => s.connected).length }));
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'report') {
      const minute: SocketMinute = {
        connected: sockets.filter((s) => s.connected).length,
        received: latencies.length,
        disconnects,
        ...percentiles(latencies),
      };
      latencies = [];
      disconnects = 0;
      console.log(JSON.stringify(minute));
    } else if (line === 'final') {
      const final: SocketFinal = { counts: Object.fromEntries(counts), misdelivered };
      console.log(JSON.stringify(final));
    } else if (line === 'exit') {
      break;
    }
  }
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
