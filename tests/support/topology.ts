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
   * worker: each process needs its own on one machine); GET /metrics there where the build
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
}

export interface TopologyOptions {
  databaseUrl: string;
  redisUrl: string;
  /** API processes (default 2). */
  apps?: number;
  /** Worker processes (default 2). */
  workers?: number;
  /** Ports of the API processes (default: free ports). */
  ports?: number[];
  /** Added to (and overriding) the production environment below. */
  env?: NodeJS.ProcessEnv;
  /** Copy every line the processes print to this process's stderr (default false). */
  echo?: boolean;
  /** How long an app may take to answer /api/health, or a worker to start (default 60 s). */
  startTimeoutMs?: number;
}

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
 * web app (API only); the same MEDIA_SECRET for all, as docker-compose's shared environment.
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
    STORAGE_DIR: path.join(os.tmpdir(), `vonkje-topology-${process.pid}`),
    TRUST_PROXY: 'false',
    // production refuses the sandbox provider unless told; a topology takes no real payments
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    ...options.env,
  };
}

async function launch(
  kind: TopologyProcess['kind'],
  index: number,
  env: NodeJS.ProcessEnv,
  echo: boolean,
): Promise<TopologyProcess> {
  const file = path.join(root, 'server/dist', kind === 'app' ? 'main.js' : 'worker.js');
  const metricsPort = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    cwd: root,
    env: {
      ...env,
      [kind === 'app' ? 'METRICS_PORT' : 'WORKER_METRICS_PORT']: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
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
  return { kind, index, child, metricsPort, output: () => printed };
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
 * Starts the API processes and the workers together; resolves once every app answers
 * /api/health with 200 and every worker has logged that it started. Throws (having stopped
 * them all) when one does not get there.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (!existsSync(path.join(root, 'server/dist/main.js'))) {
    throw new Error('server/dist is not built: run `npm run build` first');
  }
  const env = productionEnv(options);
  const appCount = options.apps ?? 2;
  const ports = options.ports ?? [];
  while (ports.length < appCount) ports.push(await freePort());
  const echo = options.echo ?? false;
  const apps: AppProcess[] = [];
  for (const [index, port] of ports.slice(0, appCount).entries()) {
    // warnings and errors only (no line per request); a worker logs at its own level, and its
    // start-up line is how we know it runs
    const app = await launch('app', index, { LOG_LEVEL: 'warn', ...env, PORT: String(port) }, echo);
    apps.push({ ...app, kind: 'app', port, base: `http://127.0.0.1:${port}` });
  }
  const workers: TopologyProcess[] = [];
  for (let index = 0; index < (options.workers ?? 2); index++) {
    workers.push(await launch('worker', index, env, echo));
  }
  const all: TopologyProcess[] = [...apps, ...workers];
  const topology: Topology = {
    apps,
    workers,
    env,
    output: () => all.map((p) => `--- ${p.kind} ${p.index}\n${p.output()}`).join('\n'),
    stop: async () => {
      await Promise.all(all.map(stopProcess));
    },
  };
  const ms = options.startTimeoutMs ?? 60_000;
  try {
    await Promise.all([
      ...apps.map((app) =>
        until(
          app,
          () =>
            fetch(`${app.base}/api/health`).then(
              (res) => res.ok,
              () => false,
            ),
          ms,
        ),
      ),
      ...workers.map((worker) => until(worker, () => /Worker started/.test(worker.output()), ms)),
    ]);
  } catch (error) {
    await topology.stop();
    throw error;
  }
  return topology;
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
 * Caddy with docker/Caddyfile as deployed, its upstreams (the compose services app and app-2)
 * replaced by the given app processes, on plain HTTP on a free port (SITE_ADDRESS), its admin
 * API on another (for upstreams()). Resolves once it answers /api/health through an app.
 */
export async function startCaddy(apps: AppProcess[]): Promise<Proxy> {
  const caddyfile = readFileSync(path.join(root, 'docker/Caddyfile'), 'utf8');
  const upstreams = /reverse_proxy ([^{\n]+)\{/.exec(caddyfile)?.[1].trim();
  if (!upstreams) throw new Error('docker/Caddyfile has no reverse_proxy with upstreams');
  const [port, adminPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vonkje-caddy-'));
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(
    file,
    `{\n\tadmin 127.0.0.1:${adminPort}\n}\n` +
      caddyfile.replace(upstreams, apps.map((app) => `127.0.0.1:${app.port}`).join(' ')),
  );
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
