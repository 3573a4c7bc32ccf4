/**
 * The bench's chat rows: message sending with thousands of members connected. Socket clients
 * (tests/perf/sockets.ts, one socket per member, in processes of their own) connect every chat
 * member of seed-chat.ts; the senders (tests/perf/send-load.ts, another process) send as those
 * members into their conversations, and the socket clients time each message from its send to
 * the recipient's socket. Rows:
 *
 * - sends at a fixed rate (BENCH_SEND_RATE, default 200/s) for BENCH_CHAT_SECONDS (default 15):
 *   the latency of a send (open loop) and of its delivery;
 * - sends as fast as BENCH_SEND_CONCURRENCY (default 32) parallel senders get answers: the
 *   throughput, and the latencies under it;
 * - at the fixed rate again, an ordinary sentence the message scanner reads and passes, beside
 *   one of the same length it flags (a phone number, an IBAN and a request for money: the
 *   categories stored on the message, a moderators' queue row and the sender's risk score, in
 *   the send's one statement): what the scan adds to a send (issue 35, point 2).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuWindow, lineProcess, waitForQuiet, type CpuUse, type LineProcess } from './harness.js';
import type { LoadResult } from './load.js';
import type { ChatBenchMember } from './seed-chat.js';
import type { SendJob } from './send-load.js';
import type { Delivery } from './sockets.js';

const perfDir = path.dirname(fileURLToPath(import.meta.url));
/** Sockets per client process (BENCH_SOCKETS_PER_PROCESS, default 2,500). */
const SOCKETS_PER_PROCESS = Number(process.env.BENCH_SOCKETS_PER_PROCESS ?? 2_500);

/** Two sentences of one length: the scanner finds nothing in the first, three categories in the second. */
const SCAN_CLEAN =
  'Hoi! Wat leuk dat je reageert. Ik ben net terug van een lange wandeling langs het strand en ik heb zin in koffie.';
const SCAN_FLAGGED =
  'Hoi! Bel me op 06 12345678 en maak 200 euro over naar NL91ABNA0417164300, dan kom ik volgende week naar je toe.';

export interface ChatRow extends CpuUse {
  name: string;
  send: LoadResult;
  delivery: Delivery;
  sockets: number;
}

export type SocketProcess = LineProcess;

/** A process of socket clients (tests/perf/sockets.ts) for these members' cookies. */
export function socketProcess(
  base: string,
  cookies: string[],
  dir: string,
  i: number,
): SocketProcess {
  const file = path.join(dir, `cookies-${i}.json`);
  writeFileSync(file, JSON.stringify(cookies));
  return lineProcess('sockets.ts', [base, file]);
}

/** One run of the senders (tests/perf/send-load.ts) in a process of their own. */
export async function sendLoad(job: SendJob, dir: string): Promise<LoadResult> {
  const file = path.join(dir, `send-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(job));
  const child = spawn(process.execPath, [path.join(perfDir, 'send-load.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the senders failed (${code})`);
  return JSON.parse(out) as LoadResult;
}

/** Every socket process's delivery report since the last one, merged (percentiles: the worst). */
export async function report(processes: SocketProcess[]): Promise<Delivery> {
  for (const p of processes) p.child.stdin?.write('report\n');
  const reports = await Promise.all(
    processes.map(async (p) => JSON.parse(await p.next()) as Delivery),
  );
  const received = reports.reduce((sum, r) => sum + r.received, 0);
  // a weighted percentile needs the samples; the socket processes split the members evenly,
  // so the highest of each percentile is a close upper bound
  return {
    connected: reports.reduce((sum, r) => sum + r.connected, 0),
    received,
    p50: Math.max(...reports.map((r) => r.p50)),
    p95: Math.max(...reports.map((r) => r.p95)),
    p99: Math.max(...reports.map((r) => r.p99)),
    max: Math.max(...reports.map((r) => r.max)),
    disconnects: reports.reduce((sum, r) => sum + r.disconnects, 0),
  };
}

/**
 * Socket clients for every member (SOCKETS_PER_PROCESS a process), once all are connected. The
 * processes connect one after another: thousands of handshakes at once (each a session lookup)
 * would only queue on the server, and the clients' own CPU would compete with it.
 */
export async function connectSockets(
  base: string,
  members: ChatBenchMember[],
  dir: string,
): Promise<{ processes: SocketProcess[]; connected: number }> {
  const processes: SocketProcess[] = [];
  let connected = 0;
  try {
    for (let i = 0; i < members.length; i += SOCKETS_PER_PROCESS) {
      const slice = members.slice(i, i + SOCKETS_PER_PROCESS).map((m) => m.cookie);
      const p = socketProcess(base, slice, dir, i);
      processes.push(p);
      connected += (JSON.parse(await p.next()) as { connected: number }).connected;
    }
    return { processes, connected };
  } catch (error) {
    await Promise.all(processes.map((p) => p.close()));
    throw error;
  }
}

export async function measureChat(
  base: string,
  appPid: number,
  members: ChatBenchMember[],
): Promise<ChatRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-'));
  const seconds = Number(process.env.BENCH_CHAT_SECONDS ?? 15);
  const rate = Number(process.env.BENCH_SEND_RATE ?? 200);
  const concurrency = Number(process.env.BENCH_SEND_CONCURRENCY ?? 32);
  const processes: SocketProcess[] = [];
  for (let i = 0; i < members.length; i += SOCKETS_PER_PROCESS) {
    const slice = members.slice(i, i + SOCKETS_PER_PROCESS).map((m) => m.cookie);
    processes.push(socketProcess(base, slice, dir, i));
  }
  const rows: ChatRow[] = [];
  try {
    process.stdout.write(`  connecting ${members.length} sockets ...`);
    const started = Date.now();
    const ready = await Promise.all(
      processes.map(async (p) => (JSON.parse(await p.next()) as { connected: number }).connected),
    );
    const sockets = ready.reduce((sum, n) => sum + n, 0);
    console.log(` ${sockets} connected in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const senders = members.map((m) => ({ cookie: m.cookie, conversation: m.conversation }));
    const run = async (name: string, job: Omit<SendJob, 'base' | 'senders'>) => {
      process.stdout.write(`  ${name} ...`);
      await waitForQuiet();
      // warm-up: the app's statements prepared on every pooled connection
      await sendLoad({ base, senders, seconds: 2, rate: Math.min(rate, 100) }, dir);
      await new Promise((r) => setTimeout(r, 1000));
      await report(processes);
      const cpu = cpuWindow(appPid);
      const send = await sendLoad({ base, senders, ...job }, dir);
      // the last deliveries arrive after the last answers
      await new Promise((r) => setTimeout(r, 1500));
      const row: ChatRow = { name, send, delivery: await report(processes), sockets, ...cpu.end() };
      console.log(
        ` ${send.rps.toFixed(0)} sends/s, send p99 ${send.p99.toFixed(1)} ms, delivery p99 ` +
          `${row.delivery.p99.toFixed(1)} ms, ${row.delivery.received} of ${send.requests} delivered`,
      );
      rows.push(row);
    };
    await run(`POST /api/message.php at ${rate}/s, ${sockets} sockets`, { seconds, rate });
    await run(`POST /api/message.php, ${concurrency} senders at once, ${sockets} sockets`, {
      seconds: Math.min(seconds, 10),
      concurrency,
    });
    await run(`POST /api/message.php at ${rate}/s, a sentence the scanner passes`, {
      seconds,
      rate,
      text: SCAN_CLEAN,
    });
    await run(`POST /api/message.php at ${rate}/s, a sentence the scanner flags`, {
      seconds,
      rate,
      text: SCAN_FLAGGED,
    });
  } finally {
    await Promise.all(processes.map((p) => p.close()));
  }
  return rows;
}
