import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_LOGIN } from '../../prisma/seed/index';
import { runSeed } from './helpers/databases';
import { createTestDatabase } from './helpers/test-app';

/**
 * The lived-in demo (prisma/seed/demo-life.ts) as `npm run db:seed` writes it into fresh copies
 * of the test database (reference data only): repeatable to the row, true to the invariants the
 * services keep, and never in production.
 */
describe('the lived-in demo seed', () => {
  // each seed renders ~80 avatars in a child process: tens of seconds on a busy machine
  jest.setTimeout(180_000);
  let storage: string;
  const drops: (() => Promise<void>)[] = [];
  beforeAll(() => {
    storage = mkdtempSync(path.join(tmpdir(), 'demo-seed-'));
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(storage, { recursive: true, force: true });
  });

  async function freshDatabase(): Promise<string> {
    const { url, drop } = await createTestDatabase();
    drops.push(drop);
    return url;
  }

  const seed = (url: string, env: Record<string, string>) => runSeed(url, storage, env);

  async function query<T extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Every table's rows, as one digest per table. */
  async function digests(url: string): Promise<Record<string, string>> {
    const tables = await query<{ name: string }>(
      url,
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const found: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = await query<{ digest: string; count: string }>(
        url,
        `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest,
           count(*) AS count FROM "${name}" t`,
      );
      found[name] = `${row.count} ${row.digest}`;
    }
    return found;
  }

  let seeded: string;

  it('changes no row of any table when seeded a second time', async () => {
    seeded = await freshDatabase();
    const first = seed(seeded, { NODE_ENV: 'development' });
    expect(first).toContain('Demo activity');
    const before = await digests(seeded);
    expect(before.messages).not.toMatch(/^0 /);

    const second = seed(seeded, { NODE_ENV: 'development' });
    expect(second).not.toContain('Demo activity');
    expect(await digests(seeded)).toEqual(before);
  });

  it('gives the demo login photos, unread conversations, a match and a paid purchase, as the services write them', async () => {
    const [demo] = await query<{ id: number; credits: number; paid_user: boolean; photo: string }>(
      seeded,
      `SELECT u.id, u.credits, u.paid_user, ph.status AS photo FROM users u
       JOIN profiles p ON p.user_id = u.id JOIN photos ph ON ph.id = p.main_photo_id
       WHERE u.email = $1`,
      [DEMO_LOGIN.email],
    );
    expect(demo).toMatchObject({ paid_user: true, photo: 'active' });
    const photos = await query(
      seeded,
      `SELECT 1 FROM photos WHERE profile_id =
      (SELECT id FROM profiles WHERE user_id = $1) AND status = 'active'`,
      [demo.id],
    );
    expect(photos).toHaveLength(3);
    const chats = await query<{ unread_count: number }>(
      seeded,
      `SELECT unread_count FROM conversation_participants WHERE user_id = $1`,
      [demo.id],
    );
    expect(chats.length).toBeGreaterThanOrEqual(3);
    expect(chats.filter((c) => c.unread_count > 0).length).toBeGreaterThanOrEqual(2);
    const kinds = await query<{ type: string }>(
      seeded,
      `SELECT DISTINCT type::text FROM messages WHERE sender_id = $1`,
      [demo.id],
    );
    expect(kinds.map((k) => k.type).sort()).toEqual(['gift', 'photo', 'text']);
    const matches = await query(
      seeded,
      `SELECT 1 FROM likes a JOIN likes b ON b.liker_id = a.liked_id AND b.liked_id = a.liker_id
       WHERE a.liker_id = $1`,
      [demo.id],
    );
    expect(matches.length).toBeGreaterThanOrEqual(1);
    const [payment] = await query<{ status: string; invoice_number: number | null }>(
      seeded,
      `SELECT status::text, invoice_number FROM payments WHERE user_id = $1`,
      [demo.id],
    );
    expect(payment.status).toBe('paid');
    expect(payment.invoice_number).not.toBeNull();
    expect(demo.credits).toBeGreaterThan(0);

    // every balance is its ledger's sum, and each row's balance_after is the running sum
    const books = await query(
      seeded,
      `SELECT u.id FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id
       GROUP BY u.id HAVING u.credits <> coalesce(sum(l.delta), 0)
       UNION ALL
       SELECT l.id FROM credit_ledger l WHERE l.balance_after <> (SELECT sum(delta)
         FROM credit_ledger e WHERE e.user_id = l.user_id AND e.id <= l.id)`,
    );
    expect(books).toEqual([]);
    // unread counts and newest messages are those the messages give
    const counters = await query(
      seeded,
      `SELECT cp.conversation_id FROM conversation_participants cp
       JOIN conversations c ON c.id = cp.conversation_id
       WHERE cp.unread_count <> (SELECT count(*) FROM messages m WHERE m.conversation_id =
           cp.conversation_id AND m.sender_id <> cp.user_id AND m.seq > cp.last_read_seq)
         OR cp.last_message_id <> (SELECT max(id) FROM messages m
           WHERE m.conversation_id = cp.conversation_id)
         OR c.last_message_at <> (SELECT max(created_at) FROM messages m
           WHERE m.conversation_id = c.id)`,
    );
    expect(counters).toEqual([]);
    // every photo and chat photo has its files
    const files = new Set([
      ...readdirSync(path.join(storage, 'photos')),
      ...readdirSync(path.join(storage, 'chat')),
    ]);
    const named = await query<{ name: string }>(
      seeded,
      `SELECT filename AS name FROM photos UNION ALL SELECT thumb_filename FROM photos
       UNION ALL SELECT image_filename FROM messages WHERE image_filename IS NOT NULL`,
    );
    expect(named.filter((n) => !files.has(n.name))).toEqual([]);
  });

  it('leaves staff work waiting: photos under inspection, an open complaint, members waiting for a chat pal', async () => {
    const [waiting] = await query<{ photos: string; complaints: string; queue: string }>(
      seeded,
      `SELECT (SELECT count(*) FROM photos WHERE status = 'under_inspection') AS photos,
         (SELECT count(*) FROM complaints WHERE status = 'open') AS complaints,
         (SELECT count(*) FROM conversations WHERE awaiting_reply_since IS NOT NULL) AS queue`,
    );
    expect(Number(waiting.photos)).toBeGreaterThan(0);
    expect(Number(waiting.complaints)).toBeGreaterThan(0);
    expect(Number(waiting.queue)).toBeGreaterThan(0);
  });

  it('creates no demo account and no activity in production without ALLOW_DEMO_SEED', async () => {
    const url = await freshDatabase();
    const out = seed(url, { NODE_ENV: 'production', SEED_DEMO: 'true' });
    expect(out).toContain('No demo accounts');
    expect(out).not.toContain(DEMO_LOGIN.password);
    const [counts] = await query<Record<string, string>>(
      url,
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM photos) AS photos,
         (SELECT count(*) FROM conversations) AS conversations,
         (SELECT count(*) FROM messages) AS messages, (SELECT count(*) FROM likes) AS likes,
         (SELECT count(*) FROM payments) AS payments,
         (SELECT count(*) FROM credit_ledger) AS ledger,
         (SELECT count(*) FROM complaints) AS complaints`,
    );
    expect(Object.values(counts).map(Number)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
