/**
 * Where the time of the two hot routes (GET /api/user.php and GET /api/member.php as the demo
 * member) goes, measured from outside the server (nothing in server/ changes):
 *
 * 1. Statements and commands per request. The built app runs with its PostgreSQL and Redis
 *    connections through two counting TCP proxies in this process, which read the wire protocols
 *    (PostgreSQL: Parse/Bind/Execute/Query messages and their SQL; Redis: RESP commands). Beside
 *    them, PostgreSQL's own counters (pg_stat_database of the bench database: transactions, rows) are
 *    read before and after a fixed number of requests, after the 10 s in which a backend flushes
 *    them. An idle window first gives the background rate (maintenance tasks, socket.io's Redis
 *    streams), which is subtracted.
 * 2. CPU. The app runs (without proxies) with the inspector on 127.0.0.1; under load of one route
 *    (autocannon in its own process, 50 connections) this process records a CPU profile through
 *    the inspector (Profiler.start/stop, so start-up and warm-up are left out), saves it as
 *    .cpuprofile (open it in Chrome DevTools) and ranks self time per function and per package
 *    (tests/perf/cpuprofile-summary.ts). CPU time of the app, of the database's backends and of
 *    the load generator per request comes from /proc.
 *
 * Usage: node --import tsx tests/perf/profile.ts (after `npm run build`).
 * Env: PROFILE_SECONDS (profiled load per route, default 10), PROFILE_REQUESTS (requests per
 * counted route, default 2000), PROFILE_DIR (where the .cpuprofile files go, default
 * /tmp/vonkje-profiles), BENCH_SERVER (as in bench.ts).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { formatSummary, summarise, type CpuProfile } from './cpuprofile-summary.js';
import {
  benchDatabaseUrl,
  freePort,
  load,
  loginDemo,
  memberCardUrl,
  prepareDatabase,
  serverMain,
  sleep,
  startApp,
  startBaseline,
  cpuWindow,
  processCpuMs,
  waitForQuiet,
  type CpuUse,
  type DemoLogin,
} from './harness.js';
import type { LoadResult } from './load.js';
import { connectSockets, report as deliveryReport, sendLoad } from './chat-bench.js';
import { seedChat, type ChatBenchMember } from './seed-chat.js';
import type { SendJob } from './send-load.js';

const profileSeconds = Number(process.env.PROFILE_SECONDS ?? 10);
const countRequests = Number(process.env.PROFILE_REQUESTS ?? 2000);
/** PROFILE_RATE: a fixed request rate for the CPU phase instead of as fast as possible. */
const profileRate = process.env.PROFILE_RATE ? Number(process.env.PROFILE_RATE) : undefined;
const profileDir = process.env.PROFILE_DIR ?? '/tmp/vonkje-profiles';
/** A backend reports its counters at most every second, and within 10 s of going idle. */
const STATS_FLUSH_MS = 11_000;

interface Route {
  name: string;
  url(base: string, demo: DemoLogin): string;
}

/**
 * PROFILE_ROUTES: a comma-separated choice of user, member, matches, search and send (default
 * user,member). `send` is POST /api/message.php with PROFILE_SOCKETS members (default 400, of
 * seed-chat.ts) connected by socket clients in processes of their own, sent by
 * PROFILE_SEND_CONCURRENCY parallel senders (default 8; or at PROFILE_RATE sends a second) into
 * their conversations, as the bench's chat rows do: per send, the statements and commands, the
 * CPU of the app and PostgreSQL, and where the app spends it.
 */
const routeKeys = (process.env.PROFILE_ROUTES ?? 'user,member').split(',');
const profileSockets = Number(process.env.PROFILE_SOCKETS ?? 400);
const sendConcurrency = Number(process.env.PROFILE_SEND_CONCURRENCY ?? 8);
const ROUTES: Route[] = [
  { key: 'user', name: 'GET /api/user.php', url: (base: string) => `${base}/api/user.php` },
  { key: 'member', name: 'GET /api/member.php', url: memberCardUrl },
  {
    key: 'matches',
    name: 'GET /api/signup-matches.php',
    url: (base: string) => `${base}/api/signup-matches.php`,
  },
  {
    key: 'search',
    name: 'GET /api/search.php (women in NL, page 1)',
    url: (base: string) => `${base}/api/search.php?gender=female&country=NL`,
  },
].filter((route) => routeKeys.includes(route.key));

/** The bench database's name (BENCH_DATABASE, default dating_bench). */
const benchDatabaseName = () => new URL(benchDatabaseUrl()).pathname.slice(1);

// ---------------------------------------------------------------- counting proxies

type Counts = Map<string, number>;

function bump(counts: Counts, key: string, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

interface Tap {
  client(chunk: Buffer): void;
  server(chunk: Buffer): void;
}

/** A TCP proxy to 127.0.0.1:target that shows every chunk to a tap of its connection. */
async function startProxy(
  target: { host: string; port: number },
  tap: () => Tap,
): Promise<{ port: number; close(): void }> {
  const server = net.createServer((socket) => {
    const taps = tap();
    const upstream = net.connect(target.port, target.host);
    // no encoding is set on either socket: every chunk is a Buffer
    socket.on('data', (chunk: Buffer) => {
      taps.client(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      taps.server(chunk);
      socket.write(chunk);
    });
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return { port, close: () => server.close() };
}

/** Splits a PostgreSQL protocol stream into messages (type byte + int32 length + body). */
function pgMessages(startup: boolean, onMessage: (type: string, body: Buffer) => void) {
  let buffer: Buffer = Buffer.alloc(0);
  let inStartup = startup;
  return (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (inStartup) {
        if (buffer.length < 8) break;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) break;
        const code = buffer.readInt32BE(4);
        if (code === 80877103 || code === 80877104) {
          throw new Error('the counting proxy cannot read an encrypted PostgreSQL connection');
        }
        inStartup = false;
        buffer = buffer.subarray(length);
      } else {
        if (buffer.length < 5) break;
        const total = 1 + buffer.readInt32BE(1);
        if (buffer.length < total) break;
        onMessage(String.fromCharCode(buffer[0]), buffer.subarray(5, total));
        buffer = buffer.subarray(total);
      }
    }
  };
}

function cString(body: Buffer, from: number): [string, number] {
  const end = body.indexOf(0, from);
  return [body.toString('utf8', from, end), end + 1];
}

const normaliseSql = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** The parameter values of a Bind message (null for binary ones: not needed here). */
function bindParams(body: Buffer, from: number): (string | null)[] {
  let at = from;
  const formatCount = body.readInt16BE(at);
  const formats: number[] = [];
  for (let i = 0; i < formatCount; i++) formats.push(body.readInt16BE(at + 2 + 2 * i));
  at += 2 + 2 * formatCount;
  const count = body.readInt16BE(at);
  at += 2;
  const values: (string | null)[] = [];
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(at);
    at += 4;
    const binary = (formats.length === 1 ? formats[0] : (formats[i] ?? 0)) === 1;
    values.push(length < 0 || binary ? null : body.toString('utf8', at, at + length));
    at += Math.max(0, length);
  }
  return values;
}

/**
 * PostgreSQL traffic: client messages by type (P parse, B bind, E execute, Q simple query, S
 * sync, D describe), server messages by type, bytes each way, and executions per SQL text (a
 * Bind runs the statement its Parse named; unnamed statements are parsed again every time).
 */
class PgCounter {
  readonly counts: Counts = new Map();
  readonly executions: Counts = new Map();
  readonly parses: Counts = new Map();
  /** The parameters of one execution of each SQL text (text format), to EXPLAIN it later. */
  readonly sampleParams = new Map<string, (string | null)[]>();

  tap = (): Tap => {
    const named = new Map<string, string>();
    let unnamed = '';
    const client = pgMessages(true, (type, body) => {
      bump(this.counts, `client ${type}`);
      if (type === 'P') {
        const [name, at] = cString(body, 0);
        const [sql] = cString(body, at);
        const text = normaliseSql(sql);
        if (name) named.set(name, text);
        else unnamed = text;
        bump(this.parses, text);
      } else if (type === 'B') {
        const [, at] = cString(body, 0);
        const [statement, paramsAt] = cString(body, at);
        const sql = statement ? (named.get(statement) ?? statement) : unnamed;
        bump(this.executions, sql);
        if (!this.sampleParams.has(sql)) this.sampleParams.set(sql, bindParams(body, paramsAt));
      } else if (type === 'Q') {
        bump(this.executions, normaliseSql(cString(body, 0)[0]));
      }
    });
    const server = pgMessages(false, (type) => bump(this.counts, `server ${type}`));
    return {
      client: (chunk) => {
        bump(this.counts, 'client bytes', chunk.length);
        client(chunk);
      },
      server: (chunk) => {
        bump(this.counts, 'server bytes', chunk.length);
        server(chunk);
      },
    };
  };
}

/** Redis commands (RESP arrays of bulk strings, or inline commands) by name, and bytes. */
class RedisCounter {
  readonly counts: Counts = new Map();

  tap = (): Tap => {
    let buffer: Buffer = Buffer.alloc(0);
    const line = (from: number) => buffer.indexOf('\r\n', from);
    return {
      client: (chunk) => {
        bump(this.counts, 'client bytes', chunk.length);
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        let pos = 0;
        parse: while (pos < buffer.length) {
          const start = pos;
          let eol = line(pos);
          if (eol < 0) break;
          if (buffer[pos] !== 0x2a /* '*' */) {
            bump(this.counts, buffer.toString('utf8', pos, eol).split(' ')[0].toUpperCase());
            pos = eol + 2;
            continue;
          }
          const items = Number(buffer.toString('latin1', pos + 1, eol));
          pos = eol + 2;
          let name = '';
          for (let i = 0; i < items; i++) {
            eol = line(pos);
            if (eol < 0) {
              pos = start;
              break parse;
            }
            const length = Number(buffer.toString('latin1', pos + 1, eol));
            pos = eol + 2;
            if (buffer.length < pos + length + 2) {
              pos = start;
              break parse;
            }
            if (i === 0) name = buffer.toString('utf8', pos, pos + length).toUpperCase();
            pos += length + 2;
          }
          bump(this.counts, name);
        }
        buffer = buffer.subarray(pos);
      },
      server: (chunk) => bump(this.counts, 'server bytes', chunk.length),
    };
  };
}

// ---------------------------------------------------------------- PostgreSQL's counters

const STAT_COLUMNS = [
  'xact_commit',
  'xact_rollback',
  'tup_returned',
  'tup_fetched',
  'tup_inserted',
  'tup_updated',
  'tup_deleted',
  'blks_hit',
  'blks_read',
] as const;

type DbStats = Record<(typeof STAT_COLUMNS)[number], number>;

/** pg_stat_database of the bench database, read over a connection to another database. */
async function dbStats(client: pg.Client): Promise<DbStats> {
  const { rows } = await client.query<Record<string, string>>(
    `SELECT ${STAT_COLUMNS.join(', ')} FROM pg_stat_database WHERE datname = $1`,
    [benchDatabaseName()],
  );
  return Object.fromEntries(STAT_COLUMNS.map((c) => [c, Number(rows[0][c])])) as DbStats;
}

interface Snapshot {
  at: number;
  pg: Counts;
  executions: Counts;
  parses: Counts;
  redis: Counts;
  db: DbStats;
}

function diff(after: Counts, before: Counts): Counts {
  const out: Counts = new Map();
  for (const [key, value] of after) {
    const d = value - (before.get(key) ?? 0);
    if (d) out.set(key, d);
  }
  return out;
}

interface Window {
  seconds: number;
  pg: Counts;
  executions: Counts;
  parses: Counts;
  redis: Counts;
  db: Record<string, number>;
}

function windowOf(a: Snapshot, b: Snapshot): Window {
  return {
    seconds: (b.at - a.at) / 1000,
    pg: diff(b.pg, a.pg),
    executions: diff(b.executions, a.executions),
    parses: diff(b.parses, a.parses),
    redis: diff(b.redis, a.redis),
    db: Object.fromEntries(STAT_COLUMNS.map((c) => [c, b.db[c] - a.db[c]])),
  };
}

/** Per request: a window's counts minus the idle rate over the same time, divided by n. */
function perRequest(load: Counts, idle: Counts, idleSeconds: number, seconds: number, n: number) {
  const out: [string, number][] = [];
  for (const [key, value] of load) {
    const background = ((idle.get(key) ?? 0) / idleSeconds) * seconds;
    out.push([key, (value - background) / n]);
  }
  return out.filter(([, v]) => Math.abs(v) >= 0.005).sort((a, b) => b[1] - a[1]);
}

const SEND_NAME = 'POST /api/message.php';

interface ChatClients {
  connected: number;
  send(job: Omit<SendJob, 'base' | 'senders'>): Promise<LoadResult>;
  /** The delivery to the recipients' sockets since the last call. */
  delivery(): ReturnType<typeof deliveryReport>;
  close(): Promise<void>;
}

/** Every chat member's socket connected (chat-bench.ts), and senders into their conversations. */
async function chatClients(base: string, members: ChatBenchMember[]): Promise<ChatClients> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'profile-send-'));
  const { processes, connected } = await connectSockets(base, members, dir);
  const senders = members.map((m) => ({ cookie: m.cookie, conversation: m.conversation }));
  return {
    connected,
    send: (job) => sendLoad({ base, senders, ...job }, dir),
    delivery: () => deliveryReport(processes),
    close: async () => {
      await Promise.all(processes.map((p) => p.close()));
    },
  };
}

async function countRoutes(members: ChatBenchMember[]): Promise<string[]> {
  const pgCounter = new PgCounter();
  const redisCounter = new RedisCounter();
  const dbUrl = new URL(benchDatabaseUrl());
  const redisUrl = new URL(process.env.REDIS_URL as string);
  const pgProxy = await startProxy(
    { host: dbUrl.hostname, port: Number(dbUrl.port || 5432) },
    pgCounter.tap,
  );
  const redisProxy = await startProxy(
    { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) },
    redisCounter.tap,
  );
  const proxiedDb = new URL(dbUrl);
  proxiedDb.hostname = '127.0.0.1';
  proxiedDb.port = String(pgProxy.port);
  const proxiedRedis = new URL(redisUrl);
  proxiedRedis.hostname = '127.0.0.1';
  proxiedRedis.port = String(redisProxy.port);
  const statsUrl = new URL(dbUrl);
  statsUrl.pathname = '/postgres';
  const stats = new pg.Client({ connectionString: statsUrl.toString() });
  await stats.connect();
  const app = await startApp({
    databaseUrl: proxiedDb.toString(),
    redisUrl: proxiedRedis.toString(),
  });
  const out: string[] = [];
  const routeSql = new Set<string>();
  let chat: ChatClients | null = null;
  try {
    const demo = await loginDemo(app.base);
    const snapshot = async (): Promise<Snapshot> => ({
      at: Date.now(),
      pg: new Map(pgCounter.counts),
      executions: new Map(pgCounter.executions),
      parses: new Map(pgCounter.parses),
      redis: new Map(redisCounter.counts),
      db: await dbStats(stats),
    });
    // open the app's connection pools first: their set-up is not a request's cost
    if (ROUTES.length > 0) {
      await load({
        url: ROUTES[ROUTES.length - 1].url(app.base, demo),
        connections: 10,
        seconds: 0,
        warmupSeconds: 0,
        amount: 200,
        headers: { cookie: demo.cookie },
      });
    }
    if (members.length > 0) {
      chat = await chatClients(app.base, members);
      await chat.send({ seconds: 60, concurrency: sendConcurrency, amount: 200 });
    }
    console.log('Counting: idle window...');
    await sleep(STATS_FLUSH_MS);
    const idleStart = await snapshot();
    await sleep(15_000);
    const idleEnd = await snapshot();
    const idle = windowOf(idleStart, idleEnd);
    out.push(
      `Idle background over ${idle.seconds.toFixed(0)} s (subtracted below): PostgreSQL ` +
        `${idle.executions.size ? JSON.stringify(Object.fromEntries(idle.executions)) : 'none'}` +
        `; Redis ${JSON.stringify(Object.fromEntries(idle.redis))}; pg_stat_database ` +
        `${JSON.stringify(idle.db)}`,
      '',
    );
    let before = idleEnd;
    const counted: { name: string; run: () => Promise<LoadResult> }[] = ROUTES.map((route) => ({
      name: route.name,
      run: () =>
        load({
          url: route.url(app.base, demo),
          connections: 10,
          seconds: 0,
          warmupSeconds: 0,
          amount: countRequests,
          headers: { cookie: demo.cookie },
        }),
    }));
    const sending = chat;
    if (sending) {
      counted.push({
        name: `${SEND_NAME}, ${sending.connected} sockets`,
        run: () =>
          sending.send({ seconds: 600, concurrency: sendConcurrency, amount: countRequests }),
      });
    }
    for (const route of counted) {
      console.log(`Counting: ${route.name} x ${countRequests}...`);
      const result = await route.run();
      const errors = result.socketErrors + result.non2xx;
      if (errors) throw new Error(`${route.name}: ${errors} errors while counting`);
      await sleep(STATS_FLUSH_MS);
      const after = await snapshot();
      const w = windowOf(before, after);
      before = after;
      const per = (counts: Counts) =>
        perRequest(counts, new Map(), idle.seconds, w.seconds, result.requests);
      const perIdle = (load: Counts, idleCounts: Counts) =>
        perRequest(load, idleCounts, idle.seconds, w.seconds, result.requests);
      const dbPer = perIdle(new Map(Object.entries(w.db)), new Map(Object.entries(idle.db)));
      out.push(`### ${route.name}: ${result.requests} requests, per request`, '');
      out.push('PostgreSQL statements executed (from the wire, by SQL text):', '');
      const parses = new Map(perIdle(w.parses, idle.parses));
      for (const [sql, n] of perIdle(w.executions, idle.executions))
        if (n >= 0.5) routeSql.add(sql);
      for (const [sql, n] of perIdle(w.executions, idle.executions)) {
        const shown = sql.length > 600 ? `${sql.slice(0, 600)}…` : sql;
        const parsed = (parses.get(sql) ?? 0).toFixed(2);
        out.push(`- executed ${n.toFixed(3)}, parsed ${parsed}: \`${shown}\``);
      }
      out.push(
        '',
        `PostgreSQL wire messages: ${per(w.pg)
          .map(([k, v]) => `${k} ${v.toFixed(2)}`)
          .join(', ')}`,
        '',
        `Redis commands: ${
          perIdle(w.redis, idle.redis)
            .map(([k, v]) => `${k} ${v.toFixed(2)}`)
            .join(', ') || 'none'
        }`,
        '',
        `pg_stat_database: ${dbPer.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`,
        '',
      );
    }
  } finally {
    await chat?.close();
    await app.stop();
    await stats.end();
    pgProxy.close();
    redisProxy.close();
  }
  const routeStatements = [...pgCounter.sampleParams].filter(([sql]) => routeSql.has(sql));
  out.push(...(await statementCosts(new Map(routeStatements))));
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * What each statement the routes sent costs PostgreSQL, run again over one direct connection
 * with the parameters seen on the wire: planning and execution time (EXPLAIN ANALYZE, median of
 * 20), and the backend's CPU per execution sent as Prisma sends it (unnamed: parsed and planned
 * every time) and as a named prepared statement (parsed once; planned once when PostgreSQL
 * settles on a generic plan after five executions).
 */
async function statementCosts(samples: Map<string, (string | null)[]>): Promise<string[]> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  const out = [
    '### What each statement costs PostgreSQL (one connection, parameters as seen on the wire)',
    '',
    '| statement | planning ms | execution ms | backend CPU µs, unnamed | backend CPU µs, prepared | round trip µs, unnamed | round trip µs, prepared |',
    '|---|---|---|---|---|---|---|',
  ];
  const statements: { sql: string; params: (string | null)[] }[] = [];
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = rows[0].pid;
    let index = 0;
    for (const [sql, params] of samples) {
      if (!/^select/i.test(sql)) continue;
      statements.push({ sql, params });
      const planning: number[] = [];
      const execution: number[] = [];
      for (let i = 0; i < 20; i++) {
        const explained = await client.query<{ 'QUERY PLAN': Record<string, number>[] }>(
          `EXPLAIN (ANALYZE, SUMMARY, FORMAT JSON) ${sql}`,
          params,
        );
        planning.push(explained.rows[0]['QUERY PLAN'][0]['Planning Time']);
        execution.push(explained.rows[0]['QUERY PLAN'][0]['Execution Time']);
      }
      const name = `profile_${index++}`;
      const cost = async (prepared: boolean) => {
        const config = prepared
          ? { name, text: sql, values: params }
          : { text: sql, values: params };
        for (let i = 0; i < 50; i++) await client.query(config);
        const runs = 2000;
        const cpuBefore = processCpuMs(backend);
        const started = performance.now();
        for (let i = 0; i < runs; i++) await client.query(config);
        const wall = performance.now() - started;
        return {
          cpu: ((processCpuMs(backend) - cpuBefore) * 1000) / runs,
          wall: (wall * 1000) / runs,
        };
      };
      const unnamed = await cost(false);
      const prepared = await cost(true);
      const label = sql.length > 90 ? `${sql.slice(0, 90)}…` : sql;
      out.push(
        `| \`${label}\` | ${median(planning).toFixed(3)} | ${median(execution).toFixed(3)} | ` +
          `${unnamed.cpu.toFixed(0)} | ${prepared.cpu.toFixed(0)} | ${unnamed.wall.toFixed(0)} | ` +
          `${prepared.wall.toFixed(0)} |`,
      );
    }
  } finally {
    await client.end();
  }
  writeFileSync(path.join(profileDir, 'statements.json'), JSON.stringify(statements, null, 2));
  out.push('', `Full SQL and parameters: ${path.join(profileDir, 'statements.json')}`, '');
  return out;
}

// ---------------------------------------------------------------- CPU

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let nextId = 1;
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  ws.onmessage = (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: unknown;
    };
    if (message.id !== undefined) pending.get(message.id)?.(message);
  };
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolve, reject) =>
        pending.set(id, (message) => {
          pending.delete(id);
          if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
          else resolve(message.result as T);
        }),
      );
    },
    close: () => ws.close(),
  };
}

interface CpuRun extends CpuUse {
  result: LoadResult;
}

/** Loads a server for PROFILE_SECONDS (after a warm-up) and reads the CPU each party used. */
async function cpuRun(
  pid: number,
  url: string,
  headers: Record<string, string>,
  during: { start(): Promise<void>; stop(): Promise<void> } = {
    start: async () => {},
    stop: async () => {},
  },
): Promise<CpuRun> {
  const job = { url, connections: 50, headers, warmupSeconds: 0, rate: profileRate };
  await load({ ...job, seconds: 3 });
  await waitForQuiet();
  const window = cpuWindow(pid);
  await during.start();
  const result = await load({ ...job, seconds: profileSeconds });
  await during.stop();
  const cpu = window.end();
  const errors = result.socketErrors + result.non2xx;
  if (errors) throw new Error(`${url}: ${errors} errors under load`);
  return { result, ...cpu };
}

function cpuLine(name: string, run: CpuRun): string {
  const n = run.result.requests;
  const us = (ms: number) => ((ms * 1000) / n).toFixed(0);
  const other = run.machineBusyMs - run.serverMs - run.dbMs - run.result.cpuMs;
  return (
    `| ${name} | ${run.result.rps.toFixed(0)} | ${run.result.p50} | ${run.result.p99} | ` +
    `${us(run.serverMs)} | ${us(run.dbMs)} | ${us(run.result.cpuMs)} | ` +
    `${(other / run.wallMs).toFixed(2)} |`
  );
}

const CPU_HEAD = [
  '| target | req/s | p50 ms | p99 ms | server µs/req | PostgreSQL µs/req | load generator µs/req ' +
    '| other processes (cores) |',
  '|---|---|---|---|---|---|---|---|',
];

/** The session baseline under the same load: its CPU per request, for comparison. */
async function baselineCpu(): Promise<string> {
  const app = await startApp();
  let cookie: string;
  try {
    cookie = (await loginDemo(app.base)).cookie;
  } finally {
    await app.stop();
  }
  const baseline = await startBaseline('session-pg.ts');
  try {
    console.log('CPU of the session baseline...');
    const run = await cpuRun(baseline.pid, `http://127.0.0.1:${baseline.port}/`, { cookie });
    return cpuLine('baseline: session lookup, one prepared pg statement', run);
  } finally {
    await baseline.stop();
  }
}

async function profileRoute(route: Route): Promise<{ line: string; detail: string[] }> {
  const inspectPort = await freePort();
  const app = await startApp({ nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`] });
  try {
    const demo = await loginDemo(app.base);
    const session = await inspector(inspectPort);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 1000 });
    let profile: CpuProfile | undefined;
    console.log(`Profiling ${route.name} (${profileSeconds} s under load)...`);
    const run = await cpuRun(
      app.child.pid as number,
      route.url(app.base, demo),
      { cookie: demo.cookie },
      {
        start: () => session.send('Profiler.start'),
        stop: async () => {
          profile = (await session.send<{ profile: CpuProfile }>('Profiler.stop')).profile;
        },
      },
    );
    session.close();
    if (!profile) throw new Error('no profile');
    const file = path.join(
      profileDir,
      `${route.name.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.cpuprofile`,
    );
    writeFileSync(file, JSON.stringify(profile));
    return {
      line: cpuLine(`${route.name} (under the profiler)`, run),
      detail: [
        `### ${route.name}: profile ${file}`,
        '',
        formatSummary(summarise(profile), 25, run.result.requests),
        '',
      ],
    };
  } finally {
    await app.stop();
  }
}

/**
 * The send under the profiler: the chat members' sockets connected, the senders sending for
 * PROFILE_SECONDS after a warm-up; per send, the CPU of the app and of PostgreSQL and the
 * profile's ranking, and the delivery to the recipients' sockets.
 */
async function profileSend(
  members: ChatBenchMember[],
): Promise<{ line: string; detail: string[] }> {
  const inspectPort = await freePort();
  const app = await startApp({ nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`] });
  let chat: ChatClients | null = null;
  try {
    chat = await chatClients(app.base, members);
    const session = await inspector(inspectPort);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 1000 });
    const job = profileRate ? { rate: profileRate } : { concurrency: sendConcurrency };
    const name = `${SEND_NAME}, ${chat.connected} sockets, ${
      profileRate ? `${profileRate}/s` : `${sendConcurrency} senders at once`
    }`;
    console.log(`Profiling ${name} (${profileSeconds} s)...`);
    await chat.send({ ...job, seconds: 3 });
    await waitForQuiet();
    await chat.delivery();
    const window = cpuWindow(app.child.pid as number);
    await session.send('Profiler.start');
    const result = await chat.send({ ...job, seconds: profileSeconds });
    const { profile } = await session.send<{ profile: CpuProfile }>('Profiler.stop');
    const cpu = window.end();
    session.close();
    // the last deliveries arrive after the last answers
    await sleep(1500);
    const delivery = await chat.delivery();
    const errors = result.socketErrors + result.non2xx;
    if (errors) throw new Error(`${SEND_NAME}: ${errors} errors under load`);
    const file = path.join(profileDir, 'POST-api-message.php.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    return {
      line: cpuLine(`${name} (under the profiler)`, { result, ...cpu }),
      detail: [
        `### ${name}: profile ${file}`,
        '',
        `Delivered ${delivery.received} of ${result.requests} to the recipients' sockets: ` +
          `p50 ${delivery.p50} ms, p95 ${delivery.p95} ms, p99 ${delivery.p99} ms.`,
        '',
        formatSummary(summarise(profile), 30, result.requests),
        '',
      ],
    };
  } finally {
    await chat?.close();
    await app.stop();
  }
}

async function main(): Promise<void> {
  mkdirSync(profileDir, { recursive: true });
  console.log(`Preparing ${benchDatabaseName()} (migrate + seed)...`);
  prepareDatabase();
  const report: string[] = [
    `# Profile of the hot routes (${new Date().toISOString()}, server ${serverMain}, Node ` +
      `${process.version})`,
    '',
    '## Statements and commands per request',
    '',
  ];
  const members = routeKeys.includes('send') ? await seedChat(profileSockets) : [];
  if (process.env.PROFILE_COUNT !== 'false') report.push(...(await countRoutes(members)));
  const lines = ROUTES.length > 0 ? [await baselineCpu()] : [];
  const details: string[] = [];
  for (const route of ROUTES) {
    const { line, detail } = await profileRoute(route);
    lines.push(line);
    details.push(...detail);
  }
  if (members.length > 0) {
    const { line, detail } = await profileSend(members);
    lines.push(line);
    details.push(...detail);
  }
  report.push(
    '## CPU per request (50 connections)',
    '',
    ...CPU_HEAD,
    ...lines,
    '',
    '## Where the app spends it',
    '',
    ...details,
  );
  const text = report.join('\n');
  writeFileSync(path.join(profileDir, 'report.md'), text);
  console.log(`\n${text}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
