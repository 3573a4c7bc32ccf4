/**
 * Baseline: the essence of GET /api/search.php for a member, as one hand-written SQL statement
 * through `pg` behind a bare Node HTTP server. It reads the `sid` cookie and hashes it like the
 * app, then one statement resolves the session, applies the list visibility rule (active
 * profile, confirmed account, not invisible, not the viewer, no block either way) and the
 * filters of the query string (gender, country, countryregion, min_age, max_age, with_photo,
 * online, distance from the viewer's city, cursor), and returns the page (24 cards with city,
 * region and main photo, most recently active first, keyset on (last_active_at, id)) and, on
 * page 1, the count up to 1,001. Like the app's, the statement is sent unnamed (planned for its
 * values every time). It answers the card fields the app answers,
 * with the stored photo file names instead of the app's signed URLs, and no similar profiles:
 * bench.ts checks that the ids, their order, the cursor and the count equal the app's.
 * Own process; prints `{"port":N}`. Env: DATABASE_URL, DB_POOL_SIZE.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sessionTokenHash } from './session-cookie.ts';

// Prisma keeps DateTime as `timestamp(3)` (no time zone) holding UTC
pg.types.setTypeParser(1114, (value: string) => new Date(`${value.replace(' ', 'T')}Z`));
// dates (date of birth) as text: the age is computed from the parts
pg.types.setTypeParser(1082, (value: string) => value);

const PAGE = 24;
const COUNT_CAP = 1000;
const ONLINE_MS = 5 * 60_000;
const EARTH_KM = 6371;

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
});

/** The UTC date `years` before today, as the app computes it. */
function yearsAgo(now: Date, years: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** A Date as a timestamp(3) holding UTC, as Prisma writes it. */
function utc(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age--;
  return age;
}

interface Row {
  total: string | null;
  id: number;
  name: string;
  gender: string;
  date_of_birth: string;
  country_code: string;
  fictional: boolean;
  last_active_at: Date;
  city: string | null;
  region: string | null;
  photo_id: number | null;
  filename: string | null;
}

/**
 * The statement for the filters present, in the shape of the app's list statement
 * (server/src/member-access/list-query.ts): the rows chosen from the list indexes alone, the
 * page's rows read last; a distance search probes each city within it in activity order. Here
 * the session and the cities within the distance are part of the one statement.
 */
function statement(query: URLSearchParams, tokenHash: string, now: Date) {
  const values: unknown[] = [tokenHash];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  // the list rule: an active profile (the database keeps it equivalent to "of a confirmed
  // account"), not invisible, not the viewer, no block either way (the viewer's blocks read once)
  const where: string[] = [
    `p.status = 'active'`,
    `NOT p.invisible`,
    `p.user_id <> (SELECT id FROM me)`,
    `p.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = (SELECT id FROM me)
       UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = (SELECT id FROM me))`,
  ];
  const gender = query.get('gender');
  if (gender) where.push(`p.gender = ${param(gender)}::"Gender"`);
  const country = query.get('country');
  if (country) where.push(`p.country_code = ${param(country.toUpperCase())}`);
  const region = query.get('countryregion');
  if (region) where.push(`p.region_id = ${param(Number(region))}`);
  const low = Number(query.get('min_age') ?? 0);
  const high = Number(query.get('max_age') ?? 0);
  if (low) where.push(`p.date_of_birth <= ${param(yearsAgo(now, low))}::date`);
  if (high) where.push(`p.date_of_birth > ${param(yearsAgo(now, high + 1))}::date`);
  const flag = (name: string) => ['1', 'true'].includes(query.get(name) ?? '');
  if (flag('with_photo')) where.push(`p.has_photo`);
  if (flag('online')) {
    where.push(`p.last_active_at >= ${param(utc(new Date(now.getTime() - ONLINE_MS)))}::timestamp`);
  }
  const km = Number(query.get('distance') ?? 0);
  let near = '';
  if (km) {
    // the cities within km of the viewer's city: a bounding box on the cities' (latitude,
    // longitude) index, then the great-circle distance
    const k = param(km);
    const deg = `${k}::float8 / ${EARTH_KM} * 180 / pi()`;
    near = `, near AS MATERIALIZED (
      SELECT c.id, c.country_code FROM cities c, home h
      WHERE c.latitude BETWEEN h.latitude - ${deg} AND h.latitude + ${deg}
        AND c.longitude BETWEEN h.longitude - ${deg} / greatest(0.01, cos(radians(h.latitude)))
                            AND h.longitude + ${deg} / greatest(0.01, cos(radians(h.latitude)))
        AND 2 * ${EARTH_KM} * asin(sqrt(
              sin(radians(c.latitude - h.latitude) / 2) ^ 2
              + cos(radians(h.latitude)) * cos(radians(c.latitude))
                * sin(radians(c.longitude - h.longitude) / 2) ^ 2)) <= ${k}::float8)`;
    if (!country) {
      where.push(`p.country_code = ANY(ARRAY(SELECT DISTINCT country_code FROM near))`);
    }
  }
  const cursor = query.get('cursor');
  let keyset: string | null = null;
  if (cursor) {
    const [at, id] = Buffer.from(cursor, 'base64url').toString().split('.').map(Number);
    keyset = `(p.last_active_at, p.id) < (${param(utc(new Date(at)))}::timestamp, ${param(id)})`;
  }
  const conditions = (extra: (string | null)[]) =>
    [...where, ...extra].filter((c): c is string => c !== null).join('\n      AND ');
  const order = 'ORDER BY p.last_active_at DESC, p.id DESC';
  const pageIds = km
    ? `SELECT x.id, x.last_active_at FROM near
      CROSS JOIN LATERAL (SELECT p.id, p.last_active_at FROM profiles p
        WHERE ${conditions(['p.city_id = near.id', keyset])} ${order} LIMIT ${PAGE + 1}) x
      ORDER BY x.last_active_at DESC, x.id DESC LIMIT ${PAGE + 1}`
    : `SELECT p.id, p.last_active_at FROM profiles p WHERE ${conditions([keyset])}
      ${order} LIMIT ${PAGE + 1}`;
  const cap = COUNT_CAP + 1;
  const total = cursor
    ? 'NULL'
    : km
      ? `(SELECT count(*) FROM (SELECT 1 FROM near CROSS JOIN LATERAL (SELECT 1 FROM profiles p
          WHERE ${conditions(['p.city_id = near.id'])} LIMIT ${cap}) x LIMIT ${cap}) n)`
      : `(SELECT count(*) FROM (SELECT 1 FROM profiles p WHERE ${conditions([])} LIMIT ${cap}) n)`;
  const text = `
    WITH me AS MATERIALIZED (
      SELECT s.user_id AS id FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND u.status NOT IN ('purged', 'banned')
    ), home AS MATERIALIZED (
      SELECT c.latitude, c.longitude FROM me JOIN profiles vp ON vp.user_id = me.id
      JOIN cities c ON c.id = vp.city_id
    )${near}, page AS (
      ${pageIds}
    )
    SELECT ${total} AS total, p.id, p.name, p.gender, p.date_of_birth, p.country_code,
           p.fictional, p.last_active_at, c.name AS city, r.name AS region,
           f.id AS photo_id, f.filename
    FROM page JOIN profiles p ON p.id = page.id
    LEFT JOIN cities c ON c.id = p.city_id
    LEFT JOIN regions r ON r.id = p.region_id
    LEFT JOIN photos f ON f.id = p.main_photo_id AND f.status = 'active'
    WHERE EXISTS (SELECT 1 FROM me)
    ORDER BY page.last_active_at DESC, page.id DESC`;
  // unnamed, like the app's list statement: planned for its values every time (a prepared
  // statement's generic plan is 10-100x slower for region and distance searches)
  return { query: { text, values }, first: !cursor };
}

async function search(url: string, cookie: string | undefined) {
  const tokenHash = sessionTokenHash(cookie);
  if (!tokenHash) return null;
  const now = new Date();
  const { query, first } = statement(new URL(url, 'http://x').searchParams, tokenHash, now);
  const { rows } = await pool.query<Row>(query);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  const counted = first ? Number(rows[0]?.total ?? 0) : 0;
  return {
    profiles: page.map((row) => ({
      id: row.id,
      name: row.name,
      age: ageOn(row.date_of_birth, now),
      gender: row.gender,
      country: row.country_code,
      region: row.region,
      city: row.city,
      fictional: row.fictional,
      online: now.getTime() - row.last_active_at.getTime() < ONLINE_MS,
      main_image: row.photo_id === null ? null : { id: row.photo_id, filename: row.filename },
    })),
    next_cursor:
      rows.length > PAGE && last
        ? Buffer.from(`${last.last_active_at.getTime()}.${last.id}`).toString('base64url')
        : null,
    num_results: Math.min(counted, COUNT_CAP),
    num_results_capped: counted > COUNT_CAP,
    similar: null,
  };
}

const server = http.createServer((req, res) => {
  search(req.url ?? '/', req.headers.cookie).then(
    (answer) => {
      res.statusCode = answer ? 200 : 403;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(answer ?? { error: 'authentication_required' }));
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
