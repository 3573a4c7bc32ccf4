/**
 * Baseline: the essence of GET /api/search.php for a member: after the session lookup (common.ts),
 * the result set as one hand-written SQL statement through `pg` behind a bare Node HTTP server.
 * The statement applies the list visibility rule and the query string's filters (gender,
 * country, countryregion, min_age, max_age, with_photo, verified, online, distance from the viewer's city,
 * cursor) and returns the page (24 cards with city, region and main photo, most recently active
 * first, keyset on (last_active_at, id)) and, on page 1, the count up to 1,001; the cities within
 * a distance are found inside the same statement. It answers the same JSON as the app (cards with
 * the same signed photo URLs; no similar profiles, which the bench's searches never need):
 * bench.ts checks that before it measures. Like the app's, the statement is sent unnamed
 * (planned for its values every time). Own process; prints `{"port":N}`.
 * Env: DATABASE_URL, DB_POOL_SIZE, MEDIA_SECRET.
 */
import { CARD_COLUMNS, CARD_JOINS, card, pool, serve, type CardRow } from './common.ts';

const PAGE = 24;
const COUNT_CAP = 1000;
const ONLINE_MS = 5 * 60_000;
const EARTH_KM = 6371;

/** The UTC date `years` before today, as the app computes it. */
function yearsAgo(now: Date, years: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** A Date as a timestamp(3) holding UTC, as Prisma writes it. */
function utc(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

interface Row extends CardRow {
  total: string | null;
  partner: boolean;
}

/**
 * The statement for the filters present, in the shape of the app's list statement
 * (server/src/member-access/list-query.sql.ts): the rows chosen from the list indexes alone, the
 * page's rows read last; a distance search probes each city within it in activity order.
 */
function statement(query: URLSearchParams, viewer: number, now: Date) {
  const values: unknown[] = [viewer];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  // the list rule: an active profile (the database keeps it equivalent to "of a confirmed
  // account"), not invisible, not the viewer, no block either way (the viewer's blocks read once)
  const where: string[] = [
    `p.status = 'active'`,
    `NOT p.invisible`,
    `p.user_id <> $1`,
    `p.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = $1
       UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = $1)`,
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
  // "Alleen geverifieerd" (issue 35): the app's list statement adds the same condition
  if (flag('verified')) where.push(`p.verified`);
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
    near = `WITH near AS MATERIALIZED (
      SELECT c.id, c.country_code FROM profiles vp
      JOIN cities h ON h.id = vp.city_id
      JOIN cities c
        ON c.latitude BETWEEN h.latitude - ${deg} AND h.latitude + ${deg}
       AND c.longitude BETWEEN h.longitude - ${deg} / greatest(0.01, cos(radians(h.latitude)))
                           AND h.longitude + ${deg} / greatest(0.01, cos(radians(h.latitude)))
      WHERE vp.user_id = $1
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
  const text = `${near}
    SELECT ${total} AS total, ${CARD_COLUMNS},
      EXISTS (SELECT 1 FROM conversation_participants a JOIN conversation_participants b
        ON b.conversation_id = a.conversation_id
        WHERE a.user_id = $1 AND b.user_id = p.user_id AND b.wrote_at IS NOT NULL) AS partner
    FROM (${pageIds}) page
    JOIN profiles p ON p.id = page.id
    ${CARD_JOINS}
    ORDER BY page.last_active_at DESC, page.id DESC`;
  // unnamed, like the app's list statement: planned for its values every time (a prepared
  // statement's generic plan is 10-100x slower for region and distance searches)
  return { query: { text, values }, first: !cursor };
}

serve(async (viewer, url) => {
  const now = new Date();
  const { query, first } = statement(new URL(url, 'http://x').searchParams, viewer, now);
  const { rows } = await pool.query<Row>(query);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  const counted = first ? Number(rows[0]?.total ?? 0) : 0;
  return {
    // the photo rule for a main photo: shown, but locked in privacy mode for all but members the
    // owner wrote to (the lists exclude blocks either way already)
    // no boost runs during the plain rows (bench.ts measures the boosted ones against the app)
    profiles: page.map((row) => ({
      ...card(row, !row.privacy_mode || row.partner, now),
      boosted: false,
    })),
    next_cursor:
      rows.length > PAGE && last
        ? Buffer.from(`${last.last_active_at.getTime()}.${last.profile_id}`).toString('base64url')
        : null,
    num_results: Math.min(counted, COUNT_CAP),
    num_results_capped: counted > COUNT_CAP,
    similar: null,
  };
});
