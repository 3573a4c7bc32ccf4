/**
 * What the session-reading baselines share (plain `node`, types stripped; no server code): the
 * pool, the session lookup of session-pg.ts reduced to the viewer's id, signed photo URLs, a
 * member card exactly as the app presents it (age, online, the main image with signed URLs of
 * the same key), and a tiny HTTP server. The bench passes the app's MEDIA_SECRET, so the URLs are the app's.
 */
import { createHmac, createSecretKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sessionTokenHash } from './session-cookie.ts';

// Prisma keeps DateTime as `timestamp(3)` (no time zone) holding UTC
pg.types.setTypeParser(1114, (value: string) => new Date(`${value.replace(' ', 'T')}Z`));
// date_of_birth (date) as a UTC midnight, as Prisma reads it
pg.types.setTypeParser(1082, (value: string) => new Date(`${value}T00:00:00Z`));

export const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
});

const key = createSecretKey(Buffer.from(process.env.MEDIA_SECRET ?? '', 'utf8'));
const ONLINE_MS = 5 * 60_000;

/** The viewer's user id of a Cookie header (a live session of a member who may log in). */
export async function viewerId(header: string | undefined): Promise<number | null> {
  const tokenHash = sessionTokenHash(header);
  if (!tokenHash) return null;
  const { rows } = await pool.query<{ user_id: number; expires_at: Date; status: string }>({
    name: 'session',
    text: `SELECT s.user_id, s.expires_at, u.status FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1`,
    values: [tokenHash],
  });
  const row = rows[0];
  if (!row || row.expires_at.getTime() <= Date.now()) return null;
  return row.status === 'purged' || row.status === 'banned' ? null : row.user_id;
}

/**
 * The signed, expiring URL of a photo's file of this size, as the app's MediaSigner signs it:
 * `public` for other members (cards, pages), `private` for the owner (GET /api/user.php).
 */
export function photoUrl(
  filename: string,
  size: string,
  scope: 'public' | 'private' = 'public',
): string {
  const file = `${filename.replace(/-(full|card|thumb|locked)\.webp$/, '')}-${size}.webp`;
  const expires = (Math.floor(Date.now() / 1000 / 3600) + 2) * 3600;
  const signature = createHmac('sha256', key)
    .update(`photos/${file}\n${expires}\n${scope}`)
    .digest('base64url')
    .slice(0, 32);
  return `/media/photos/${file}?e=${expires}&v=${scope === 'public' ? 'a' : 'o'}&s=${signature}`;
}

export interface CardRow {
  profile_id: number;
  name: string;
  date_of_birth: Date;
  gender: string;
  country_code: string;
  region: string | null;
  city: string | null;
  fictional: boolean;
  verified: boolean;
  last_active_at: Date;
  privacy_mode: boolean;
  photo_id: number | null;
  filename: string | null;
  photo_status: string | null;
}

/** Whole years from a date of birth to now (UTC), as the app's ageOn counts them. */
export function ageOn(dateOfBirth: Date, now: Date): number {
  let age = now.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  if (
    now.getUTCMonth() < dateOfBirth.getUTCMonth() ||
    (now.getUTCMonth() === dateOfBirth.getUTCMonth() && now.getUTCDate() < dateOfBirth.getUTCDate())
  ) {
    age -= 1;
  }
  return age;
}

/**
 * The owner wrote to the viewer (a visible message since they last removed the conversation),
 * for a list that already excludes blocks either way: the privacy-mode partner.
 */
export const wroteSql = (owner: string, viewer: string) => `EXISTS (SELECT 1
    FROM conversation_participants pw
    WHERE pw.conversation_id = (SELECT pc.id FROM conversations pc
        WHERE pc.user_low_id = LEAST(${owner}, ${viewer}) AND pc.user_high_id = GREATEST(${owner}, ${viewer}))
      AND pw.user_id = ${owner} AND pw.wrote_at IS NOT NULL)`;

/** The card of member.presenter / card.presenter; `full`: the viewer may see the main photo. */
export function card(row: CardRow, full: boolean, now = new Date()) {
  let mainImage = null;
  if (row.photo_id !== null && row.filename !== null && row.photo_status === 'active') {
    mainImage = full
      ? {
          id: row.photo_id,
          filename: photoUrl(row.filename, 'card'),
          thumb_filename: photoUrl(row.filename, 'thumb'),
          status: 'active',
          match: photoUrl(row.filename, 'card'),
          locked: false,
        }
      : {
          id: row.photo_id,
          filename: photoUrl(row.filename, 'locked'),
          thumb_filename: photoUrl(row.filename, 'locked'),
          status: 'active',
          match: photoUrl(row.filename, 'locked'),
          locked: true,
        };
  }
  return {
    id: row.profile_id,
    name: row.name,
    age: ageOn(row.date_of_birth, now),
    gender: row.gender,
    country: row.country_code,
    region: row.region,
    city: row.city,
    fictional: row.fictional,
    // a chat pal is never verified
    verified: row.verified && !row.fictional,
    online: now.getTime() - row.last_active_at.getTime() < ONLINE_MS,
    main_image: mainImage,
  };
}

/** The card's columns, for a profile `p` (with its user `u`) in a query. */
export const CARD_COLUMNS = `p.id AS profile_id, p.name, p.date_of_birth, p.gender::text AS gender,
  p.country_code, r.name AS region, c.name AS city, p.fictional, p.verified, p.last_active_at, p.privacy_mode,
  ph.id AS photo_id, ph.filename, ph.status::text AS photo_status`;
export const CARD_JOINS = `LEFT JOIN regions r ON r.id = p.region_id
  LEFT JOIN cities c ON c.id = p.city_id
  LEFT JOIN photos ph ON ph.id = p.main_photo_id`;

/**
 * Serves `answer(viewer, url)` as JSON; prints `{"port":N}` once it listens. `viewerOf`: the
 * viewer of a Cookie header (default: a member's session).
 */
export function serve(
  answer: (viewer: number, url: string) => Promise<unknown>,
  viewerOf: (cookie: string | undefined) => Promise<number | null> = viewerId,
): void {
  const server = http.createServer((req, res) => {
    viewerOf(req.headers.cookie)
      .then((viewer) => (viewer === null ? null : answer(viewer, req.url ?? '/')))
      .then(
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
}
