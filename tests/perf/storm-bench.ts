/**
 * The bench's reconnect-storm rows: BENCH_STORM_SOCKETS members (default 2,000, of seed-chat.ts)
 * connected by socket clients in processes of their own (tests/perf/storm-clients.ts), which
 * behave as the web app does after a reconnect. Rows:
 *
 * - every socket's line dropped at once (a proxy restart, a network blip) while 200 messages
 *   are sent to 200 of these members: against the app (no connection state recovery since the
 *   security review's H1: every client catches up over HTTP), and against the same-run baseline
 *   (tests/perf/baselines/socket-recovery.ts: the old recovery, which replays missed events from
 *   the Redis stream with no HTTP request), on the same Redis stream so the same sends reach
 *   both;
 * - the app restarted (SIGTERM, as a deploy does, then started again on the same port): every
 *   socket ended by the server, back when the new process listens, then caught up.
 *
 * Each row: how long until every client was caught up (p50/p95/p99/max from the cut), the HTTP
 * requests the catch-up made, and the CPU of the app and of PostgreSQL's backends meanwhile.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  appEnv,
  benchDatabaseUrl,
  cpuWindow,
  lineProcess,
  startApp,
  startBaseline,
  waitForQuiet,
  type App,
  type CpuUse,
  type LineProcess,
} from './harness.js';
import type { ChatBenchMember } from './seed-chat.js';
import type { StormReport } from './storm-clients.js';

const SOCKETS_PER_PROCESS = 1_000;
/** Messages sent during the cut storms, each to another member. */
const MISSED = 200;

export interface StormRow extends CpuUse {
  name: string;
  report: StormReport;
  sent: number;
}

type ClientProcess = LineProcess;

/** Connects the members' sockets to `socketBase` in processes of their own. */
async function connectAll(
  socketBase: string,
  apiBase: string,
  members: ChatBenchMember[],
  since: number,
  dir: string,
): Promise<ClientProcess[]> {
  const processes: ClientProcess[] = [];
  for (let i = 0; i < members.length; i += SOCKETS_PER_PROCESS) {
    const file = path.join(dir, `storm-${i}-${Date.now()}.json`);
    const cookies = members.slice(i, i + SOCKETS_PER_PROCESS).map((m) => m.cookie);
    writeFileSync(file, JSON.stringify({ since, cookies }));
    processes.push(lineProcess('storm-clients.ts', [socketBase, apiBase, file]));
  }
  const connected = await Promise.all(
    processes.map(async (p) => (JSON.parse(await p.next()) as { connected: number }).connected),
  );
  const total = connected.reduce((sum, n) => sum + n, 0);
  if (total !== members.length) throw new Error(`only ${total} of ${members.length} connected`);
  return processes;
}

/** The processes' reports as one: a weighted percentile needs the samples; the processes split
 * the members evenly, so the highest of each percentile is a close upper bound. */
function merge(reports: StormReport[]): StormReport {
  const sum = (key: keyof StormReport) => reports.reduce((total, r) => total + r[key], 0);
  const worst = (key: keyof StormReport) => Math.max(...reports.map((r) => r[key]));
  return {
    sockets: sum('sockets'),
    caughtUp: sum('caughtUp'),
    recovered: sum('recovered'),
    requests: sum('requests'),
    failed: sum('failed'),
    missedReceived: sum('missedReceived'),
    p50: worst('p50'),
    p95: worst('p95'),
    p99: worst('p99'),
    max: worst('max'),
  };
}

async function reportsOf(processes: ClientProcess[]): Promise<StormReport> {
  return merge(
    await Promise.all(processes.map(async (p) => JSON.parse(await p.next()) as StormReport)),
  );
}

async function storm(
  processes: ClientProcess[],
  command: 'cut' | 'watch',
  during?: () => Promise<number>,
) {
  for (const p of processes) p.send(command);
  const sent = during ? await during() : 0;
  return { report: await reportsOf(processes), sent };
}

async function closeAll(processes: ClientProcess[]): Promise<void> {
  await Promise.all(processes.map((p) => p.close()));
}

/** The highest message seq now: the clients start up to date. */
async function highestSeq(): Promise<number> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ seq: string | null }>(
      'SELECT max(seq) AS seq FROM messages',
    );
    return Number(rows[0].seq ?? 0);
  } finally {
    await client.end();
  }
}

/** One text from each of `MISSED` members' partners into their conversation, through the app. */
function sendMissed(apiBase: string, partners: ChatBenchMember[]): () => Promise<number> {
  return async () => {
    let sent = 0;
    for (let i = 0; i < partners.length; i += 20) {
      const results = await Promise.all(
        partners.slice(i, i + 20).map(async (partner) => {
          // one key per message: a retry (the app busy with the storm) never sends it twice
          const key = randomUUID();
          for (let attempt = 0; attempt < 5; attempt++) {
            try {
              const res = await fetch(`${apiBase}/api/message.php`, {
                method: 'POST',
                headers: {
                  cookie: partner.cookie,
                  'content-type': 'application/json',
                  'x-request-type': 'client',
                  'idempotency-key': key,
                },
                body: JSON.stringify({
                  type: 'text',
                  conversation: partner.conversation,
                  text: 'storm',
                }),
              });
              if (res.status === 201) {
                await res.body?.cancel();
                return true;
              }
              if (process.env.BENCH_DEBUG) console.error(res.status, await res.text());
              else await res.body?.cancel();
            } catch {
              // not accepted in time: again
            }
            await new Promise((r) => setTimeout(r, 500));
          }
          return false;
        }),
      );
      sent += results.filter(Boolean).length;
    }
    return sent;
  };
}

export async function measureStorm(
  app: App,
  all: ChatBenchMember[],
  restart: (app: App) => Promise<App>,
): Promise<{ rows: StormRow[]; app: App }> {
  const count = Math.min(Number(process.env.BENCH_STORM_SOCKETS ?? 2_000), all.length / 2);
  // the storm's members and, for the sends, their conversation partners (seed-chat.ts pairs
  // every member with another)
  // (one socket per member: a bench database seeded before with another count pairs some twice)
  const members = [...new Map(all.map((m) => [m.n, m])).values()].slice(0, count);
  const byConversation = new Map<number, ChatBenchMember[]>();
  for (const m of all)
    byConversation.set(m.conversation, [...(byConversation.get(m.conversation) ?? []), m]);
  const partners = members
    .slice(0, MISSED)
    .map((m) => byConversation.get(m.conversation)?.find((o) => o.n !== m.n))
    .filter((m): m is ChatBenchMember => m !== undefined);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storm-bench-'));
  const rows: StormRow[] = [];
  const row = (
    name: string,
    pid: number,
    result: { report: StormReport; sent: number },
    cpu: { end(): CpuUse },
  ) => {
    const r: StormRow = { name, ...result, ...cpu.end() };
    console.log(
      ` ${r.report.caughtUp}/${r.report.sockets} caught up, max ${r.report.max} ms, ` +
        `${r.report.requests} requests, ${r.report.recovered} recovered, ` +
        `${r.report.missedReceived}/${r.sent} missed messages received`,
    );
    rows.push(r);
  };

  // the app: no recovery, every client catches up
  {
    process.stdout.write(`  storm: ${count} sockets' lines cut, the app ...`);
    const processes = await connectAll(app.base, app.base, members, await highestSeq(), dir);
    try {
      await waitForQuiet();
      const cpu = cpuWindow(app.child.pid as number);
      const result = await storm(processes, 'cut', sendMissed(app.base, partners));
      row(
        `lines cut, ${count} sockets: app (catch-up over HTTP)`,
        app.child.pid as number,
        result,
        cpu,
      );
    } finally {
      await closeAll(processes);
    }
  }

  // the baseline: the old connection state recovery, on the app's Redis stream
  {
    process.stdout.write(`  storm: ${count} sockets' lines cut, baseline with recovery ...`);
    const redisUrl = appEnv(0).REDIS_URL as string;
    const baseline = await startBaseline('socket-recovery.ts', { REDIS_URL: redisUrl });
    const socketBase = `http://127.0.0.1:${baseline.port}`;
    const processes = await connectAll(socketBase, app.base, members, await highestSeq(), dir);
    try {
      await waitForQuiet();
      const cpu = cpuWindow(baseline.pid);
      const result = await storm(processes, 'cut', sendMissed(app.base, partners));
      row(`lines cut, ${count} sockets: baseline (socket.io recovery)`, baseline.pid, result, cpu);
    } finally {
      await closeAll(processes);
      await baseline.stop();
    }
  }

  // a deploy: the app stopped (SIGTERM) and started again on its port
  let current = app;
  {
    process.stdout.write(`  storm: the app restarted under ${count} sockets ...`);
    const processes = await connectAll(app.base, app.base, members, await highestSeq(), dir);
    try {
      await waitForQuiet();
      for (const p of processes) p.send('watch');
      const started = Date.now();
      current = await restart(app);
      const upAfter = Date.now() - started;
      const cpu = cpuWindow(current.child.pid as number);
      const report = await reportsOf(processes);
      row(
        `app restarted (SIGTERM, up again after ${(upAfter / 1000).toFixed(1)} s), ${count} sockets`,
        current.child.pid as number,
        { report, sent: 0 },
        cpu,
      );
    } finally {
      await closeAll(processes);
    }
  }
  return { rows, app: current };
}

/** Stops the app and starts it again on the same port (a deploy). */
export async function restartApp(app: App): Promise<App> {
  const port = Number(new URL(app.base).port);
  await app.stop();
  return startApp({ port });
}
