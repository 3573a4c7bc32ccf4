/**
 * The production topology as plain processes on this machine: several API processes (the
 * built server/dist/main.js) and several job workers (server/dist/worker.js) on one PostgreSQL
 * database and one Redis, as docker-compose.yml runs them behind the proxy. Used by
 * tests/e2e/topology.e2e.ts and by benches that need more than one process. Build first
 * (`npm run build`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One process of the topology and everything it printed (for a failure's message). */
export interface TopologyProcess {
  kind: 'app' | 'worker' | 'proxy';
  index: number;
  child: ChildProcess;
  /**
   * The process's own internal metrics port (METRICS_PORT of an app, WORKER_METRICS_PORT of a
   * worker: 0, so each binds a free one and tells which); GET /metrics there where the build
   * serves metrics.
   */
  metricsPort: number;
  output(): string;
}

export interface AppProcess extends TopologyProcess {
  kind: 'app';
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
}

export interface Topology {
  apps: AppProcess[];
  workers: TopologyProcess[];
  /** The environment every process got (the database, Redis, MEDIA_SECRET...). */
  env: NodeJS.ProcessEnv;
  /** Everything every process printed, labelled (for a failure's message). */
  output(): string;
  /** SIGTERM to every process (SIGKILL after 15 s); resolves when all have exited. */
  stop(): Promise<void>;
  /**
   * A new process for app `index` on the port the old one had (a rolling deploy's restart; the
   * old one must have exited): resolves once it answers /api/health, and takes its place in
   * `apps`.
   */
  startApp(index: number): Promise<AppProcess>;
}

export interface TopologyOptions {
  databaseUrl: string;
  redisUrl: string;
  /** API processes (default 2). */
  apps?: number;
  /** Worker processes (default 2). */
  workers?: number;
  /** Ports of the API processes (default 0: each binds a free port and tells which). */
  ports?: number[];
  /** Added to (and overriding) the production environment below. */
  env?: NodeJS.ProcessEnv;
  /** Copy every line the processes print to this process's stderr (default false). */
  echo?: boolean;
  /** How long an app may take to answer /api/health, or a worker to start (default 60 s). */
  startTimeoutMs?: number;
}

/**
 * A port free at this moment. Whoever binds it later may find it taken meanwhile (by another
 * test's server, or as the local port of some connection): where the server can, let it bind
 * port 0 and tell the port it got instead (as the app processes here do).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Drops `databaseUrl`'s database and makes it again with the migrations and the reference data
 * (prisma/migrate.ts deploy creates it; prisma/seed.ts without demo members), as docker-compose's
 * `migrate` service does on a new deployment.
 */
export function freshDatabase(databaseUrl: string): void {
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const steps: [string, string[]][] = [
    ['psql', [admin.toString(), '-qc', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]],
    [process.execPath, ['--import', 'tsx', 'prisma/migrate.ts', 'deploy']],
    [process.execPath, ['--import', 'tsx', 'prisma/seed.ts']],
  ];
  for (const [command, args] of steps) {
    const run = spawnSync(command, args, {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: 'false' },
      encoding: 'utf8',
    });
    if (run.status !== 0) {
      throw new Error(`${args.join(' ')} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
    }
  }
}

/**
 * What every process gets: production mode as deployed, minus the proxy (no TRUST_PROXY) and the
 * web app (API only); the same secrets (MEDIA_SECRET, STAFF_SECRET_KEY, MAIL_LINK_SECRET, ALTCHA_HMAC_KEY) for
 * all, as docker-compose's shared environment.
 */
function productionEnv(options: TopologyOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    WEB_DIST_DIR: '',
    APP_URL: 'http://localhost',
    SMTP_URL: 'smtp://127.0.0.1:2525?ignoreTLS=true',
    MEDIA_SECRET: randomBytes(36).toString('base64url'),
    STAFF_SECRET_KEY: randomBytes(36).toString('base64url'),
    MAIL_LINK_SECRET: randomBytes(36).toString('base64url'),
    ALTCHA_HMAC_KEY: randomBytes(36).toString('base64url'),
    // the proof of work solved in milliseconds by the journeys (tests/e2e/challenge.ts)
    ALTCHA_MAX_NUMBER: '20',
    ALTCHA_COST: '1',
    STORAGE_DIR: path.join(os.tmpdir(), `vonkje-topology-${process.pid}`),
    TRUST_PROXY: 'false',
    // production refuses the sandbox provider unless told; a topology takes no real payments
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    ...options.env,
  };
}

/** What a process of the build tells its parent when it is ready (server/src/common/ready-signal.ts). */
interface ReadySignal {
  ready: 'api' | 'worker';
  port?: number;
  metricsPort: number | null;
}

/**
 * Starts one process of the build with an IPC channel; `ready` resolves with what it tells once
 * it is ready (the ports it bound), and rejects if it exits first or is not ready in `ms`.
 */
function launch(
  kind: 'app' | 'worker',
  index: number,
  env: NodeJS.ProcessEnv,
  echo: boolean,
  ms: number,
): { proc: TopologyProcess; ready: Promise<ReadySignal> } {
  const file = path.join(root, 'server/dist', kind === 'app' ? 'main.js' : 'worker.js');
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    cwd: root,
    // port 0: the kernel gives the metrics server a free port as it binds (the process tells it)
    env: { ...env, [kind === 'app' ? 'METRICS_PORT' : 'WORKER_METRICS_PORT']: '0' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let printed = '';
  const label = `[${kind} ${index}] `;
  const take = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    printed += text;
    if (echo) process.stderr.write(text.replace(/^(?=.)/gm, label));
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const proc: TopologyProcess = { kind, index, child, metricsPort: 0, output: () => printed };
  const ready = new Promise<ReadySignal>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${kind} ${index} not ready in ${ms} ms:\n${printed}`)),
      ms,
    );
    child.on('message', (message: ReadySignal) => {
      if (!message?.ready) return;
      clearTimeout(timer);
      proc.metricsPort = message.metricsPort ?? 0;
      resolve(message);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} ${index} exited (${code}):\n${printed}`));
    });
  });
  // a rejection nobody awaited yet (another process failed first) must not end the test run
  ready.catch(() => undefined);
  return { proc, ready };
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function stopProcess({ child }: TopologyProcess): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(kill);
}

/** Waits until `ready` says yes, failing at once if the process exits, or after `ms`. */
async function until(
  proc: TopologyProcess,
  ready: () => Promise<boolean> | boolean,
  ms: number,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!running(proc.child)) {
      throw new Error(
        `${proc.kind} ${proc.index} exited (${proc.child.exitCode}):\n${proc.output()}`,
      );
    }
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${proc.kind} ${proc.index} not ready in ${ms} ms:\n${proc.output()}`);
}

/**
 * Starts the API processes and the workers together; resolves once every process told it is
 * ready (and its ports) and every app answers /api/health with 200. Throws (having stopped them
 * all) when one does not get there.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (!existsSync(path.join(root, 'server/dist/main.js'))) {
    throw new Error('server/dist is not built: run `npm run build` first');
  }
  const env = productionEnv(options);
  const appCount = options.apps ?? 2;
  const echo = options.echo ?? false;
  const ms = options.startTimeoutMs ?? 60_000;
  // port 0 unless told: each app binds a free port and tells which (no port chosen beforehand
  // that another process could take before the app binds it: EADDRINUSE seen in a CI run)
  // warnings and errors only (no line per request)
  const launchApp = (index: number, port: number) =>
    launch('app', index, { LOG_LEVEL: 'warn', ...env, PORT: String(port) }, echo, ms);
  const launched = Array.from({ length: appCount }, (_, index) =>
    launchApp(index, options.ports?.[index] ?? 0),
  );
  const starting = [
    ...launched,
    ...Array.from({ length: options.workers ?? 2 }, (_, index) =>
      launch('worker', index, env, echo, ms),
    ),
  ];
  const all = starting.map((s) => s.proc);
  const stop = async () => {
    await Promise.all(all.map(stopProcess));
  };
  try {
    const signals = await Promise.all(starting.map((s) => s.ready));
    const apps: AppProcess[] = launched.map(({ proc }, index) => {
      const port = signals[index].port as number;
      return { ...proc, kind: 'app', port, base: `http://127.0.0.1:${port}` };
    });
    const healthy = (app: AppProcess) =>
      until(
        app,
        () =>
          fetch(`${app.base}/api/health`).then(
            (res) => res.ok,
            () => false,
          ),
        ms,
      );
    await Promise.all(apps.map(healthy));
    const startApp = async (index: number): Promise<AppProcess> => {
      const old = apps[index];
      if (running(old.child)) throw new Error(`app ${index} is still running`);
      const { proc, ready } = launchApp(index, old.port);
      all.push(proc);
      await ready;
      const app: AppProcess = { ...proc, kind: 'app', port: old.port, base: old.base };
      await healthy(app);
      apps[index] = app;
      return app;
    };
    return {
      apps,
      workers: all.filter((p) => p.kind === 'worker'),
      env,
      output: () => all.map((p) => `--- ${p.kind} ${p.index}\n${p.output()}`).join('\n'),
      stop,
      startApp,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Caddy in front of the app processes, configured by the deployment's docker/Caddyfile. */
export interface Proxy {
  /** http://127.0.0.1:<port>: the site through the proxy. */
  base: string;
  /** What Caddy's admin API says of each upstream: its address and requests in flight. */
  upstreams(): Promise<{ address: string; num_requests: number; fails: number }[]>;
  output(): string;
  stop(): Promise<void>;
}

/** Whether Caddy is installed here (Debian's package `caddy`). */
export function caddyInstalled(): boolean {
  return spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
}

/**
 * docker/Caddyfile with its upstreams, found in production through Docker's DNS (`dynamic a` on
 * the compose service `app`), replaced by a fixed list (`to`) of the given addresses: processes
 * on this machine differ by port, which one DNS name cannot tell. Everything else (balancing,
 * retries, passive health checks, headers, transport) stays as deployed.
 */
export function caddyfileFor(caddyfile: string, addresses: string[]): string {
  const dynamic = /^([\t ]*)dynamic a \{[^}]*\}$/m.exec(caddyfile);
  if (!dynamic) throw new Error('docker/Caddyfile has no reverse_proxy with `dynamic a` upstreams');
  return caddyfile.replace(dynamic[0], `${dynamic[1]}to ${addresses.join(' ')}`);
}

/**
 * Caddy with docker/Caddyfile as deployed, its upstreams (the compose service app's replicas)
 * replaced by the given app processes (caddyfileFor), on plain HTTP on a free port
 * (SITE_ADDRESS), its admin API on another (for upstreams()). Resolves once it answers
 * /api/health through an app.
 */
export async function startCaddy(apps: AppProcess[]): Promise<Proxy> {
  // Caddy cannot tell a port it got from the kernel: it gets two free ones, and when another
  // process took one before Caddy bound it, Caddy exits and starts again on two others
  for (let attempt = 1; ; attempt++) {
    try {
      return await startCaddyOn(apps, await freePort(), await freePort());
    } catch (error) {
      if (attempt >= 5 || !/address already in use/.test(String(error))) throw error;
    }
  }
}

async function startCaddyOn(apps: AppProcess[], port: number, adminPort: number): Promise<Proxy> {
  const caddyfile = caddyfileFor(
    readFileSync(path.join(root, 'docker/Caddyfile'), 'utf8'),
    apps.map((app) => `127.0.0.1:${app.port}`),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vonkje-caddy-'));
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(file, `{\n\tadmin 127.0.0.1:${adminPort}\n}\n` + caddyfile);
  const child = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      SITE_ADDRESS: `http://127.0.0.1:${port}`,
      HOME: dir,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  const proc: TopologyProcess = {
    kind: 'proxy',
    index: 0,
    child,
    metricsPort: 0,
    output: () => printed,
  };
  const base = `http://127.0.0.1:${port}`;
  const proxy: Proxy = {
    base,
    upstreams: async () =>
      (await fetch(`http://127.0.0.1:${adminPort}/reverse_proxy/upstreams`)).json() as Promise<
        { address: string; num_requests: number; fails: number }[]
      >,
    output: () => printed,
    stop: async () => {
      await stopProcess(proc);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await until(
      proc,
      () =>
        fetch(`${base}/api/health`).then(
          (res) => res.ok,
          () => false,
        ),
      20_000,
    );
  } catch (error) {
    await proxy.stop();
    throw error;
  }
  return proxy;
}
