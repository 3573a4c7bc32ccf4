/**
 * The push fan-out rows (BENCH_ROWS=push): BENCH_PUSH_MEMBERS (default 10,000) chat members of
 * seed-chat.ts, each with one browser subscribed at the local push service stand-in
 * (tests/support/push-service-main.ts, in a process of its own), are each sent one push by the
 * real worker process (server/dist/worker.js: the notify queue, NotifyProcessor, PushChannel,
 * PushSender), as when the chat queues a message event.
 *
 * - burst: all the events queued at once (BullMQ addBulk); the sustained rate is pushes per
 *   second from the first event queued to the last push received;
 * - paced: the same number queued at BENCH_PUSH_RATE per second (default 500, the target), each
 *   timed from being queued to its arrival at the push service (p50/p95/p99);
 * - paced, remote: the same with the push service answering BENCH_PUSH_SERVICE_MS late (default
 *   50; 0 leaves the row out), as one across the internet does: what the worker's concurrency
 *   must cover.
 *
 * The stand-in checks every push's VAPID header (the signature once per token, as it is reused)
 * and, with BENCH_PUSH_DECRYPT=1, decrypts every body (the CPU of a browser's push service: off
 * by default, as the push service is not on the site's machine). BENCH_PUSH_PROFILE=1 runs the
 * worker with --cpu-prof and prints where its CPU went. BENCH_NOTIFY_CONCURRENCY sets the
 * worker's NOTIFY_CONCURRENCY (default: the app's default).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Queue } from 'bullmq';
import pg from 'pg';
import webpush from 'web-push';
import {
  appEnv,
  benchBackends,
  benchDatabaseUrl,
  cpuWindow,
  freePort,
  lineProcess,
  processCpuMs,
  serverMain,
  sleep,
  waitForQuiet,
  type CpuUse,
  type LineProcess,
} from './harness.js';
import { seedChat } from './seed-chat.js';
import { formatSummary, summarise, type CpuProfile } from './cpuprofile-summary.js';

const MEMBERS = Number(process.env.BENCH_PUSH_MEMBERS ?? 10_000);
const RATE = Number(process.env.BENCH_PUSH_RATE ?? 500);
const DECRYPT = process.env.BENCH_PUSH_DECRYPT === '1';
const PROFILE = process.env.BENCH_PUSH_PROFILE === '1';
const CONCURRENCY = process.env.BENCH_NOTIFY_CONCURRENCY;
/** The remote row: the push service answers this many ms late, as one across the internet. */
const REMOTE_MS = Number(process.env.BENCH_PUSH_SERVICE_MS ?? 50);

interface Target {
  userId: number;
  partnerId: number;
  conversation: number;
}

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushRow extends CpuUse {
  name: string;
  pushes: number;
  received: number;
  refused: number;
  /** Pushes per second from the first event queued to the last push received. */
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU ms of the stand-in process. */
  standInMs: number;
}

/** Each of the first MEMBERS chat members with one conversation and its other member. */
async function targets(client: pg.Client): Promise<Target[]> {
  const { rows } = await client.query<{ user_id: number; partner_id: number; conv: number }>(
    `SELECT DISTINCT ON (u.id) u.id AS user_id, c.id AS conv,
            CASE WHEN c.user_low_id = u.id THEN c.user_high_id ELSE c.user_low_id END AS partner_id
     FROM generate_series(1, $1::int) g
     JOIN users u ON u.email = 'chat-' || g || '@bench.test'
     JOIN conversation_participants cp ON cp.user_id = u.id
     JOIN conversations c ON c.id = cp.conversation_id
     ORDER BY u.id, c.id`,
    [MEMBERS],
  );
  if (rows.length !== MEMBERS) throw new Error(`${rows.length} of ${MEMBERS} members have a chat`);
  return rows.map((r) => ({ userId: r.user_id, partnerId: r.partner_id, conversation: r.conv }));
}

/** One subscription per member (the bench's earlier ones removed). */
async function storeSubscriptions(client: pg.Client, members: Target[], subs: Subscription[]) {
  await client.query(
    `DELETE FROM push_subscriptions s USING users u
     WHERE u.id = s.user_id AND u.email LIKE 'chat-%@bench.test'`,
  );
  await client.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
    [
      members.map((m) => m.userId),
      subs.map((s) => s.endpoint),
      subs.map((s) => s.keys.p256dh),
      subs.map((s) => s.keys.auth),
    ],
  );
  await client.query('ANALYZE push_subscriptions');
}

interface WorkerProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The built worker (worker.js beside the measured main.js) with push on; resolves once started. */
async function startWorker(env: NodeJS.ProcessEnv, nodeArgs: string[]): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(path.dirname(serverMain), 'worker.js')],
    {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start')), 60_000);
    child.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
    lines.on('line', (line) => {
      if (line.includes('Worker started')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function arrivals(standIn: LineProcess) {
  standIn.send('arrivals');
  return JSON.parse(await standIn.next()) as {
    arrivals: { id: string; at: number }[];
    refusals: { status: number; id: string; reason: string }[];
  };
}

/**
 * CPU ms of the bench database's backends over a window, counting backends that open during it
 * (the worker's pool closes idle connections while the bench waits for a quiet machine).
 */
function backendsCpu(): { end(): number } {
  const before = new Map(benchBackends().map((pid) => [pid, processCpuMs(pid)]));
  return {
    end: () =>
      benchBackends().reduce((sum, pid) => sum + processCpuMs(pid) - (before.get(pid) ?? 0), 0),
  };
}

/** Waits until the stand-in has answered `n` pushes (or `ms` passed). */
async function received(standIn: LineProcess, n: number, ms: number): Promise<void> {
  standIn.send(`wait ${n} ${ms}`);
  await standIn.next();
}

/**
 * Queues one message event per member (all at once, or `rate` a second), waits until the stand-in
 * has every push (or 3 minutes passed), and measures.
 */
async function measureRow(
  name: string,
  queue: Queue,
  members: Target[],
  idOf: string[],
  standIn: LineProcess,
  worker: WorkerProcess,
  rate: number | null,
): Promise<PushRow> {
  process.stdout.write(`  ${name} ...`);
  await waitForQuiet();
  standIn.send('clear');
  await standIn.next();
  const queuedAt = new Array<number>(members.length);
  const now = () => performance.timeOrigin + performance.now();
  const cpu = cpuWindow(worker.child.pid as number);
  const databaseCpu = backendsCpu();
  const standInBefore = processCpuMs(standIn.child.pid as number);
  const event = (m: Target, at: number) => ({
    name: 'notify',
    data: {
      kind: 'message',
      recipientId: m.userId,
      actorId: m.partnerId,
      conversationId: m.conversation,
      at: new Date(at).toISOString(),
    },
    opts: { removeOnComplete: true, removeOnFail: 1000 },
  });
  const started = now();
  const batch = rate === null ? 1000 : Math.max(1, Math.round(rate / 50));
  for (let i = 0; i < members.length; i += batch) {
    if (rate !== null) {
      // on schedule: batch i is due at started + i / rate seconds
      const due = started + (i / rate) * 1000;
      if (due > now()) await sleep(due - now());
    }
    const at = now();
    const slice = members.slice(i, i + batch);
    slice.forEach((_m, k) => (queuedAt[i + k] = at));
    await queue.addBulk(slice.map((m) => event(m, at)));
  }
  await received(standIn, members.length, 180_000);
  const use = { ...cpu.end(), dbMs: databaseCpu.end() };
  const standInMs = processCpuMs(standIn.child.pid as number) - standInBefore;
  const got = await arrivals(standIn);
  const index = new Map(idOf.map((id, i) => [id, i]));
  const latencies = got.arrivals
    .map((a) => a.at - queuedAt[index.get(a.id) as number])
    .sort((x, y) => x - y);
  const last = Math.max(...got.arrivals.map((a) => a.at));
  const row: PushRow = {
    name,
    pushes: members.length,
    received: got.arrivals.length,
    refused: got.refusals.length,
    rate: got.arrivals.length / ((last - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    standInMs,
    ...use,
  };
  console.log(
    ` ${row.rate.toFixed(0)} pushes/s, p99 ${row.p99.toFixed(0)} ms` +
      (row.received < row.pushes ? `, ${row.pushes - row.received} MISSING` : '') +
      (got.refusals.length > 0 ? `, refused: ${JSON.stringify(got.refusals.slice(0, 3))}` : ''),
  );
  return row;
}

/** Seeds, starts the stand-in and the worker, measures the burst and the paced rows. */
export async function measurePush(): Promise<PushRow[]> {
  console.log(
    `Push fan-out (${MEMBERS} members, stand-in ${DECRYPT ? 'decrypting' : 'not decrypting'}):`,
  );
  await seedChat(MEMBERS);
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  const standIn = lineProcess('../support/push-service-main.ts', DECRYPT ? [] : ['--no-decrypt']);
  const rows: PushRow[] = [];
  let worker: WorkerProcess | undefined;
  let queue: Queue | undefined;
  try {
    const { host } = JSON.parse(await standIn.next()) as { host: string };
    standIn.send(`subscribe ${MEMBERS}`);
    const subs = JSON.parse(await standIn.next()) as Subscription[];
    const members = await targets(client);
    await storeSubscriptions(client, members, subs);
    const vapid = webpush.generateVAPIDKeys();
    const env: NodeJS.ProcessEnv = {
      ...appEnv(await freePort()),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:bench@vonkje.test',
      PUSH_ENDPOINT_HOSTS: host,
      LOG_LEVEL: 'warn',
      ...(CONCURRENCY ? { NOTIFY_CONCURRENCY: CONCURRENCY } : {}),
    };
    const profileDir = PROFILE ? mkdtempSync(path.join(os.tmpdir(), 'push-prof-')) : '';
    worker = await startWorker(env, PROFILE ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
    const redis = new URL(env.REDIS_URL as string);
    queue = new Queue('notify', {
      connection: {
        host: redis.hostname,
        port: Number(redis.port || 6379),
        db: Number(redis.pathname.slice(1) || 0),
      },
    });
    await queue.obliterate({ force: true });
    const idOf = subs.map((s) => s.endpoint.slice(s.endpoint.lastIndexOf('/') + 1));
    // connections, prepared statements and JIT warm, as on a site that has been running
    const warm = members.slice(0, Math.min(1000, members.length));
    await measureRow('warm-up (not reported)', queue, warm, idOf, standIn, worker, null);
    rows.push(
      await measureRow('burst: all queued at once', queue, members, idOf, standIn, worker, null),
    );
    rows.push(
      await measureRow(`paced: ${RATE} events/s`, queue, members, idOf, standIn, worker, RATE),
    );
    if (REMOTE_MS > 0) {
      standIn.send(`delay ${REMOTE_MS}`);
      await standIn.next();
      rows.push(
        await measureRow(
          `paced: ${RATE} events/s, push service answering after ${REMOTE_MS} ms`,
          queue,
          members,
          idOf,
          standIn,
          worker,
          RATE,
        ),
      );
    }
    await worker.stop();
    if (PROFILE) {
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
        console.log(`\nWorker CPU profile (${path.join(profileDir, file)}):`);
        console.log(
          formatSummary(
            summarise(profile),
            25,
            rows.reduce((n, r) => n + r.received, 0),
          ),
        );
      }
    }
  } finally {
    await worker?.stop();
    await queue?.close();
    await standIn.close();
    await client.end();
  }
  return rows;
}

/** The push rows as a table. */
export function printPushTable(rows: PushRow[]): void {
  console.log(
    `\n| push fan-out, ${MEMBERS} members | pushes/s | received | refused | p50 ms | p95 ms | ` +
      'p99 ms | max ms | worker CPU µs/push | PostgreSQL CPU µs/push | stand-in CPU µs/push | other processes (cores) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const us = (ms: number) => ((ms * 1000) / Math.max(1, r.received)).toFixed(0);
    const others = (r.machineBusyMs - r.serverMs - r.dbMs - r.standInMs) / r.wallMs;
    console.log(
      `| ${r.name} | ${r.rate.toFixed(0)} | ${r.received}/${r.pushes} | ${r.refused} | ` +
        `${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ` +
        `${us(r.serverMs)} | ${us(r.dbMs)} | ${us(r.standInMs)} | ${others.toFixed(2)} |`,
    );
  }
}
