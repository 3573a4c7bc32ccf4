import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parse } from 'yaml';
import { FiguresService } from '../src/figures/figures.service';
import { Metrics } from '../src/metrics';
import { figuresStatements } from '../src/figures/figures.sql';
import { likesPageStatement } from '../src/member-access/readers/likes-page.sql';
import { profilePageStatement } from '../src/member-access/readers/profile-page.sql';
import { ReadPool, primaryReadsKey } from '../src/prisma/read-pool';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { clusterUser, findPostgresBinaries, waitFor } from './helpers/clusters';
import { REPO_ROOT, runScript } from './helpers/databases';
import { freePort } from './helpers/ports';
import { createTestApp, type TestApp } from './helpers/test-app';

const bin = findPostgresBinaries();
const hasServer = bin !== undefined && existsSync(path.join(bin, 'pg_basebackup'));
if (!hasServer) {
  console.warn(
    'reads from a replica NOT TESTED: no PostgreSQL server binaries under /usr/lib/postgresql/<version>/bin (Debian: apt-get install postgresql)',
  );
}
const describeWithServer = hasServer ? describe : describe.skip;
const title = hasServer
  ? 'reads from a streaming replica (a primary and a replica of the test’s own)'
  : 'reads from a streaming replica: SKIPPED, no PostgreSQL server binaries (apt-get install postgresql)';

const DATABASE = 'dating';
const MAX_LAG_MS = 1500;

/**
 * A fixed piece of each statement that the read pool serves, free of constants (the text
 * pg_stat_statements keeps has its constants replaced), checked against the statement itself.
 */
const PROFILE_PAGE = 'p.signup_reason::text AS signup_reason, p.about,';
const LIKES_PAGE = 'SELECT l.liker_id, l.liked_id, l.is_new, l.created_at,';
const FIGURES_REVENUE = 'sum("amount_cents")::bigint AS amount_cents';
/** The search statement is built per request: its one fixed part. */
const SEARCH_MARK = 'AS counted,';

/**
 * Issue 37, item 1: the reads that tolerate a little lag go to a streaming replica, everything
 * else to the primary. The test starts both servers itself (Debian's binaries): a primary
 * initdb'd with wal_level=replica and pg_stat_statements, a replica made from it with
 * `pg_basebackup -R` (streaming), the migrations and reference data run on the primary, and the
 * API on the primary with the replica as its read pool. pg_stat_statements on each server tells
 * which statements ran where.
 */
describeWithServer(title, () => {
  const user = clusterUser();
  let dir: string;
  let primaryPort: number;
  let replicaPort: number;
  let t: TestApp;
  const started = new Set<string>();
  const folder = (name: 'primary' | 'replica' | 'run') => path.join(dir, name);

  function run(command: string, args: string[]) {
    const result = spawnSync(command, args, {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 180_000,
      ...user,
    });
    return {
      status: result.status,
      output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
    };
  }

  /** pg_ctl without blocking the event loop (the API keeps serving meanwhile). */
  function pgCtl(args: string[]): Promise<{ status: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(path.join(bin!, 'pg_ctl'), args, {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
        ...user,
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (status) => resolve({ status, output }));
    });
  }

  const start = async (name: 'primary' | 'replica', port: number) => {
    const data = folder(name);
    const result = await pgCtl([
      '-D',
      data,
      '-l',
      `${data}.log`,
      '-o',
      `-p ${port}`,
      '-w',
      '-t',
      '120',
      'start',
    ]);
    expect(result).toMatchObject({ status: 0 });
    started.add(data);
  };
  const stop = async (name: 'primary' | 'replica', mode: 'fast' | 'immediate') => {
    const result = await pgCtl(['-D', folder(name), '-m', mode, '-w', 'stop']);
    expect(result).toMatchObject({ status: 0 });
    started.delete(folder(name));
  };

  const url = (port: number, database = DATABASE) =>
    `postgresql://postgres@127.0.0.1:${port}/${database}`;

  async function query<T extends object>(
    port: number,
    sql: string,
    params: unknown[] = [],
    database = DATABASE,
  ): Promise<T[]> {
    const db = new pg.Client({ connectionString: url(port, database) });
    await db.connect();
    try {
      return (await db.query<T>(sql, params)).rows;
    } finally {
      await db.end();
    }
  }

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function caughtUp(): Promise<void> {
    const [{ lsn }] = await query<{ lsn: string }>(
      primaryPort,
      'SELECT pg_current_wal_lsn()::text AS lsn',
    );
    await waitFor('the replica to replay the primary’s writes', async () => {
      const [{ done }] = await query<{ done: boolean }>(
        replicaPort,
        'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done',
        [lsn],
      );
      return done ? true : undefined;
    });
  }

  /** Statements run on one server since the last reset: text -> calls. */
  async function statementsOn(port: number): Promise<Map<string, number>> {
    const rows = await query<{ query: string; calls: string }>(
      port,
      `SELECT s.query, s.calls::text AS calls FROM pg_stat_statements s
       JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1`,
      [DATABASE],
    );
    return new Map(rows.map((row) => [row.query.trim(), Number(row.calls)]));
  }
  const ran = (statements: Map<string, number>, text: string) =>
    [...statements].filter(([query]) => query.includes(text.trim())).reduce((n, [, c]) => n + c, 0);
  const resetStatements = () =>
    Promise.all(
      [primaryPort, replicaPort].map((port) => query(port, 'SELECT pg_stat_statements_reset()')),
    );

  const readPool = () => t.app.get(ReadPool);
  const replicaUsable = (usable: boolean) =>
    waitFor(`the replica ${usable ? 'in use' : 'skipped'}`, () =>
      Promise.resolve(readPool().states()[0].usable === usable ? true : undefined),
    );
  /** A member's write sends their reads to the primary for a while: until the mark is gone. */
  const readsBackOnReplica = (memberId: number) =>
    waitFor('the member’s reads back on the replica', async () =>
      (await t.redis.exists(primaryReadsKey(memberId))) === 0 ? true : undefined,
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'replica-'));
    if (user) await chown(dir, user.uid, user.gid);
    await mkdir(folder('run'), { mode: 0o700 });
    if (user) await chown(folder('run'), user.uid, user.gid);
    [primaryPort, replicaPort] = [await freePort(), await freePort()];
    while (replicaPort === primaryPort) replicaPort = await freePort();

    const initdb = run(path.join(bin!, 'initdb'), [
      '-D',
      folder('primary'),
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
    ]);
    expect(initdb).toMatchObject({ status: 0 });
    // what a primary with streaming replicas needs, and the statistics the test reads; the
    // replica gets the same file with its copy (pg_basebackup), and -R adds how to follow
    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: folder('run'),
      wal_level: 'replica',
      max_wal_senders: '4',
      hot_standby: 'on',
      hot_standby_feedback: 'on',
      shared_preload_libraries: 'pg_stat_statements',
      fsync: 'off',
    };
    await appendFile(
      path.join(folder('primary'), 'postgresql.auto.conf'),
      Object.entries(settings)
        .map(([name, value]) => `${name} = '${value}'\n`)
        .join(''),
    );
    await start('primary', primaryPort);
    const basebackup = run(path.join(bin!, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      folder('replica'),
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    expect(basebackup).toMatchObject({ status: 0 });
    await start('replica', replicaPort);

    // the schema and reference data, written on the primary and streamed to the replica
    await query(primaryPort, `CREATE DATABASE ${DATABASE}`, [], 'postgres');
    for (const [script, args] of [
      ['prisma/migrate.ts', ['deploy']],
      ['server/test/seed-template.ts', []],
    ] as const) {
      const result = runScript(script, [...args], { DATABASE_URL: url(primaryPort) });
      if (result.status !== 0) throw new Error(`${script}:\n${result.stdout}\n${result.stderr}`);
    }
    await query(primaryPort, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await caughtUp();

    t = await createTestApp(
      {
        DATABASE_REPLICA_URL: url(replicaPort),
        DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        DATABASE_REPLICA_CHECK_MS: '200',
      },
      { databaseUrl: url(primaryPort) },
    );
    await replicaUsable(true);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    for (const data of started) {
      spawnSync(path.join(bin!, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
        cwd: dir,
        ...user,
      });
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('runs search, member pages, the likes page and the console figures on the replica, and the session read and the writes on the primary', async () => {
    // the pieces the statements are told by
    expect(profilePageStatement(0, 0).text).toContain(PROFILE_PAGE);
    expect(likesPageStatement(0).text).toContain(LIKES_PAGE);
    expect(figuresStatements('2026-01-01', '2026-01-02').revenue.text).toContain(FIGURES_REVENUE);
    const me = await loggedInMember(t, { paidUser: true });
    const other = await seedTestMember(t, { gender: 'female' });
    await t.prisma.like.create({ data: { likerId: other.user.id, likedId: me.user.id } });
    await caughtUp();
    await readsBackOnReplica(me.user.id);
    await resetStatements();

    await t.http().get('/api/search.php?gender=female').set('Cookie', me.cookie).expect(200);
    const likes = await t.http().get('/api/likes.php').set('Cookie', me.cookie).expect(200);
    expect(likes.body.liked_by.map((like: { id: number }) => like.id)).toEqual([other.profile.id]);
    await t.app.get(FiguresService).read(7);
    // last: opening the liker's page clears the like's new flag, a write of the member's own
    const page = await t
      .http()
      .get(`/api/member.php?id=${other.profile.id}`)
      .set('Cookie', me.cookie)
      .expect(200);
    expect(page.body.profile).toMatchObject({ id: other.profile.id, name: other.profile.name });

    const [primary, replica] = await Promise.all([
      statementsOn(primaryPort),
      statementsOn(replicaPort),
    ]);
    expect({
      search: ran(replica, SEARCH_MARK),
      page: ran(replica, PROFILE_PAGE),
      likes: ran(replica, LIKES_PAGE),
      figures: ran(replica, FIGURES_REVENUE),
    }).toEqual({ search: 1, page: 1, likes: 1, figures: 1 });
    expect({
      search: ran(primary, SEARCH_MARK),
      page: ran(primary, PROFILE_PAGE),
      likes: ran(primary, LIKES_PAGE),
      figures: ran(primary, FIGURES_REVENUE),
    }).toEqual({ search: 0, page: 0, likes: 0, figures: 0 });
    // every request's session read, and the like's new flag cleared
    expect(ran(primary, 'FROM sessions')).toBeGreaterThanOrEqual(3);
    expect(ran(primary, 'UPDATE "public"."likes"')).toBe(1);
    expect(ran(replica, 'FROM sessions')).toBe(0);
    expect(ran(replica, 'UPDATE')).toBe(0);
  }, 60_000);

  it('reads a member’s own like back at once, from the primary, while the replica has not replayed it yet', async () => {
    const me = await loggedInMember(t);
    const other = await seedTestMember(t);
    await caughtUp();
    await readsBackOnReplica(me.user.id);
    await resetStatements();
    // the replica stops replaying: whatever is written now, it does not have
    await query(replicaPort, 'SELECT pg_wal_replay_pause()');
    try {
      await t
        .http()
        .post('/api/like.php')
        .set('Cookie', me.cookie)
        .set('X-Request-Type', 'client')
        .send({ member: other.profile.id })
        .expect(200);
      const likes = await t.http().get('/api/likes.php').set('Cookie', me.cookie).expect(200);
      expect(likes.body.likes.map((like: { id: number }) => like.id)).toEqual([other.profile.id]);
      const page = await t
        .http()
        .get(`/api/member.php?id=${other.profile.id}`)
        .set('Cookie', me.cookie)
        .expect(200);
      expect(page.body.profile.relation).toMatchObject({ liked: true });

      const onReplica = await query<{ n: number }>(
        replicaPort,
        'SELECT count(*)::int AS n FROM likes WHERE liker_id = $1',
        [me.user.id],
      );
      expect(onReplica).toEqual([{ n: 0 }]);
      const [primary, replica] = await Promise.all([
        statementsOn(primaryPort),
        statementsOn(replicaPort),
      ]);
      expect([ran(primary, LIKES_PAGE), ran(primary, PROFILE_PAGE)]).toEqual([1, 1]);
      expect([ran(replica, LIKES_PAGE), ran(replica, PROFILE_PAGE)]).toEqual([0, 0]);
    } finally {
      await query(replicaPort, 'SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
  }, 60_000);

  it('skips a replica that falls further behind than the bound, and uses it again once it has caught up', async () => {
    const shown = await seedTestMember(t);
    await caughtUp();
    await replicaUsable(true);
    await query(replicaPort, 'SELECT pg_wal_replay_pause()');
    try {
      // the primary moves on; the replica stays where it was
      await seedTestMember(t);
      await replicaUsable(false);
      expect(readPool().states()[0].reason).toMatch(/ms behind \(bound 1500 ms\)/);
      const registry = t.app.get(Metrics).registry;
      const name = `127.0.0.1:${replicaPort}/${DATABASE}`;
      const sample = async (metric: string) => {
        const text = await registry.getSingleMetricAsString(metric);
        const line = text.split('\n').find((l) => l.includes(`replica="${name}"`));
        return line === undefined ? undefined : Number(line.split(' ').pop());
      };
      expect(await sample('db_replica_usable')).toBe(0);
      expect(await sample('db_replica_lag_seconds')).toBeGreaterThan(MAX_LAG_MS / 1000);
      await resetStatements();
      await t.http().get(`/api/member.php?id=${shown.profile.id}`).expect(200);
      const [primary, replica] = await Promise.all([
        statementsOn(primaryPort),
        statementsOn(replicaPort),
      ]);
      expect([ran(primary, PROFILE_PAGE), ran(replica, PROFILE_PAGE)]).toEqual([1, 0]);
    } finally {
      await query(replicaPort, 'SELECT pg_wal_replay_resume()');
    }
    await replicaUsable(true);
    await resetStatements();
    await t.http().get(`/api/member.php?id=${shown.profile.id}`).expect(200);
    expect(ran(await statementsOn(replicaPort), PROFILE_PAGE)).toBe(1);
  }, 60_000);

  it('answers every read while the replica is stopped in the middle of them, from the primary, and goes back to the replica once it is up again', async () => {
    const members = await Promise.all([1, 2, 3].map(() => seedTestMember(t, { gender: 'female' })));
    const me = await loggedInMember(t);
    await caughtUp();
    await readsBackOnReplica(me.user.id);
    await replicaUsable(true);

    const statuses: number[] = [];
    let stopped = false;
    let afterStop = 0;
    const reader = async (i: number) => {
      while (!stopped || afterStop < 30) {
        const member = members[i % members.length];
        const res =
          i % 2 === 0
            ? await t.http().get(`/api/member.php?id=${member.profile.id}`)
            : await t.http().get('/api/search.php?gender=female').set('Cookie', me.cookie);
        statuses.push(res.status);
        if (stopped) afterStop += 1;
      }
    };
    const readers = Promise.all([0, 1, 2, 3].map(reader));
    await waitFor('reads under way on the replica', () =>
      Promise.resolve(statuses.length >= 20 ? true : undefined),
    );
    await stop('replica', 'fast');
    stopped = true;
    await readers;
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await replicaUsable(false);

    await start('replica', replicaPort);
    await replicaUsable(true);
    await resetStatements();
    await t.http().get(`/api/member.php?id=${members[0].profile.id}`).expect(200);
    expect(ran(await statementsOn(replicaPort), PROFILE_PAGE)).toBe(1);
  }, 120_000);
});

interface ComposeService {
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const composeServices = (file: string) =>
  (
    parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'), { merge: true }) as {
      services: Record<string, ComposeService>;
    }
  ).services;

describe('docker/compose.pg-replica.yml: a streaming replica for the app replicas, optional', () => {
  const replica = composeServices('docker/compose.pg-replica.yml');
  const base = composeServices('docker-compose.yml');

  it('copies the primary once through a replication slot and then runs as a hot standby', () => {
    const script = replica['postgres-replica'].entrypoint?.join(' ') ?? '';
    expect(script).toMatch(/if \[ ! -s "\$\$PGDATA\/PG_VERSION" \]/);
    expect(script).toMatch(/pg_create_physical_replication_slot\('replica_1'\)/);
    expect(script).toMatch(
      /pg_basebackup -h postgres -U postgres -D "\$\$PGDATA" -R -X stream -S replica_1/,
    );
    expect(script).toMatch(
      /exec gosu postgres postgres -c hot_standby=on -c hot_standby_feedback=on/,
    );
    expect(replica['postgres-replica'].depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
    });
  });

  it('lets the primary accept the replica’s connection with the password from its first start', () => {
    expect(replica.postgres.volumes).toEqual([
      './docker/postgres-replication.sh:/docker-entrypoint-initdb.d/20-replication.sh:ro',
    ]);
    const init = readFileSync(path.join(REPO_ROOT, 'docker/postgres-replication.sh'), 'utf8');
    expect(init).toMatch(
      /^echo 'host replication postgres all scram-sha-256' >> "\$PGDATA\/pg_hba.conf"$/m,
    );
  });

  it('points both app replicas at it and leaves the workers and the default file on the primary', () => {
    for (const name of ['app', 'app-2']) {
      expect([name, replica[name].environment?.DATABASE_REPLICA_URL]).toEqual([
        name,
        expect.stringMatching(/@postgres-replica:5432\/dating$/),
      ]);
    }
    expect(replica.worker).toBeUndefined();
    expect(base['postgres-replica']).toBeUndefined();
    expect(base.app.environment?.DATABASE_REPLICA_URL).toBeUndefined();
  });
});
