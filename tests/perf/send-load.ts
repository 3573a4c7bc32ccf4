/**
 * The bench's message senders, in a process of their own: POST /api/message.php as many members
 * (each into their conversation, each with its own Idempotency-Key), either at a fixed rate (an
 * open loop: a send starts every 1/rate s whatever the answers, and its latency counts from when
 * it should have started, so a slow server cannot hide its queue) or as fast as `concurrency`
 * parallel senders get answers. The text is `bench:<epoch ms>` for the socket clients, then the
 * job's own words if it has any.
 *
 * Usage: node tests/perf/send-load.ts <file with a SendJob as JSON>; prints one LoadResult line.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { LoadResult } from './load.ts';

export interface SendJob {
  base: string;
  senders: { cookie: string; conversation: number }[];
  seconds: number;
  /** Sends per second (open loop)... */
  rate?: number;
  /** ...or this many senders in parallel, each sending again once answered (closed loop). */
  concurrency?: number;
  /** Closed loop only: stop after this many sends (for counting, not for throughput). */
  amount?: number;
  /** Words after the `bench:<epoch ms>` stamp (what the message scanner reads). */
  text?: string;
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as SendJob;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const target = new URL(job.base);
const now = () => performance.timeOrigin + performance.now();
const latencies: number[] = [];
const statusCodes: Record<string, number> = {};
let errors = 0;
let next = 0;
let started = 0;

async function sendOne(startedAt: number): Promise<void> {
  const sender = job.senders[next++ % job.senders.length];
  const body = JSON.stringify({
    type: 'text',
    conversation: sender.conversation,
    text: job.text ? `bench:${now()} ${job.text}` : `bench:${now()}`,
  });
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: '/api/message.php',
          method: 'POST',
          agent,
          headers: {
            cookie: sender.cookie,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-request-type': 'client',
            'idempotency-key': randomUUID(),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    latencies.push(now() - startedAt);
  } catch {
    errors += 1;
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

async function main(): Promise<void> {
  const cpuBefore = process.cpuUsage();
  const start = now();
  const end = start + job.seconds * 1000;
  const running: Promise<void>[] = [];
  if (job.rate) {
    const interval = 1000 / job.rate;
    for (let i = 0; ; i++) {
      const due = start + i * interval;
      if (due >= end) break;
      const wait = due - now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      running.push(sendOne(due));
    }
  } else {
    const workers = Array.from({ length: job.concurrency ?? 16 }, async () => {
      while (now() < end && (job.amount === undefined || started < job.amount)) {
        started += 1;
        await sendOne(now());
      }
    });
    running.push(...workers);
  }
  await Promise.all(running);
  const seconds = (now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = Float64Array.from(latencies).sort();
  const ok = Object.entries(statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  const result: LoadResult = {
    rps: latencies.length / seconds,
    requests: latencies.length,
    seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    socketErrors: errors,
    non2xx: latencies.length - ok,
    statusCodes,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
  console.log(JSON.stringify(result));
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
