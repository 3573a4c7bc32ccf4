import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baseUrl } from './databases';
import { freePort } from './ports';

/** Debian's pgbouncer (apt-get install pgbouncer), or undefined when it is not installed. */
export function pgbouncerBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : undefined;
}

/** The installed version, e.g. "1.18.0". */
export function pgbouncerVersion(binary: string): string {
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout;
  return /PgBouncer (\d+\.\d+\.\d+)/.exec(out)?.[1] ?? 'unknown';
}

export interface PgBouncer {
  port: number;
  /** Everything PgBouncer logged so far (its refusals name the startup parameter). */
  log: () => string;
  /** A URL of the test server's database `database`, through PgBouncer. */
  urlFor: (databaseUrl: string) => string;
  stop: () => Promise<void>;
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

/**
 * A real PgBouncer on a free loopback port in front of the test PostgreSQL (DATABASE_URL's
 * server): every database of that server under its own name, in `poolMode`, with no startup
 * parameter ignored (a client that sends one it does not track is refused, as in production).
 * Clients log in without a password (trust, loopback only); PgBouncer logs in to PostgreSQL
 * with DATABASE_URL's user and password. PgBouncer refuses to run as root: as root it switches
 * to the user `postgres` (`user =`), so its files are readable by all.
 */
export async function startPgBouncer(
  binary: string,
  {
    poolMode = 'session',
    poolSize = 20,
  }: { poolMode?: 'session' | 'transaction'; poolSize?: number } = {},
): Promise<PgBouncer> {
  const server = new URL(baseUrl());
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const dir = await mkdtemp(path.join(tmpdir(), 'pgbouncer-'));
  await chmod(dir, 0o755);
  const authFile = path.join(dir, 'users.txt');
  await writeFile(authFile, `${quote(user)} ${quote(password)}\n`, { mode: 0o644 });
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  await writeFile(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${authFile}`,
      `pool_mode = ${poolMode}`,
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      'server_reset_query = DISCARD ALL',
      // SHOW STATS on its console (database pgbouncer): what went through it
      `admin_users = ${user}`,
      ...(process.getuid?.() === 0 ? ['user = postgres'] : []),
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const child = spawn(binary, [ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/process up/.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`pgbouncer exited (${code}):\n${output}`)));
  });
  return {
    port,
    log: () => output,
    urlFor: (databaseUrl) => {
      const through = new URL(databaseUrl);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      // PgBouncer lets the client in without one (trust); it logs in to PostgreSQL itself
      through.password = '';
      return through.toString();
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
