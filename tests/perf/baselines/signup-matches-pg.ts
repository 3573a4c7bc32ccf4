/**
 * Baseline: the essence of GET /api/signup-matches.php (the first matches after signup) in
 * hand-written SQL through `pg`: the session (one prepared statement), then one prepared statement
 * for the member's own profile and the 60 most recently active candidates a list may show them
 * (the `list` rule) of the gender they seek in their country, with each candidate's privacy flag;
 * then, as the app does, real members before chat pals, the same region first, the nearest in age,
 * the most recently active: the first eight, as cards. The same JSON as the app (bench.ts checks
 * it before measuring). Own process; prints `{"port":N}`. Env: DATABASE_URL, DB_POOL_SIZE,
 * MEDIA_SECRET.
 */
import {
  CARD_COLUMNS,
  CARD_JOINS,
  ageOn,
  card,
  pool,
  serve,
  wroteSql,
  type CardRow,
} from './common.ts';

const CANDIDATES = 60;
const CHOSEN = 8;

/** The candidates of one gender (or any, for a member who seeks either) under the list rule. */
const candidates = (gender: string) => `SELECT ${CARD_COLUMNS}, p.region_id,
    ${wroteSql('p.user_id', '$1')} AS partner
  FROM profiles p ${CARD_JOINS}
  WHERE p.status = 'active' AND NOT p.invisible AND p.user_id <> $1
    AND p.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = $1
      UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = $1)
    AND p.country_code = me.country_code AND ${gender}
  ORDER BY p.last_active_at DESC, p.id DESC LIMIT ${CANDIDATES}`;

const MATCHES_SQL = `WITH me AS (
    SELECT p.country_code, p.region_id, p.date_of_birth, p.seeking_gender FROM profiles p
    WHERE p.user_id = $1
  )
  SELECT me.region_id AS my_region, me.date_of_birth AS my_birth, x.* FROM me
  CROSS JOIN LATERAL (${candidates('me.seeking_gender IS NOT NULL AND p.gender = me.seeking_gender')}) x
  UNION ALL
  SELECT me.region_id, me.date_of_birth, x.* FROM me
  CROSS JOIN LATERAL (${candidates('me.seeking_gender IS NULL')}) x`;

interface Row extends CardRow {
  my_region: number | null;
  my_birth: Date;
  region_id: number | null;
  partner: boolean;
}

serve(async (viewer) => {
  const { rows } = await pool.query<Row>({
    name: 'signup-matches',
    text: MATCHES_SQL,
    values: [viewer],
  });
  const now = new Date();
  const mine = rows[0];
  if (!mine) return { profiles: [] };
  // the statement's order: most recently active first, then id
  rows.sort(
    (a, b) =>
      b.last_active_at.getTime() - a.last_active_at.getTime() || b.profile_id - a.profile_id,
  );
  const key = (row: Row) => [
    row.fictional ? 1 : 0,
    mine.my_region !== null && row.region_id === mine.my_region ? 0 : 1,
    Math.abs(ageOn(row.date_of_birth, now) - ageOn(mine.my_birth, now)),
  ];
  const chosen = rows
    .map((row, order) => ({ row, order, key: key(row) }))
    .sort((a, b) => a.key.reduce((r, v, i) => r || v - b.key[i], 0) || a.order - b.order)
    .slice(0, CHOSEN);
  return { profiles: chosen.map(({ row }) => card(row, !row.privacy_mode || row.partner, now)) };
});
