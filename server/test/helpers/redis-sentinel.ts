import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { freePort } from './ports';

/** Debian's `redis-sentinel` (apt-get install redis-sentinel; .ci/run installs it). */
export const hasRedisSentinel =
  spawnSync('redis-sentinel', ['--version'], { stdio: 'ignore' }).status === 0;

/** The master's name the test's sentinels watch. */
export const SENTINEL_MASTER = 'vonkje-test';

/** How long the sentinels wait before they call an unanswering master down (ms). */
export const DOWN_AFTER_MS = 1000;

const admin = (port: number) =>
  new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 1 });

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A command's answer on one server, through a short-lived connection. */
async function ask<T>(port: number, run: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = admin(port);
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await run(redis);
  } finally {
    redis.disconnect();
  }
}

/**
 * A Redis master, a replica of it and three sentinels watching them (quorum 2), each a real
 * process on a free port with its own temporary directory: what REDIS_SENTINELS points at in
 * production (docker/compose.sentinel.yml), made small (DOWN_AFTER_MS instead of 5 s).
 * Resolves once the replica copies the master and every sentinel knows the replica and the
 * two other sentinels (before that a failover could not happen).
 */
export async function startSentinelGroup() {
  const dir = await mkdtemp(path.join(tmpdir(), 'sentinel-'));
  const children = new Map<number, ChildProcess>();
  const server = (port: number, args: string[]) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'].concat(
        ['--dir', dir, '--dbfilename', `dump-${port}.rdb`],
        args,
      ),
      { stdio: 'ignore' },
    );
    children.set(port, child);
  };

  const masterPort = await freePort();
  const replicaPort = await freePort();
  server(masterPort, []);
  await until(() => ask(masterPort, (r) => r.ping()).then((a) => a === 'PONG'), 'the master');
  server(replicaPort, ['--replicaof', '127.0.0.1', String(masterPort)]);
  await until(
    () =>
      ask(replicaPort, (r) => r.info('replication')).then((i) => /master_link_status:up/.test(i)),
    'the replica to copy the master',
  );

  const sentinelPorts = [await freePort(), await freePort(), await freePort()];
  for (const port of sentinelPorts) {
    const conf = path.join(dir, `sentinel-${port}.conf`);
    await writeFile(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${masterPort} 2`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER} ${DOWN_AFTER_MS}`,
        `sentinel failover-timeout ${SENTINEL_MASTER} 10000`,
        `sentinel parallel-syncs ${SENTINEL_MASTER} 1`,
        '',
      ].join('\n'),
    );
    children.set(port, spawn('redis-sentinel', [conf], { stdio: 'ignore' }));
  }
  for (const port of sentinelPorts) {
    await until(
      () =>
        ask(port, async (r) => {
          const replicas = (await r.call('SENTINEL', 'REPLICAS', SENTINEL_MASTER)) as unknown[];
          const others = (await r.call('SENTINEL', 'SENTINELS', SENTINEL_MASTER)) as unknown[];
          return replicas.length === 1 && others.length === 2;
        }),
      `sentinel ${port} to know the replica and the other sentinels`,
    );
  }

  /** The master the sentinels name now (its port). */
  const currentMaster = () =>
    ask(sentinelPorts[0], async (r) => {
      const [, port] = (await r.call(
        'SENTINEL',
        'GET-MASTER-ADDR-BY-NAME',
        SENTINEL_MASTER,
      )) as string[];
      return Number(port);
    });

  /** Ends one server as a crash would (SIGKILL: no goodbye to its clients, nothing saved). */
  const kill = async (port: number) => {
    const child = children.get(port);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  return {
    masterPort,
    replicaPort,
    sentinelPorts,
    /** REDIS_SENTINELS for the app. */
    sentinels: sentinelPorts.map((port) => `127.0.0.1:${port}`).join(','),
    currentMaster,
    kill,
    /** A connection to one of the servers (the caller disconnects it). */
    connect: (port: number) => {
      const redis = admin(port);
      redis.on('error', () => undefined);
      return redis;
    },
    stop: async () => {
      await Promise.all([...children.keys()].map(kill));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type SentinelGroup = Awaited<ReturnType<typeof startSentinelGroup>>;
