/**
 * The chat bench's data, set-based (generate_series; never row by row through the API):
 *
 * - `count` chat members (`chat-<n>@bench.test`, default 5,000): confirmed, premium, a million
 *   credits, active NL profiles, about 70% with an approved main photo (rows only), and one live
 *   session each whose token is `chatbench-<n>-<salt>` (a new salt per run: the sessions of the
 *   run before are replaced), so the bench's socket clients and senders log in without 5,000
 *   logins;
 * - a conversation between member n and member n + count/2 (so every member has one partner);
 * - for the demo member (the polling rows): conversations with 20 chat members with a few
 *   messages each, some unread, and likes given and received with 30 others (some new).
 *
 * Returns the tokens and conversations the bench drives. A second run adds only what is missing.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { benchDatabaseUrl } from './harness.js';

export interface ChatBenchMember {
  n: number;
  userId: number;
  cookie: string;
  conversation: number;
}

/** bcrypt of a random, never-used password: these accounts log in only by their bench session. */
const NO_LOGIN_HASH = '$2b$12$C6UzMDM.H6dfI/f/IKxGhuK0WAbL2nC8L6mRk2iP2J.Hk3Qy5N1nG';
const DEMO_EMAIL = 'demo@vonkje.test';

export async function seedChat(
  count = 5_000,
  url = benchDatabaseUrl(),
): Promise<ChatBenchMember[]> {
  if (count % 2 !== 0) throw new Error('an even number of chat members');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const salt = randomBytes(9).toString('base64url');
  const started = Date.now();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL synchronous_commit = off`);
    await seedBenchMembers(client, 'chat', count, salt, 1_000_000);
    await client.query(
      `INSERT INTO photos (profile_id, filename, thumb_filename, status, width, height, moderated_at)
       SELECT p.id, 'chatb' || p.id || '-full.webp', 'chatb' || p.id || '-thumb.webp', 'active',
              800, 1000, now()
       FROM profiles p JOIN users u ON u.id = p.user_id
       WHERE u.email LIKE 'chat-%@bench.test' AND p.main_photo_id IS NULL AND p.id % 10 < 7
         AND NOT EXISTS (SELECT 1 FROM photos f WHERE f.profile_id = p.id)`,
    );
    await client.query(
      `UPDATE profiles p SET main_photo_id = f.id FROM photos f
       WHERE f.profile_id = p.id AND p.main_photo_id IS NULL AND f.filename LIKE 'chatb%'`,
    );
    // a conversation per pair (n, n + count/2)
    await client.query(
      `INSERT INTO conversations (user_low_id, user_high_id, initiator_id, created_at)
       SELECT least(a.id, b.id), greatest(a.id, b.id), a.id, now()
       FROM generate_series(1, $1::int / 2) g
       JOIN users a ON a.email = 'chat-' || g || '@bench.test'
       JOIN users b ON b.email = 'chat-' || (g + $1::int / 2) || '@bench.test'
       ON CONFLICT (user_low_id, user_high_id) DO NOTHING`,
      [count],
    );
    await client.query(
      `INSERT INTO conversation_participants (conversation_id, user_id)
       SELECT c.id, x.user_id FROM conversations c
       CROSS JOIN LATERAL (VALUES (c.user_low_id), (c.user_high_id)) x(user_id)
       JOIN users u ON u.id = c.initiator_id
       WHERE u.email LIKE 'chat-%@bench.test'
       ON CONFLICT DO NOTHING`,
    );
    await seedDemo(client);
    await client.query('COMMIT');
    await client.query('ANALYZE users; ANALYZE profiles; ANALYZE sessions; ANALYZE conversations');
    await client.query('ANALYZE conversation_participants; ANALYZE messages; ANALYZE likes');
    const { rows } = await client.query<{ n: number; user_id: number; conversation: number }>(
      `SELECT g AS n, u.id AS user_id, cp.conversation_id AS conversation
       FROM generate_series(1, $1::int) g
       JOIN users u ON u.email = 'chat-' || g || '@bench.test'
       JOIN conversation_participants cp ON cp.user_id = u.id
       JOIN conversations c ON c.id = cp.conversation_id
       -- this run's partner only: a data set seeded before with another count paired the same
       -- members differently, and their old conversations stay
       JOIN users o ON o.email = 'chat-' ||
           (CASE WHEN g <= $1::int / 2 THEN g + $1::int / 2 ELSE g - $1::int / 2 END) || '@bench.test'
         AND o.id = CASE WHEN c.user_low_id = u.id THEN c.user_high_id ELSE c.user_low_id END
       ORDER BY g`,
      [count],
    );
    console.log(
      `Chat bench data: ${count} members with sessions and ${count / 2} conversations ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return rows.map((row) => ({
      n: row.n,
      userId: row.user_id,
      cookie: `sid=chatbench-${row.n}-${salt}`,
      conversation: row.conversation,
    }));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * `count` bench members `<prefix>-<n>@bench.test` in the caller's transaction: confirmed, premium,
 * `credits` credits, active NL profiles (`Chat<n>` for prefix `chat`; women and men by turns),
 * and one live session each whose token is `<prefix>bench-<n>-<salt>` (the sessions of the run
 * before are replaced). They log in only by that session: `sid=<prefix>bench-<n>-<salt>`.
 */
export async function seedBenchMembers(
  client: pg.Client,
  prefix: string,
  count: number,
  salt: string,
  credits = 0,
): Promise<void> {
  const pattern = `${prefix}-%@bench.test`;
  await client.query(
    `INSERT INTO users (email, password_hash, status, credits, paid_user, language, signup_date,
                        confirmed_at, last_seen_at, created_at, updated_at)
     SELECT $3 || '-' || g || '@bench.test', $2, 'confirmed', $4, true, 'nl', now(), now(),
            now(), now(), now()
     FROM generate_series(1, $1::int) g
     ON CONFLICT (email) DO UPDATE SET credits = $4, status = 'confirmed', paid_user = true`,
    [count, NO_LOGIN_HASH, prefix, credits],
  );
  await client.query(
    `INSERT INTO notification_preferences (user_id, updated_at)
     SELECT id, now() FROM users WHERE email LIKE $1
     ON CONFLICT (user_id) DO NOTHING`,
    [pattern],
  );
  await client.query(
    `INSERT INTO profiles (user_id, name, status, gender, seeking_gender, date_of_birth,
                           country_code, last_active_at, created_at, updated_at)
     SELECT u.id, initcap($2) || substring(u.email from length($2) + 2
                                           for position('@' in u.email) - length($2) - 2),
            'active',
            CASE WHEN u.id % 2 = 0 THEN 'female'::"Gender" ELSE 'male'::"Gender" END,
            CASE WHEN u.id % 2 = 0 THEN 'male'::"Gender" ELSE 'female'::"Gender" END,
            (current_date - (365.25 * (20 + (u.id % 40)))::int)::date, 'NL', now(), now(), now()
     FROM users u
     WHERE u.email LIKE $1
       AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id)`,
    [pattern, prefix],
  );
  // this run's sessions
  await client.query(
    `DELETE FROM sessions s USING users u WHERE u.id = s.user_id AND u.email LIKE $1`,
    [pattern],
  );
  await client.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at, last_seen_at)
     SELECT gen_random_uuid(), u.id,
            encode(sha256(convert_to($3 || 'bench-' || g || '-' || $2, 'UTF8')), 'hex'),
            now() + interval '1 day', now()
     FROM generate_series(1, $1::int) g JOIN users u ON u.email = $3 || '-' || g || '@bench.test'`,
    [count, salt, prefix],
  );
}

/** The demo member's chats and likes for the polling rows (chats.php, likes.php). */
async function seedDemo(client: pg.Client): Promise<void> {
  const demo = await client.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [
    DEMO_EMAIL,
  ]);
  const demoId = demo.rows[0]?.id;
  if (demoId === undefined) throw new Error('no demo member: run the seed first');
  const partners = `SELECT id FROM users WHERE email LIKE 'chat-%@bench.test' ORDER BY id LIMIT 20`;
  await client.query(
    `INSERT INTO conversations (user_low_id, user_high_id, initiator_id, created_at)
     SELECT least($1::int, p.id), greatest($1::int, p.id), p.id, now() FROM (${partners}) p
     ON CONFLICT (user_low_id, user_high_id) DO NOTHING`,
    [demoId],
  );
  const convs = `SELECT c.id, CASE WHEN c.user_low_id = $1::int THEN c.user_high_id ELSE c.user_low_id END AS other
     FROM conversations c WHERE (c.user_low_id = $1::int OR c.user_high_id = $1::int)`;
  const inserted = await client.query(
    `INSERT INTO conversation_participants (conversation_id, user_id)
     SELECT x.id, y.user_id FROM (${convs}) x
     CROSS JOIN LATERAL (VALUES ($1::int), (x.other)) y(user_id)
     ON CONFLICT DO NOTHING RETURNING conversation_id`,
    [demoId],
  );
  if (inserted.rowCount === 0) return;
  // five messages in each (the partner writes the last three; two of them unread)
  await client.query(
    `INSERT INTO messages (conversation_id, sender_id, type, body, credits_cost, created_at, seq_at)
     SELECT x.id, CASE WHEN k <= 2 THEN $1::int ELSE x.other END, 'text',
            'Bericht ' || k || ' in gesprek ' || x.id, 10,
            now() - (6 - k) * interval '1 hour', now()
     FROM (${convs}) x CROSS JOIN generate_series(1, 5) k
     ORDER BY x.id, k`,
    [demoId],
  );
  await client.query(
    `UPDATE conversation_participants cp SET
       last_message_id = (SELECT max(id) FROM messages m WHERE m.conversation_id = cp.conversation_id),
       wrote_at = now(), -- both wrote (privacy mode)
       unread_count = CASE WHEN cp.user_id = $1::int THEN 2 ELSE 0 END,
       last_read_seq = CASE WHEN cp.user_id = $1::int THEN
         (SELECT seq FROM messages m WHERE m.conversation_id = cp.conversation_id ORDER BY id OFFSET 2 LIMIT 1)
         ELSE (SELECT max(seq) FROM messages m WHERE m.conversation_id = cp.conversation_id) END
     WHERE cp.conversation_id IN (SELECT id FROM (${convs}) x)`,
    [demoId],
  );
  // likes: the demo member likes 30 chat members, 30 others like the demo member (10 new)
  await client.query(
    `INSERT INTO likes (liker_id, liked_id, is_new, source, created_at)
     SELECT $1::int, id, false, 'profile', now() - row_number() OVER (ORDER BY id) * interval '1 minute'
     FROM users WHERE email LIKE 'chat-%@bench.test' ORDER BY id OFFSET 20 LIMIT 30
     ON CONFLICT DO NOTHING`,
    [demoId],
  );
  await client.query(
    `INSERT INTO likes (liker_id, liked_id, is_new, source, created_at)
     SELECT id, $1::int, row_number() OVER (ORDER BY id) <= 10, 'profile',
            now() - row_number() OVER (ORDER BY id) * interval '1 minute'
     FROM users WHERE email LIKE 'chat-%@bench.test' ORDER BY id OFFSET 40 LIMIT 30
     ON CONFLICT DO NOTHING`,
    [demoId],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const members = await seedChat(Number(process.argv[2] ?? 5_000));
  console.log(`${members.length} chat members ready`);
}
