/**
 * The bench's scale row (BENCH_ROWS=sockets; issue 37: one API process holding 20,000 connected
 * members while 500 messages a second are sent, delivery p99 at most 50 ms): BENCH_SCALE_SOCKETS
 * members (default 20,000, seeded by seed-chat.ts) connected by socket clients spread over
 * several load-generator processes (BENCH_SOCKETS_PER_PROCESS each, default 2,500: 8 processes
 * for 20,000), then messages sent at BENCH_SCALE_RATE a second (default 500) for
 * BENCH_CHAT_SECONDS (default 15). It reports what the target is judged by and what limits it:
 *
 * - the delivery to the recipients' sockets (p50, p95, p99, max; every message received once);
 * - the app process's memory (RSS) before and after connecting, per socket; its open file
 *   descriptors before and after, and its limit (/proc/<pid>/limits: each socket holds one);
 * - the app's CPU per send and the cores the socket clients took (on a small machine they
 *   compete with the server: the row says how many of the machine's cores were busy).
 *
 * Not run by default (the machine must carry N sockets twice: clients and server); on a shared
 * 2-core machine run it small (BENCH_SCALE_SOCKETS=1000) and scale by the costs per socket and
 * per message it reports.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectSockets, report, sendLoad } from './chat-bench.js';
import { cpuWindow, waitForQuiet, type CpuUse } from './harness.js';
import type { LoadResult } from './load.js';
import type { ChatBenchMember } from './seed-chat.js';
import type { Delivery } from './sockets.js';

export interface ProcessFootprint {
  rssKb: number;
  fds: number;
}

export interface ScaleRow extends CpuUse {
  name: string;
  sockets: number;
  clientProcesses: number;
  connectSeconds: number;
  before: ProcessFootprint;
  after: ProcessFootprint;
  /** The app's open-files limit (soft), null when unreadable. */
  fdLimit: number | null;
  send: LoadResult;
  delivery: Delivery;
}

/** Resident memory and open file descriptors of a process, from /proc. */
export function footprint(pid: number): ProcessFootprint {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return { rssKb: rss ? Number(rss[1]) : 0, fds: readdirSync(`/proc/${pid}/fd`).length };
}

function fdLimit(pid: number): number | null {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  const line = /^Max open files\s+(\d+)/m.exec(limits);
  return line ? Number(line[1]) : null;
}

export async function measureScale(
  base: string,
  appPid: number,
  members: ChatBenchMember[],
): Promise<ScaleRow> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scale-bench-'));
  const seconds = Number(process.env.BENCH_CHAT_SECONDS ?? 15);
  const rate = Number(process.env.BENCH_SCALE_RATE ?? 500);
  await waitForQuiet();
  const before = footprint(appPid);
  process.stdout.write(`  connecting ${members.length} sockets ...`);
  const started = Date.now();
  const { processes, connected } = await connectSockets(base, members, dir);
  const connectSeconds = (Date.now() - started) / 1000;
  try {
    console.log(` ${connected} connected in ${connectSeconds.toFixed(1)} s`);
    const after = footprint(appPid);
    const senders = members.map((m) => ({ cookie: m.cookie, conversation: m.conversation }));
    const name = `POST /api/message.php at ${rate}/s, ${connected} sockets`;
    process.stdout.write(`  ${name} ...`);
    // warm-up: the app's statements prepared on every pooled connection
    await sendLoad({ base, senders, seconds: 2, rate: Math.min(rate, 100) }, dir);
    await new Promise((r) => setTimeout(r, 1000));
    await report(processes);
    const cpu = cpuWindow(appPid);
    const send = await sendLoad({ base, senders, seconds, rate }, dir);
    // the last deliveries arrive after the last answers
    await new Promise((r) => setTimeout(r, 1500));
    const delivery = await report(processes);
    const row: ScaleRow = {
      name,
      sockets: connected,
      clientProcesses: processes.length,
      connectSeconds,
      before,
      after,
      fdLimit: fdLimit(appPid),
      send,
      delivery,
      ...cpu.end(),
    };
    console.log(
      ` ${send.rps.toFixed(0)} sends/s, delivery p99 ${delivery.p99.toFixed(1)} ms, ` +
        `${delivery.received} of ${send.requests} delivered`,
    );
    return row;
  } finally {
    await Promise.all(processes.map((p) => p.close()));
  }
}

/** The scale row as a table: delivery, and the costs per socket and per message behind it. */
export function printScaleTable(row: ScaleRow): void {
  const perSocketKb = (row.after.rssKb - row.before.rssKb) / Math.max(1, row.sockets);
  const us = (ms: number) => ((ms * 1000) / Math.max(1, row.send.requests)).toFixed(0);
  console.log(
    '\n| scale | sockets (client processes) | connect s | sends/s | send p99 ms | delivered | ' +
      'delivery p50 ms | p95 ms | p99 ms | max ms | RSS before → after MB | KB per socket | ' +
      'fds before → after (limit) | server CPU µs/send | PostgreSQL CPU µs/send | machine busy (cores) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${row.name} | ${row.sockets} (${row.clientProcesses}) | ${row.connectSeconds.toFixed(1)} | ` +
      `${row.send.rps.toFixed(0)} | ${row.send.p99.toFixed(1)} | ` +
      `${row.delivery.received}/${row.send.requests} | ${row.delivery.p50.toFixed(1)} | ` +
      `${row.delivery.p95.toFixed(1)} | ${row.delivery.p99.toFixed(1)} | ` +
      `${row.delivery.max.toFixed(1)} | ${(row.before.rssKb / 1024).toFixed(0)} → ` +
      `${(row.after.rssKb / 1024).toFixed(0)} | ${perSocketKb.toFixed(1)} | ${row.before.fds} → ` +
      `${row.after.fds} (${row.fdLimit ?? '?'}) | ${us(row.serverMs)} | ${us(row.dbMs)} | ` +
      `${(row.machineBusyMs / row.wallMs).toFixed(2)} |`,
  );
}
