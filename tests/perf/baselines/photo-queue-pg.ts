/**
 * Baseline: the essence of GET /api/staff/inspection/photos: the staff session (`ssid`, its
 * SHA-256 looked up with the account's status and roles), then the queue's first page (in the
 * desk's order: pre-screening) and its length as two prepared statements through `pg` behind a bare Node HTTP server, with the same
 * signed private thumbnail URLs. bench.ts checks it answers the app's JSON before measuring.
 * Own process; prints `{"port":N}`. Env: DATABASE_URL, DB_POOL_SIZE, MEDIA_SECRET.
 */
import { createHash, createHmac, createSecretKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

pg.types.setTypeParser(1114, (value: string) => new Date(`${value.replace(' ', 'T')}Z`));

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
});
const key = createSecretKey(Buffer.from(process.env.MEDIA_SECRET ?? '', 'utf8'));

function staffToken(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const pair = part.trim();
    if (pair.startsWith('ssid=')) return pair.slice(5);
  }
  return null;
}

function thumb(filename: string): string {
  const file = `${filename.replace(/-full\.webp$/, '')}-thumb.webp`;
  const expires = (Math.floor(Date.now() / 1000 / 3600) + 2) * 3600;
  const signature = createHmac('sha256', key)
    .update(`photos/${file}\n${expires}\nprivate`)
    .digest('base64url')
    .slice(0, 32);
  return `/media/photos/${file}?e=${expires}&v=o&s=${signature}`;
}

async function answer(header: string | undefined): Promise<unknown> {
  const token = staffToken(header);
  if (!token) return null;
  const session = await pool.query<{ expires_at: Date; status: string; roles: string }>({
    name: 'staff-session',
    text: `SELECT s.expires_at, u.status, u.roles::text AS roles
           FROM staff_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`,
    values: [createHash('sha256').update(token).digest('hex')],
  });
  const row = session.rows[0];
  if (!row || row.expires_at.getTime() <= Date.now() || row.status !== 'confirmed') return null;
  if (!/moderator|admin/.test(row.roles)) return null;
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  const [page, stats] = await Promise.all([
    pool.query<{
      id: number;
      filename: string;
      created_at: Date;
      profile_id: number;
      name: string;
      claimed: boolean;
      risk: number | null;
      scores: Record<string, number> | null;
      abuse_match: boolean | null;
      scored_at: Date | null;
      screened: boolean;
    }>({
      name: 'queue',
      // the desk's order: an abuse-hash match, the riskiest, a photo unscored for 120 s as risk 1
      text: `SELECT f.id, f.filename, f.created_at, p.id AS profile_id, p.name,
                    (f.claimed_until IS NOT NULL AND f.claimed_until > $1) AS claimed,
                    s.risk, s.scores, s.abuse_match, s.scored_at, (s.id IS NOT NULL) AS screened
             FROM photos f JOIN profiles p ON p.id = f.profile_id
             LEFT JOIN photo_screenings s ON s.photo_id = f.id
             WHERE f.status = 'under_inspection'
             ORDER BY COALESCE(s.abuse_match, false) DESC,
                      COALESCE(s.risk, CASE WHEN f.created_at <= $1::timestamp
                        - interval '120 seconds' THEN 1 ELSE -1 END) DESC,
                      f.created_at, f.id LIMIT 20`,
      values: [now],
    }),
    pool.query<{ waiting: number; oldest_at: Date | null }>({
      name: 'stats',
      text: `SELECT count(*)::int AS waiting, min(created_at) AS oldest_at
             FROM photos WHERE status = 'under_inspection'`,
    }),
  ]);
  return {
    photos: page.rows.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      profile: { id: r.profile_id, name: r.name },
      thumb_url: thumb(r.filename),
      claimed: r.claimed,
      screening: r.screened
        ? {
            risk: r.risk,
            scores: r.scores,
            abuse_match: r.abuse_match ?? false,
            scored_at: r.scored_at ? r.scored_at.toISOString() : null,
          }
        : null,
    })),
    stats: {
      waiting: stats.rows[0].waiting,
      oldest_at: stats.rows[0].oldest_at ? stats.rows[0].oldest_at.toISOString() : null,
    },
  };
}

const server = http.createServer((req, res) => {
  answer(req.headers.cookie).then(
    (body) => {
      res.statusCode = body === null ? 403 : 200;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(body));
    },
    (error: unknown) => {
      console.error(error);
      res.statusCode = 500;
      res.end();
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => process.exit(0));
