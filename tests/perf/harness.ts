/**
 * What bench.ts and profile.ts share: the bench database, the built app in its own process, the
 * baseline servers and the load generator (each in its own process), the demo login.
 */
import '../../scripts/load-env.mjs';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult } from './load.js';
import { freePort } from '../support/topology.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const perfDir = path.join(root, 'tests/perf');

/** The bench's own database on the configured server (BENCH_DATABASE, default dating_bench). */
export function benchDatabaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${process.env.BENCH_DATABASE ?? 'dating_bench'}`;
  return url.toString();
}

/** The built server to measure: BENCH_SERVER (a main.js) or server/dist/main.js. */
export const serverMain = path.resolve(
  process.env.BENCH_SERVER ?? path.join(root, 'server/dist/main.js'),
);

/** Where the bench's demo avatars are stored. */
const BENCH_STORAGE = path.join(os.tmpdir(), 'vonkje-bench-storage');

/** Migrates and seeds the bench database (the demo member whatever NODE_ENV or .env say). */
export function prepareDatabase(): void {
  const env = {
    ...process.env,
    DATABASE_URL: benchDatabaseUrl(),
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    STORAGE_DIR: BENCH_STORAGE,
  };
  for (const script of [['prisma/migrate.ts', 'deploy'], ['prisma/seed.ts']]) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', ...script], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`${script[0]} failed`);
  }
}

export { freePort };

/**
 * The media key of this run: the app signs photo URLs with it and the baselines that answer
 * cards sign theirs with it too, so their answers can be compared with the app's.
 */
export const RUN_MEDIA_SECRET = randomBytes(36).toString('base64url');
const RUN_STAFF_SECRET_KEY = randomBytes(36).toString('base64url');
const RUN_MAIL_LINK_SECRET = randomBytes(36).toString('base64url');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The environment the bench runs the app with (production, as deployed, minus mail and proxy). */
export function appEnv(port: number, databaseUrl = benchDatabaseUrl()): NodeJS.ProcessEnv {
  // a Redis database of its own: the load's limit counters must not reach a developer's site
  const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  redisUrl.pathname = `/${process.env.BENCH_REDIS_DB ?? '15'}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl.toString(),
    WEB_DIST_DIR: '',
    // production requires both; the bench's requests send no mail
    APP_URL: `http://localhost:${port}`,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    // production requires a real key for the signed photo URLs (random per run is fine)
    MEDIA_SECRET: RUN_MEDIA_SECRET,
    // and its own keys for the staff's second factors and the mails' unsubscribe links
    STAFF_SECRET_KEY: RUN_STAFF_SECRET_KEY,
    MAIL_LINK_SECRET: RUN_MAIL_LINK_SECRET,
    ALTCHA_HMAC_KEY: randomBytes(36).toString('base64url'),
    // the demo members' avatars and the signed URLs to them, as on a live site
    STORAGE_DIR: BENCH_STORAGE,
    TRUST_PROXY: 'false',
    // the rows measure throughput: the per-member card limit (counted all the same) must not
    // turn the load into 429s
    RATE_LIMIT_MEMBER_PROFILES_PER_HOUR: '1000000000',
    // the send rows send hundreds of messages a second as a few thousand members
    RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000000',
    // production refuses the sandbox payment provider; the bench takes no payments
    ALLOW_SANDBOX_PAYMENTS: 'true',
  };
}

export interface App {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited(child);
  clearTimeout(timer);
}

/** The built server as production runs it, in its own process; resolves once /api/health is ok. */
export async function startApp(
  options: {
    nodeArgs?: string[];
    databaseUrl?: string;
    redisUrl?: string;
    port?: number;
    /** More variables for the app (the replica rows: DATABASE_REPLICA_URL). */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<App> {
  const port = options.port ?? (await freePort());
  const env = { ...appEnv(port, options.databaseUrl), ...options.env };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverMain], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.pipe(process.stderr);
  const base = `http://127.0.0.1:${port}`;
  const app = { child, base, stop: () => stopChild(child) };
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return app;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  await app.stop();
  throw new Error('the app did not start');
}

export interface Baseline {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** A baseline server of tests/perf/baselines in its own process (types stripped by Node). */
export async function startBaseline(
  script: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Baseline> {
  const child = spawn(process.execPath, [path.join(perfDir, 'baselines', script)], {
    env: {
      ...process.env,
      DATABASE_URL: benchDatabaseUrl(),
      MEDIA_SECRET: RUN_MEDIA_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline ${script} exited (${code})`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  return { port, pid: child.pid as number, stop: () => stopChild(child) };
}

/**
 * One load run in its own process: autocannon (tests/perf/load.ts), or another generator that
 * answers the same (paced-load.ts: open-loop, at the job's rate).
 */
export async function load(job: LoadJob, generator = 'load.ts'): Promise<LoadResult> {
  const child = spawn(process.execPath, [path.join(perfDir, generator), JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator failed (${code}) for ${job.url}`);
  return JSON.parse(out) as LoadResult;
}

export interface DemoLogin {
  cookie: string;
  userId: number;
  profileId: number;
}

/** Logs in as the demo member (README's demo login); fails unless that gives a session. */
export async function loginDemo(base: string): Promise<DemoLogin> {
  const login = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
    body: JSON.stringify({ email: 'demo@vonkje.test', password: 'demo1234' }),
  });
  // the session cookie (login also sets the trusted-browser cookie `device`)
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('sid='));
  if (!login.ok || !cookie) throw new Error(`the demo login gave no session (${login.status})`);
  const me = (await login.json()) as { user: { id: number; profile: { id: number } | null } };
  if (!me.user.profile) throw new Error('the demo member has no profile');
  return { cookie, userId: me.user.id, profileId: me.user.profile.id };
}

/** The profile the member rows read: the demo member's neighbour (a visible seeded member). */
export function memberCardUrl(base: string, demo: DemoLogin): string {
  return `${base}/api/member.php?id=${demo.profileId - 1}`;
}

// ---------------------------------------------------------------- CPU accounting from /proc

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU of a process, ms (0 once it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving the bench database (by their process titles). */
export function benchBackends(): number[] {
  const name = new URL(benchDatabaseUrl()).pathname.slice(1);
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres:') && cmdline.includes(` ${name} `)) {
        pids.push(Number(entry));
      }
    } catch {
      // gone
    }
  }
  return pids;
}

/** Busy and total CPU time of the whole machine, ms. */
/** CPU of the whole machine, ms: busy (interrupts included) and total (busy + idle). */
export function machineCpuMs(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  const ms = (ticks: number) => (ticks * 1000) / CLOCK_TICKS;
  return { busy: ms(busy), total: ms(busy + idle + iowait) };
}

/** How many cores the machine keeps busy over `ms` (before a run: someone else's work). */
export async function machineLoad(ms: number): Promise<number> {
  const before = machineCpuMs();
  await sleep(ms);
  return (machineCpuMs().busy - before.busy) / ms;
}

export interface CpuUse {
  /** CPU ms of the measured server process. */
  serverMs: number;
  /** CPU ms of the PostgreSQL backends serving dating_bench. */
  dbMs: number;
  /** Busy and total CPU ms of the whole machine (all cores), and the wall time. */
  machineBusyMs: number;
  machineTotalMs: number;
  wallMs: number;
}

/** Starts counting the CPU a server, the bench's database backends and the machine use. */
export function cpuWindow(pid: number): { end(): CpuUse } {
  const backends = benchBackends();
  const before = {
    server: processCpuMs(pid),
    db: backends.map(processCpuMs),
    machine: machineCpuMs(),
    at: Date.now(),
  };
  return {
    end() {
      const machine = machineCpuMs();
      return {
        serverMs: processCpuMs(pid) - before.server,
        // backends that appeared meanwhile are missed; pools are open after the warm-up
        // (a backend that ended meanwhile reads 0: its share is unknown and left out)
        dbMs: backends
          .map(processCpuMs)
          .reduce((sum, ms, i) => sum + (ms === 0 ? 0 : ms - before.db[i]), 0),
        machineBusyMs: machine.busy - before.machine.busy,
        machineTotalMs: machine.total - before.machine.total,
        wallMs: Date.now() - before.at,
      };
    },
  };
}

/**
 * Machines here are shared: before a measurement, wait (up to BENCH_QUIET_WAIT_SECONDS, default
 * 120) until the machine is quiet (under BENCH_QUIET_CORES busy, default 0.3, while our own
 * servers idle), so that nothing is measured while someone else's tests run. The "other
 * processes" figures show what remained during the run.
 */
export async function waitForQuiet(): Promise<void> {
  const quietCores = Number(process.env.BENCH_QUIET_CORES ?? 0.3);
  const deadline = Date.now() + Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120) * 1000;
  let busy = await machineLoad(1000);
  while (busy > quietCores && Date.now() < deadline) {
    process.stdout.write(` (machine busy: ${busy.toFixed(2)} cores, waiting)`);
    await sleep(4000);
    busy = await machineLoad(1000);
  }
}

// ---------------------------------------------------------------- client processes by lines

/** A client process of the bench that talks in lines: commands on stdin, JSON lines back. */
export interface LineProcess {
  child: ChildProcess;
  /** The next line it printed (rejects if it exits first). */
  next(): Promise<string>;
  send(line: string): void;
  /** Sends `exit` and waits for it to end (killed after 10 s). */
  close(): Promise<void>;
}

/** Starts `tests/perf/<script>` with `args` in a process of its own (types stripped by Node). */
export function lineProcess(script: string, args: string[]): LineProcess {
  const child = spawn(process.execPath, [path.join(perfDir, script), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => {
    const take = waiting.shift();
    if (take) take(line);
    else queue.push(line);
  });
  return {
    child,
    next: () =>
      new Promise((resolve, reject) => {
        const queued = queue.shift();
        if (queued !== undefined) return resolve(queued);
        const exited = (code: number | null) => reject(new Error(`${script} exited (${code})`));
        child.once('exit', exited);
        waiting.push((line) => {
          child.off('exit', exited);
          resolve(line);
        });
      }),
    send: (line) => child.stdin?.write(`${line}\n`),
    close: async () => {
      child.stdin?.write('exit\n');
      lines.close();
      if (child.exitCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}
