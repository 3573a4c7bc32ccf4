/**
 * The soak (`npm run bench:soak -- --minutes 30`): the production topology as plain processes
 * (two API processes and two job workers from the build, tests/support/topology.ts, on one
 * PostgreSQL database and one Redis) under a steady, realistic mix for a long time, each load
 * generator in a process of its own:
 *
 * - 2,000 members (seed-chat.ts) with a socket.io client each (soak-sockets.ts, two processes,
 *   the members spread over both API processes), so messages cross between processes;
 * - polling, search, profile views and message sends at fixed rates, and a payment a minute
 *   (soak-load.ts, an open loop spread over both API processes).
 *
 * Every minute: the latency of each kind of request (p50/p95/p99), the delivery latency, the
 * errors, each server's heap used (soak-probe.ts inside it) and RSS, the clients' RSS and how
 * busy the machine was. At the end: zero errors, every message accepted received exactly once
 * by its recipient's socket and stored once, every member's ledger equal to their balance, and
 * the heap's trend after the warm-up (a least-squares slope, soak-stats.ts).
 *
 * Options (flags or environment): --minutes (SOAK_MINUTES, 30), --warmup minutes left out of
 * the heap trend (SOAK_WARMUP, 5, or a third of a shorter run), --sockets (SOAK_SOCKETS, 2000),
 * --poll, --search, --profile, --send requests a second (SOAK_POLL_RPS 20, SOAK_SEARCH_RPS 3,
 * SOAK_PROFILE_RPS 8, SOAK_SEND_RPS 5), --payment-every seconds (SOAK_PAYMENT_EVERY, 60). The
 * database is SOAK_DATABASE (default dating_soak) on DATABASE_URL's server; Redis database 13
 * of REDIS_URL. Exits 1 when a check fails. Build first (`npm run build`).
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort, startTopology, type Topology } from '../support/topology.js';
import {
  benchDatabaseUrl,
  lineProcess,
  machineCpuMs,
  prepareDatabase,
  root,
  type LineProcess,
} from './harness.js';
import { seedChat } from './seed-chat.js';
import type { LoadMinute, SoakJob, SoakMember } from './soak-load.js';
import type { SocketFinal, SocketMinute } from './soak-sockets.js';
import {
  accountDeliveries,
  exactlyOnce,
  heapTrend,
  type DeliveryAccount,
  type HeapTrend,
} from './soak-stats.js';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string' },
    warmup: { type: 'string' },
    sockets: { type: 'string' },
    poll: { type: 'string' },
    search: { type: 'string' },
    profile: { type: 'string' },
    send: { type: 'string' },
    'payment-every': { type: 'string' },
  },
});
const option = (flag: string | undefined, env: string, fallback: number) =>
  Number(flag ?? process.env[env] ?? fallback);
const MINUTES = option(flags.minutes, 'SOAK_MINUTES', 30);
const WARMUP = option(
  flags.warmup,
  'SOAK_WARMUP',
  Math.min(5, Math.max(1, Math.floor(MINUTES / 3))),
);
const SOCKETS = option(flags.sockets, 'SOAK_SOCKETS', 2000);
const RATES = {
  poll: option(flags.poll, 'SOAK_POLL_RPS', 20),
  search: option(flags.search, 'SOAK_SEARCH_RPS', 3),
  profile: option(flags.profile, 'SOAK_PROFILE_RPS', 8),
  send: option(flags.send, 'SOAK_SEND_RPS', 5),
};
const PAYMENT_EVERY = option(flags['payment-every'], 'SOAK_PAYMENT_EVERY', 60);
const SOCKETS_PER_PROCESS = 1000;
const RUN = randomBytes(4).toString('hex');

process.env.BENCH_DATABASE = process.env.SOAK_DATABASE ?? 'dating_soak';
const databaseUrl = benchDatabaseUrl();
const redisUrl = (() => {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = '/13';
  return url.toString();
})();

// ------------------------------------------------------------------- data

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The books opened: a member whose balance the seeds set without ledger rows (seed-chat.ts gives
 * a million credits) gets one `adjustment` row for the difference, so that from here on
 * "ledger equal to balance" holds for everyone and the soak checks it at the end.
 */
async function openBooks(): Promise<number> {
  const rows = await query<{ n: string }>(
    `WITH diff AS (
       SELECT u.id, u.credits, u.credits - COALESCE(SUM(l.delta), 0) AS delta
       FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id
       GROUP BY u.id HAVING u.credits <> COALESCE(SUM(l.delta), 0))
     , written AS (
       INSERT INTO credit_ledger (user_id, delta, balance_after, reason, note)
       SELECT id, delta, credits, 'adjustment', 'soak: opening balance' FROM diff RETURNING 1)
     SELECT count(*) AS n FROM written`,
  );
  return Number(rows[0].n);
}

async function ledgerMismatches(): Promise<number> {
  const rows = await query<{ n: string }>(
    `SELECT count(*) AS n FROM (
       SELECT u.id FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id
       GROUP BY u.id HAVING u.credits <> COALESCE(SUM(l.delta), 0)) m`,
  );
  return Number(rows[0].n);
}

/** Messages of this run as stored, and how many texts were stored more than once. */
async function storedMessages(): Promise<{ stored: number; storedTwice: number }> {
  const rows = await query<{ stored: string; twice: string }>(
    `SELECT count(*) AS stored, count(*) - count(DISTINCT split_part(body, ':', 3)) AS twice
     FROM messages WHERE body LIKE $1`,
    [`soak:${RUN}:%`],
  );
  return { stored: Number(rows[0].stored), storedTwice: Number(rows[0].twice) };
}

/** A local SMTP server that takes every mail and counts it. */
async function smtpSink(): Promise<{ port: number; mails(): number; close(): Promise<void> }> {
  let mails = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        mails += 1;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    mails: () => mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ------------------------------------------------------------------- memory

interface ProbeLine {
  t: number;
  heapUsed: number;
  rss: number;
}

const MB = 1024 * 1024;

/** The probe's samples of a server process in (from, to]. */
function probeSamples(dir: string, pid: number, from: number, to: number): ProbeLine[] {
  const file = path.join(dir, `${pid}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ProbeLine)
    .filter((s) => s.t > from && s.t <= to);
}

function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

interface ServerMinute {
  name: string;
  /** Heap used at the minute's last sample, and its lowest in the minute (after a GC). */
  heapMb: number;
  heapLowMb: number;
  rssMb: number;
}

interface MinuteRow {
  minute: number;
  load: LoadMinute;
  sockets: SocketMinute;
  servers: ServerMinute[];
  clientsRssMb: number;
  busyCores: number;
}

// ------------------------------------------------------------------- output

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (k: { p50: number; p95: number; p99: number }) =>
  `${fmt(k.p50, 1)} / ${fmt(k.p95, 1)} / ${fmt(k.p99, 1)}`;

function httpTotals(load: LoadMinute) {
  const kinds = Object.values(load.kinds);
  return {
    requests: kinds.reduce((s, k) => s + k.requests, 0),
    errors: kinds.reduce((s, k) => s + k.errors, 0),
  };
}

function minuteTable(rows: MinuteRow[], names: string[]): string {
  const head =
    `| min | req/s | errors | poll p50/p95/p99 ms | search | profile | send | payment | ` +
    `delivered | delivery p50/p95/p99 ms | ${names.map((n) => `${n} heap (low) / RSS MB`).join(' | ')} | clients RSS MB | machine busy (cores) |`;
  const rule = `|${head
    .split('|')
    .slice(1, -1)
    .map(() => '---')
    .join('|')}|`;
  const lines = rows.map((r) => {
    const t = httpTotals(r.load);
    const k = r.load.kinds;
    return (
      `| ${r.minute} | ${fmt(t.requests / 60, 1)} | ${t.errors} | ${pct(k.poll)} | ${pct(k.search)} | ` +
      `${pct(k.profile)} | ${pct(k.send)} | ${k.payment.requests ? fmt(k.payment.max) : '-'} | ` +
      `${r.sockets.received} | ${pct(r.sockets)} | ` +
      r.servers
        .map((s) => `${fmt(s.heapMb, 1)} (${fmt(s.heapLowMb, 1)}) / ${fmt(s.rssMb)}`)
        .join(' | ') +
      ` | ${fmt(r.clientsRssMb)} | ${fmt(r.busyCores, 2)} |`
    );
  });
  return [head, rule, ...lines].join('\n');
}

const VERDICTS: Record<HeapTrend['verdict'], string> = {
  flat: 'flat',
  falling: 'falling (no growth)',
  growing: 'GROWING',
  unknown: 'too few minutes to tell',
};

function trendTable(trends: { name: string; trend: HeapTrend; first: number; last: number }[]) {
  const lines = trends.map(
    ({ name, trend, first, last }) =>
      `| ${name} | ${fmt(first, 1)} | ${fmt(last, 1)} | ${trend.n} | ` +
      `${trend.mbPerHour >= 0 ? '+' : ''}${fmt(trend.mbPerHour, 2)} ± ${fmt(trend.stderrPerHour, 2)} | ` +
      `${VERDICTS[trend.verdict]} |`,
  );
  return [
    `| process | heap low MB after warm-up (first) | (last) | minutes fitted | slope MB/hour ± std. error | verdict |`,
    '|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}

// ------------------------------------------------------------------- the run

async function main(): Promise<void> {
  const started = new Date();
  const loadBefore = os.loadavg();
  console.log(
    `Soak ${RUN}: ${MINUTES} min (warm-up ${WARMUP}), ${SOCKETS} sockets, per second: ` +
      `${RATES.poll} polls, ${RATES.search} searches, ${RATES.profile} profile views, ` +
      `${RATES.send} sends; a payment every ${PAYMENT_EVERY} s. Load average before: ` +
      loadBefore.map((l) => l.toFixed(2)).join(' '),
  );
  prepareDatabase();
  const chat = await seedChat(SOCKETS, databaseUrl);
  const byN = new Map(chat.map((m) => [m.n, m]));
  const members: SoakMember[] = chat.map((m) => {
    const partner = chat.find((o) => o.conversation === m.conversation && o.n !== m.n);
    if (!partner) throw new Error(`chat member ${m.n} has no partner`);
    return { n: m.n, cookie: m.cookie, conversation: m.conversation, partner: partner.n };
  });
  if (byN.size !== SOCKETS) throw new Error(`${byN.size} chat members, not ${SOCKETS}`);
  const profiles = (
    await query<{ id: number }>(
      `SELECT p.id FROM profiles p JOIN users u ON u.id = p.user_id
       WHERE u.email LIKE 'chat-%@bench.test' AND p.status = 'active' ORDER BY p.id LIMIT 500`,
    )
  ).map((r) => r.id);
  const [plus] = await query<{ id: number }>(`SELECT id FROM credit_packages WHERE slug = 'plus'`);
  console.log(`Books opened: ${await openBooks()} members' balances written to the ledger`);
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();

  const probeDir = mkdtempSync(path.join(os.tmpdir(), 'soak-probe-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'soak-'));
  const smtp = await smtpSink();
  let topology: Topology | null = null;
  const clients: LineProcess[] = [];
  let failed = false;
  try {
    // the site's address is the first API process (the sandbox's webhook and the links in
    // mails point there); mails go to a local SMTP server that counts them
    const ports = [await freePort(), await freePort()];
    topology = await startTopology({
      databaseUrl,
      redisUrl,
      ports,
      env: {
        APP_URL: `http://127.0.0.1:${ports[0]}`,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        NODE_OPTIONS: `--import ${path.join(root, 'tests/perf/soak-probe.ts')}`,
        SOAK_PROBE_DIR: probeDir,
      },
    });
    const bases = topology.apps.map((a) => a.base);
    const servers = [
      ...topology.apps.map((a) => ({ name: `api ${a.index}`, pid: a.child.pid as number })),
      ...topology.workers.map((w) => ({ name: `worker ${w.index}`, pid: w.child.pid as number })),
    ];
    console.log(`Topology up: ${bases.join(', ')} and ${topology.workers.length} workers`);

    const socketProcesses: LineProcess[] = [];
    for (let i = 0; i < members.length; i += SOCKETS_PER_PROCESS) {
      const file = path.join(work, `sockets-${i}.json`);
      // the members' index decides their API process: keep it global across the processes
      const slice = members.slice(i, i + SOCKETS_PER_PROCESS);
      writeFileSync(file, JSON.stringify(slice.map((m) => ({ n: m.n, cookie: m.cookie }))));
      const rotated = i % bases.length === 0 ? bases : [...bases.slice(1), bases[0]];
      socketProcesses.push(lineProcess('soak-sockets.ts', [RUN, rotated.join(','), file]));
    }
    clients.push(...socketProcesses);
    const connected = await Promise.all(
      socketProcesses.map(
        async (p) => (JSON.parse(await p.next()) as { connected: number }).connected,
      ),
    );
    const total = connected.reduce((s, n) => s + n, 0);
    if (total !== members.length)
      throw new Error(`only ${total} of ${members.length} sockets connected`);
    console.log(`${total} sockets connected`);

    const job: SoakJob = {
      run: RUN,
      bases,
      members,
      profiles,
      minutes: MINUTES,
      rates: RATES,
      paymentEverySeconds: PAYMENT_EVERY,
      packageId: plus.id,
    };
    const jobFile = path.join(work, 'job.json');
    writeFileSync(jobFile, JSON.stringify(job));
    const load = lineProcess('soak-load.ts', [jobFile]);
    clients.push(load);

    const rows: MinuteRow[] = [];
    const sent: string[] = [];
    const failedSends: string[] = [];
    let creditsBought = 0;
    let lastSample = Date.now();
    let cpu = machineCpuMs();
    for (let minute = 1; minute <= MINUTES; minute++) {
      const loadMinute = JSON.parse(await load.next()) as LoadMinute;
      const reports = await Promise.all(
        socketProcesses.map(async (p) => {
          p.send('report');
          return JSON.parse(await p.next()) as SocketMinute;
        }),
      );
      const at = Date.now();
      const nowCpu = machineCpuMs();
      const serverMinutes = servers.map(({ name, pid }) => {
        const samples = probeSamples(probeDir, pid, lastSample, at);
        const heaps = samples.map((s) => s.heapUsed / MB);
        return {
          name,
          heapMb: heaps.at(-1) ?? 0,
          heapLowMb: heaps.length ? Math.min(...heaps) : 0,
          rssMb: (samples.at(-1)?.rss ?? 0) / MB || rssMb(pid),
        };
      });
      const row: MinuteRow = {
        minute,
        load: loadMinute,
        // the processes split the sockets evenly: the highest of each percentile bounds them
        sockets: {
          connected: reports.reduce((s, r) => s + r.connected, 0),
          received: reports.reduce((s, r) => s + r.received, 0),
          disconnects: reports.reduce((s, r) => s + r.disconnects, 0),
          p50: Math.max(...reports.map((r) => r.p50)),
          p95: Math.max(...reports.map((r) => r.p95)),
          p99: Math.max(...reports.map((r) => r.p99)),
          max: Math.max(...reports.map((r) => r.max)),
        },
        servers: serverMinutes,
        clientsRssMb: clients.reduce((s, c) => s + rssMb(c.child.pid), 0),
        busyCores: (nowCpu.busy - cpu.busy) / (at - lastSample),
      };
      rows.push(row);
      sent.push(...loadMinute.sent);
      failedSends.push(...loadMinute.failedSends);
      creditsBought += loadMinute.creditsBought;
      lastSample = at;
      cpu = nowCpu;
      const t = httpTotals(loadMinute);
      console.log(
        `  minute ${minute}: ${t.requests} requests, ${t.errors} errors, ` +
          `send p99 ${loadMinute.kinds.send.p99} ms, ${row.sockets.received} delivered ` +
          `(p99 ${row.sockets.p99} ms), ${row.sockets.connected} connected, heap ` +
          serverMinutes.map((s) => `${s.name} ${s.heapLowMb.toFixed(1)}`).join(', ') +
          ` MB, machine ${row.busyCores.toFixed(2)} cores`,
      );
    }
    await load.close();

    // the last sends reach their sockets
    await new Promise((r) => setTimeout(r, 5000));
    const finals = await Promise.all(
      socketProcesses.map(async (p) => {
        p.send('final');
        return JSON.parse(await p.next()) as SocketFinal;
      }),
    );
    const received = new Map<string, number>();
    for (const f of finals) {
      for (const [id, n] of Object.entries(f.counts)) received.set(id, (received.get(id) ?? 0) + n);
    }
    const misdelivered = finals.reduce((s, f) => s + f.misdelivered, 0);
    const account: DeliveryAccount = accountDeliveries(sent, received);
    const { stored, storedTwice } = await storedMessages();
    const mismatches = await ledgerMismatches();
    const trends = servers.map(({ name }, i) => {
      const samples = rows.map((r) => ({ minute: r.minute, mb: r.servers[i].heapLowMb }));
      const after = samples.filter((s) => s.minute > WARMUP);
      return {
        name,
        trend: heapTrend(samples, WARMUP),
        first: after[0]?.mb ?? 0,
        last: after.at(-1)?.mb ?? 0,
      };
    });
    const totals = rows.reduce(
      (s, r) => {
        const t = httpTotals(r.load);
        return { requests: s.requests + t.requests, errors: s.errors + t.errors };
      },
      { requests: 0, errors: 0 },
    );
    const disconnects = rows.reduce((s, r) => s + r.sockets.disconnects, 0);
    const payments = rows.reduce(
      (s, r) => ({
        n: s.n + r.load.kinds.payment.requests,
        failed: s.failed + r.load.kinds.payment.errors,
      }),
      { n: 0, failed: 0 },
    );
    const loadAfter = os.loadavg();

    const checks: [string, boolean][] = [
      [`zero errors: ${totals.errors} of ${totals.requests} requests`, totals.errors === 0],
      [
        `every message accepted received exactly once: ${account.delivered}/${account.sent} delivered, ` +
          `${account.lost.length} lost, ${Object.keys(account.duplicated).length} duplicated, ` +
          `${account.unexpected.length} unexpected, ${misdelivered} at another member's socket`,
        exactlyOnce(account) && misdelivered === 0 && account.sent > 0,
      ],
      [
        `every message stored once: ${stored} stored for ${account.sent} accepted ` +
          `(${failedSends.length} sends failed), ${storedTwice} stored twice`,
        stored === account.sent && storedTwice === 0,
      ],
      [
        `ledger equal to balances: ${mismatches} members differ; ${payments.n - payments.failed}/${payments.n} ` +
          `payments paid (${fmt(creditsBought)} credits)`,
        mismatches === 0 && payments.n > 0 && payments.failed === 0,
      ],
      [`sockets stayed connected: ${disconnects} disconnects`, disconnects === 0],
      [`mails sent by the workers: ${smtp.mails()}`, true],
      [
        trends.some((t) => t.trend.n < 3)
          ? `heap trend: too few minutes after the ${WARMUP} min warm-up to fit (3 needed)`
          : `no heap growing after ${WARMUP} min of warm-up: ` +
            `${trends.filter((t) => t.trend.verdict === 'growing').length} of ${trends.length} ` +
            `processes growing (${trends.filter((t) => t.trend.verdict === 'flat').length} flat, ` +
            `${trends.filter((t) => t.trend.verdict === 'falling').length} falling)`,
        trends.every((t) => t.trend.verdict !== 'growing'),
      ],
    ];
    failed = checks.some(([, ok]) => !ok);
    const names = servers.map((s) => s.name);
    const report = [
      `Soak ${RUN}, ${started.toISOString()} - ${new Date().toISOString()}, ${MINUTES} min, ` +
        `${SOCKETS} sockets, ${os.cpus().length} cores; load average before ` +
        `${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
      '',
      minuteTable(rows, names),
      '',
      trendTable(trends),
      '',
      ...checks.map(([text, ok]) => `- ${ok ? 'ok' : 'FAILED'}: ${text}`),
    ].join('\n');
    console.log(`\n${report}\n`);
    const out = path.join(os.tmpdir(), `soak-${RUN}.json`);
    writeFileSync(
      out,
      JSON.stringify(
        {
          run: RUN,
          started,
          minutes: MINUTES,
          rates: RATES,
          rows,
          trends,
          checks,
          loadBefore,
          loadAfter,
          account: { ...account, lost: account.lost.slice(0, 50) },
        },
        null,
        1,
      ),
    );
    writeFileSync(path.join(os.tmpdir(), `soak-${RUN}.md`), report);
    console.log(`Figures: ${out} and soak-${RUN}.md beside it`);
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    if (failed && topology) console.error(topology.output().split('\n').slice(-60).join('\n'));
    await topology?.stop();
    await smtp.close();
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
