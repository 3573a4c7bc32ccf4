import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Prisma } from '../src/generated/prisma/client';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { queryRows } from '../src/prisma/sql';
import { seedTestMember } from './helpers/accounts';
import { chatMember, sendText } from './helpers/chat';
import { REPO_ROOT, runScript } from './helpers/databases';
import {
  pgbouncerBinary,
  pgbouncerVersion,
  startPgBouncer,
  type PgBouncer,
} from './helpers/pgbouncer';
import { connect, eventually, listening } from './helpers/sockets';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The API behind a real PgBouncer (Debian's package) in session mode, as docker-compose.yml runs
 * it (docs/operations.md, "Connection pooler"): the requests' statements, Prisma's and the named
 * prepared ones, go through it; the realtime LISTEN and the migrations go to PostgreSQL itself
 * (DATABASE_DIRECT_URL).
 */
const binary = pgbouncerBinary();

if (!binary) {
  console.warn(
    'PgBouncer NOT TESTED: pgbouncer is not installed (Debian: apt-get install pgbouncer; .ci/run installs it)',
  );
}

const title = binary
  ? `the API behind PgBouncer ${pgbouncerVersion(binary)} in session mode`
  : 'the API behind PgBouncer: SKIPPED, pgbouncer is not installed (apt-get install pgbouncer)';

(binary ? describe : describe.skip)(title, () => {
  let bouncer: PgBouncer;
  let t: TestApp;
  beforeAll(async () => {
    bouncer = await startPgBouncer(binary ?? 'pgbouncer', { poolMode: 'session' });
    t = await createTestApp(
      { RATE_LIMIT_MESSAGES_PER_MINUTE: '1000', SOCKET_SESSION_CHECK_MS: '60000' },
      { via: { pooler: bouncer } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await bouncer?.stop();
  });

  /** PgBouncer's own count of what went through it to this test's database (SHOW STATS). */
  async function pooledQueries(): Promise<number> {
    const admin = new pg.Client({
      host: '127.0.0.1',
      port: bouncer.port,
      user: new URL(t.databaseUrl).username || 'postgres',
      database: 'pgbouncer',
    });
    await admin.connect();
    try {
      const stats = await admin.query<{ database: string; total_query_count: string }>(
        'SHOW STATS',
      );
      const name = new URL(t.databaseUrl).pathname.slice(1);
      return Number(stats.rows.find((row) => row.database === name)?.total_query_count ?? 0);
    } finally {
      await admin.end();
    }
  }

  it('reaches PostgreSQL through PgBouncer and LISTENs on PostgreSQL itself', async () => {
    expect(t.config.DATABASE_URL).toContain(`:${bouncer.port}/`);
    expect(t.config.DATABASE_DIRECT_URL).toBe(t.databaseUrl);
    await eventually(
      () => (t.app.get(RealtimeGateway) as unknown as { listener: unknown }).listener !== null,
    );
    const listener = (t.app.get(RealtimeGateway) as unknown as { listener: pg.Client }).listener;
    expect(listener.port).toBe(Number(new URL(t.databaseUrl).port || 5432));
  });

  it('logs a member in, searches and sends a paid message through it, the ledger row with the debit', async () => {
    const before = await pooledQueries();
    const me = await chatMember(t, { credits: 100, country: 'IE', gender: 'male' });
    const her = await seedTestMember(t, { country: 'IE', gender: 'female', age: 30 });
    const found = await t
      .http()
      .get('/api/search.php?gender=female&country=IE')
      .set('Cookie', me.cookie)
      .expect(200);
    expect(found.body.profiles.map((p: { id: number }) => p.id)).toContain(her.profile.id);

    const sent = await sendText(t, me, { member: her.profile.id }, 'Hoi via de pooler').expect(201);
    expect(sent.body.credits).toBe(90);
    const rows = await t.prisma.creditLedgerEntry.findMany({ where: { userId: me.user.id } });
    expect(rows).toEqual([
      expect.objectContaining({ delta: -10, reason: 'message', balanceAfter: 90 }),
    ]);
    // every one of those statements went through PgBouncer
    expect(await pooledQueries()).toBeGreaterThan(before + 10);
    expect(bouncer.log()).not.toMatch(/unsupported startup parameter/);
  });

  it('keeps named prepared statements for the life of a pooled connection', async () => {
    const client = await t.prisma.pool.connect();
    try {
      const statement = Prisma.sql`SELECT ${41}::int + 1 AS answer`;
      for (let i = 0; i < 3; i += 1) {
        expect(await queryRows<{ answer: number }>(client, statement, 'pooler-probe')).toEqual([
          { answer: 42 },
        ]);
      }
      const prepared = await client.query<{ name: string }>(
        'SELECT name FROM pg_prepared_statements',
      );
      expect(prepared.rows.map((row) => row.name)).toContain('pooler-probe');
    } finally {
      client.release();
    }
  });

  it('sets the time limits as SET statements of the session, which PgBouncer passes on', async () => {
    const ms = `${t.config.DB_STATEMENT_TIMEOUT_MS}ms`;
    const show = Prisma.sql`SHOW statement_timeout`;
    const [pool] = await queryRows<{ statement_timeout: string }>(t.prisma.pool, show);
    const [prisma] = await t.prisma.$queryRaw<{ statement_timeout: string }[]>(show);
    const [transaction] = await t.prisma.$transaction((tx) =>
      tx.$queryRaw<{ statement_timeout: string }[]>(show),
    );
    expect([pool, prisma, transaction].map((row) => row?.statement_timeout)).toEqual([ms, ms, ms]);
    const [idle] = await queryRows<{ idle_in_transaction_session_timeout: string }>(
      t.prisma.pool,
      Prisma.sql`SHOW idle_in_transaction_session_timeout`,
    );
    expect(idle?.idle_in_transaction_session_timeout).toMatch(/^\d+s$/);
  });

  it("ends a logged-out session's open tab: the ended session's NOTIFY, written through PgBouncer, reaches the direct LISTEN", async () => {
    const base = await listening(t);
    const member = await chatMember(t);
    const tab = await connect(base, member.cookie);
    try {
      await t
        .http()
        .get('/api/logout.php')
        .set('Cookie', member.cookie)
        .set('X-Request-Type', 'client')
        .expect(200);
      await eventually(() => !tab.socket.connected, 10_000);
    } finally {
      tab.close();
    }
  });

  it('migrates through DATABASE_DIRECT_URL even when DATABASE_URL leads nowhere', () => {
    const nowhere = new URL(t.databaseUrl);
    nowhere.port = '9';
    const run = runScript('prisma/migrate.ts', ['deploy'], {
      DATABASE_URL: nowhere.toString(),
      DATABASE_DIRECT_URL: t.databaseUrl,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Database is up to date.');
    expect(run.status).toBe(0);
  });
});

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return entry === 'generated' ? [] : sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

describe('what a transaction pooler would break', () => {
  it('takes every advisory lock for a transaction only, never for a session (one server connection of a pooler)', () => {
    const sessionLocks = sources(path.join(REPO_ROOT, 'server/src')).filter((file) =>
      /pg_(try_)?advisory_(lock|unlock|lock_shared)\s*\(/i.test(readFileSync(file, 'utf8')),
    );
    expect(sessionLocks).toEqual([]);
  });

  it('LISTENs only in the realtime gateway, on DATABASE_DIRECT_URL', () => {
    const listens = sources(path.join(REPO_ROOT, 'server/src')).filter(
      (file) => /['`]LISTEN /.test(readFileSync(file, 'utf8')) && !file.endsWith('.spec.ts'),
    );
    expect(listens.map((file) => path.relative(REPO_ROOT, file))).toEqual([
      'server/src/realtime/realtime.gateway.ts',
    ]);
    const gateway = readFileSync(listens[0] ?? '', 'utf8');
    expect(gateway).toMatch(/connectionString: directDatabaseUrl\(this\.config\)/);
  });
});
