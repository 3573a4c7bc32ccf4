/**
 * The operators' inbox row (`BENCH_ROWS=inbox`): BENCH_INBOX_WAITING (default 100,000) open
 * conversations waiting for a chat partner's reply, seeded set-based (generate_series): members
 * `inbox-<n>@bench.test` each writing one of 200 chat partners (fictional profiles), the
 * partner's greeting first and the member's message last; a staff operator signed in by a staff
 * session row of the bench (`ssid`; the sign-in with password and TOTP has its own tests). Then
 * GET /api/staff/inbox (first page) beside the same-run baseline (baselines/inbox-pg.ts: one
 * prepared statement behind a bare Node server, the same JSON, checked before it is measured).
 * Goal: p95 <= 50 ms. Beside them, GET /api/staff/me: a plain staff call (the staff session
 * lookup and one count), what every console request pays before its own work. A second run adds
 * only what is missing.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { INBOX_COUNT_CAP } from '@app/contract';
import { benchDatabaseUrl, startBaseline, type App } from './harness.js';
import type { LoadResult } from './load.js';

const WAITING = Number(process.env.BENCH_INBOX_WAITING ?? 100_000);
const PARTNERS = 200;
const NO_LOGIN_HASH = '$2b$12$C6UzMDM.H6dfI/f/IKxGhuK0WAbL2nC8L6mRk2iP2J.Hk3Qy5N1nG';
const GOAL_P95_MS = 50;

type Measure = (
  name: string,
  pid: number,
  url: string,
  headers?: Record<string, string>,
) => Promise<LoadResult & { errors: number; serverMs: number; dbMs: number; attempts: number }>;

/** Seeds the waiting conversations (once) and a fresh operator session; returns its cookie. */
async function seedInbox(url = benchDatabaseUrl()): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL synchronous_commit = off`);
    const users = (n: number, prefix: string) =>
      client.query(
        `INSERT INTO users (email, password_hash, status, language, signup_date, confirmed_at,
                            last_seen_at, created_at, updated_at)
         SELECT '${prefix}-' || g || '@bench.test', $2, 'confirmed', 'nl', now(), now(), now(),
                now(), now()
         FROM generate_series(1, $1::int) g
         ON CONFLICT (email) DO NOTHING`,
        [n, NO_LOGIN_HASH],
      );
    await users(WAITING, 'inbox');
    await users(PARTNERS, 'inboxpartner');
    await client.query(
      `INSERT INTO profiles (user_id, name, status, gender, seeking_gender, date_of_birth,
                             country_code, fictional, last_active_at, created_at, updated_at)
       SELECT u.id, CASE WHEN u.email LIKE 'inboxpartner-%' THEN 'Partner' ELSE 'Lid' END || u.id,
              'active',
              CASE WHEN u.id % 2 = 0 THEN 'female'::"Gender" ELSE 'male'::"Gender" END,
              CASE WHEN u.id % 2 = 0 THEN 'male'::"Gender" ELSE 'female'::"Gender" END,
              (current_date - (365.25 * (20 + (u.id % 40)))::int)::date, 'NL',
              u.email LIKE 'inboxpartner-%', now(), now(), now()
       FROM users u
       WHERE u.email LIKE 'inbox%@bench.test'
         AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id)`,
    );
    const made = await client.query(
      `INSERT INTO conversations (user_low_id, user_high_id, initiator_id, created_at,
                                  awaiting_reply_since)
       SELECT least(m.id, p.id), greatest(m.id, p.id), m.id, now() - interval '2 days',
              now() - interval '1 day' + g * interval '1 second'
       FROM generate_series(1, $1::int) g
       JOIN users m ON m.email = 'inbox-' || g || '@bench.test'
       JOIN users p ON p.email = 'inboxpartner-' || (g % ${PARTNERS} + 1) || '@bench.test'
       ON CONFLICT (user_low_id, user_high_id) DO NOTHING
       RETURNING id, initiator_id AS member,
         CASE WHEN user_low_id = initiator_id THEN user_high_id ELSE user_low_id END AS partner`,
      [WAITING],
    );
    if (made.rowCount) {
      await client.query(`CREATE TEMP TABLE inbox_new (id int, member int, partner int)`);
      await client.query(
        `INSERT INTO inbox_new SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
        [
          made.rows.map((r: { id: number }) => r.id),
          made.rows.map((r: { member: number }) => r.member),
          made.rows.map((r: { partner: number }) => r.partner),
        ],
      );
      await client.query(
        `INSERT INTO conversation_participants (conversation_id, user_id)
         SELECT id, member FROM inbox_new UNION ALL SELECT id, partner FROM inbox_new
         ON CONFLICT DO NOTHING`,
      );
      // the partner's greeting, then the member's message (the last one: waiting for a reply)
      await client.query(
        `INSERT INTO messages (conversation_id, sender_id, type, body, created_at, seq_at)
         SELECT x.id, CASE WHEN k = 1 THEN x.partner ELSE x.member END, 'text',
                CASE WHEN k = 1 THEN 'Hoi, leuk dat je schrijft!'
                     ELSE 'Hoi! Zin om een keer af te spreken? (' || x.id || ')' END,
                now() - interval '1 day' - (3 - k) * interval '1 minute', now()
         FROM inbox_new x CROSS JOIN generate_series(1, 2) k
         ORDER BY x.id, k`,
      );
    }
    // the operator and this run's session
    const token = `inboxbench-${randomBytes(18).toString('base64url')}`;
    const operator = await client.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, status, roles, staff_name, language, signup_date,
                          confirmed_at, last_seen_at, created_at, updated_at)
       VALUES ('inbox-operator@bench.test', $1, 'confirmed', '{operator}', 'Bench operator', 'nl',
               now(), now(), now(), now(), now())
       ON CONFLICT (email) DO UPDATE SET status = 'confirmed'
       RETURNING id`,
      [NO_LOGIN_HASH],
    );
    await client.query(`DELETE FROM staff_sessions WHERE user_id = $1`, [operator.rows[0].id]);
    await client.query(
      `INSERT INTO staff_sessions (id, user_id, token_hash, roles, created_at, expires_at, last_seen_at)
       SELECT gen_random_uuid(), u.id, encode(sha256(convert_to($2, 'UTF8')), 'hex'), u.roles,
              now(), now() + interval '4 hours', now()
       FROM users u WHERE u.id = $1`,
      [operator.rows[0].id, token],
    );
    await client.query('COMMIT');
    // as autovacuum would have it in production (visibility map set, statistics fresh)
    for (const table of ['users', 'profiles', 'conversations', 'messages']) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    console.log(
      `Inbox bench data: ${WAITING} waiting conversations (${made.rowCount} new), ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return `ssid=${token}`;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function json(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/**
 * Seeds, checks the baseline answers what the app answers, measures both and prints the
 * table. Throws on errors, on a different answer, or fewer waiting than seeded.
 */
export async function inboxRows(app: App, measure: Measure): Promise<void> {
  const headers = { cookie: await seedInbox() };
  const appUrl = `${app.base}/api/staff/inbox`;
  const first = (await json(appUrl, headers)) as {
    waiting: number;
    waiting_capped: boolean;
    conversations: unknown[];
  };
  // the count stops at INBOX_COUNT_CAP: beyond it the answer says so instead of counting on
  const expected = Math.min(WAITING, INBOX_COUNT_CAP);
  if (first.waiting < expected || first.waiting_capped !== WAITING > INBOX_COUNT_CAP) {
    throw new Error(
      `the inbox has only ${first.waiting} waiting (capped: ${first.waiting_capped})`,
    );
  }
  const baseline = await startBaseline('inbox-pg.ts');
  let own;
  try {
    const [mine, theApp] = await Promise.all([
      json(`http://127.0.0.1:${baseline.port}/`, headers),
      json(appUrl, headers),
    ]);
    if (!isDeepStrictEqual(mine, theApp)) {
      throw new Error(
        `the inbox baseline answers ${JSON.stringify(mine)}, the app ${JSON.stringify(theApp)}: ` +
          'update tests/perf/baselines/inbox-pg.ts',
      );
    }
    own = await measure(
      'baseline: inbox, one prepared pg statement',
      baseline.pid,
      `http://127.0.0.1:${baseline.port}/`,
      headers,
    );
  } finally {
    await baseline.stop();
  }
  const row = await measure(
    'GET /api/staff/inbox (first page)',
    app.child.pid as number,
    appUrl,
    headers,
  );
  // a plain staff call: the staff session lookup and the recovery codes left (one count)
  const me = await measure(
    'GET /api/staff/me (operator)',
    app.child.pid as number,
    `${app.base}/api/staff/me`,
    headers,
  );
  console.log(
    `\nOperators' inbox: ${WAITING.toLocaleString('en')} waiting (the answer counts ` +
      `${first.waiting.toLocaleString('en')}${first.waiting_capped ? '+' : ''}), first page of ` +
      `${first.conversations.length}. Goal: p95 <= ${GOAL_P95_MS} ms.\n`,
  );
  console.log(
    '| inbox | req/s | p50 ms | p95 ms | p99 ms | errors | server CPU µs/req | ' +
      'PostgreSQL CPU µs/req | × baseline req/s | p95 ÷ baseline p95 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of [own, row, me]) {
    const us = (ms: number) => ((ms * 1000) / r.requests).toFixed(0);
    console.log(
      `| ${r === own ? 'baseline' : r === me ? 'app: GET /api/staff/me' : 'app'}${r.attempts > 1 ? ` (measured ${r.attempts}×)` : ''} | ` +
        `${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ` +
        `${r.errors} | ${us(r.serverMs)} | ${us(r.dbMs)} | ${(r.rps / own.rps).toFixed(3)} | ` +
        `${(r.p95 / own.p95).toFixed(3)} |`,
    );
  }
  if (own.errors + row.errors + me.errors > 0) throw new Error('the inbox rows had errors');
}
