/**
 * The bench's socket clients, in a process of their own: connects one socket.io client
 * (WebSocket, as the web app) per session cookie of a JSON file, then measures how long each
 * message takes from its send to this member's socket: the sender writes `bench:<epoch ms>` as
 * the text, and the arrival time is taken here on the same machine's clock.
 *
 * Usage: node tests/perf/sockets.ts <base URL> <file with a JSON array of cookies>
 * Prints `{"connected":N}` once every socket is connected; then answers a line `report` on stdin
 * with one JSON line (Delivery) and starts counting afresh; `exit` closes every socket.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';

export interface Delivery {
  connected: number;
  received: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  disconnects: number;
}

const [base, file] = process.argv.slice(2);
const cookies = JSON.parse(readFileSync(file, 'utf8')) as string[];
const now = () => performance.timeOrigin + performance.now();
let latencies: number[] = [];
let disconnects = 0;
const sockets: Socket[] = [];
/** How long one socket may take to connect, its retries included (BENCH_CONNECT_DEADLINE_MS). */
const CONNECT_DEADLINE_MS = Number(process.env.BENCH_CONNECT_DEADLINE_MS ?? 300_000);

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

function connectOne(cookie: string): Promise<void> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    forceNew: true,
    reconnectionDelay: 1000,
  });
  sockets.push(socket);
  socket.on('message:new', (event: { message: { mine: boolean; text: string | null } }) => {
    const text = event.message.text;
    if (event.message.mine || !text?.startsWith('bench:')) return;
    latencies.push(now() - Number.parseFloat(text.slice(6)));
  });
  socket.on('disconnect', () => (disconnects += 1));
  // a handshake refused or dropped while thousands connect is tried again by socket.io itself
  // (reconnection); only a socket still not connected after CONNECT_DEADLINE_MS fails the run
  return new Promise((resolve, reject) => {
    let lastError: unknown;
    const deadline = setTimeout(() => {
      socket.off('connect', connected);
      reject(new Error(`not connected within ${CONNECT_DEADLINE_MS} ms: ${String(lastError)}`));
    }, CONNECT_DEADLINE_MS);
    const connected = () => {
      clearTimeout(deadline);
      resolve();
    };
    socket.once('connect', connected);
    socket.on('connect_error', (error) => (lastError = error));
  });
}

async function main(): Promise<void> {
  // a few hundred handshakes at a time: each is a session lookup on the server
  for (let i = 0; i < cookies.length; i += 200) {
    await Promise.all(cookies.slice(i, i + 200).map(connectOne));
  }
  console.log(JSON.stringify({ connected: sockets.filter((s) => s.connected).length }));
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'report') {
      const sorted = Float64Array.from(latencies).sort();
      const report: Delivery = {
        connected: sockets.filter((s) => s.connected).length,
        received: sorted.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: percentile(sorted, 100),
        disconnects,
      };
      latencies = [];
      console.log(JSON.stringify(report));
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
