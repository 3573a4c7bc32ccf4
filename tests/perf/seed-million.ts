/**
 * The bench's large data set: `node --import tsx tests/perf/seed-million.ts [count]` adds
 * `count` (default 1,000,000) realistic members to the bench database (BENCH_DATABASE_URL, else
 * dating_bench), set-based with generate_series, never row by row: confirmed accounts, active
 * profiles spread over the 15 countries (the Netherlands and its neighbours heaviest) and their
 * seeded cities and regions, ages 18-80 (most between 25 and 55), both genders, last activity over the past
 * 30 days (recent activity more common), about 70% with an approved main photo (rows only: the
 * bench reads URLs, not files), and VERIFIED_SHARE of those with a photo verified (the badge
 * needs approved photos to compare a selfie with), so the search's verified filter
 * (`profiles_list_verified_idx`) is measured on a realistic share rather than on none. Every
 * row is written once. Adds only what is missing, so a second run is quick; a data set seeded
 * before the badge existed gets its verified share once.
 */
import pg from 'pg';
import { benchDatabaseUrl } from './harness.js';

/** Countries and their share of the members (sums to 1). */
const COUNTRY_SHARES: [string, number][] = [
  ['NL', 0.3],
  ['BE', 0.1],
  ['DE', 0.14],
  ['GB', 0.08],
  ['FR', 0.06],
  ['AT', 0.03],
  ['CH', 0.03],
  ['IE', 0.02],
  ['IT', 0.05],
  ['ES', 0.05],
  ['PL', 0.04],
  ['US', 0.05],
  ['CA', 0.02],
  ['AU', 0.02],
  ['NZ', 0.01],
];
const NAMES = [
  'Anna',
  'Emma',
  'Sophie',
  'Julia',
  'Lisa',
  'Sanne',
  'Fleur',
  'Lotte',
  'Eva',
  'Noa',
  'Mila',
  'Sara',
  'Iris',
  'Nina',
  'Laura',
  'Marie',
  'Lena',
  'Chloé',
  'Giulia',
  'Lucía',
  'Zofia',
  'Olivia',
  'Daan',
  'Sem',
  'Lucas',
  'Milan',
  'Levi',
  'Finn',
  'Bram',
  'Thomas',
  'Jesse',
  'Ruben',
  'Max',
  'Jan',
  'Pieter',
  'Lukas',
  'Noah',
  'Louis',
  'Marco',
  'Pablo',
  'Jakub',
  'Liam',
  'Jack',
  'Tom',
];
/**
 * Of the members with an approved main photo, the share verified: about 10% of all members, as
 * sites that offer a selfie check report in their first year (most never ask).
 */
export const VERIFIED_SHARE = 0.15;

/** bcrypt of a random, never-used password: these accounts cannot log in. */
const NO_LOGIN_HASH = '$2b$12$C6UzMDM.H6dfI/f/IKxGhuK0WAbL2nC8L6mRk2iP2J.Hk3Qy5N1nG';

export async function seedMillion(count: number, url = benchDatabaseUrl()): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const have = Number(
      (
        await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM users WHERE email LIKE 'bench-%@bench.test'`,
        )
      ).rows[0].n,
    );
    if (have >= count) {
      await verifyShareOfOlderSeed(client);
      return 0;
    }
    const started = Date.now();
    await client.query('BEGIN');
    await client.query(`SET LOCAL synchronous_commit = off`);
    await client.query(
      `INSERT INTO users (email, password_hash, status, language, signup_date, confirmed_at, last_seen_at, created_at, updated_at)
       SELECT 'bench-' || g || '@bench.test', $3, 'confirmed', 'nl', d, d, now(), d, now()
       FROM generate_series($1::int + 1, $2::int) g,
            LATERAL (SELECT now() - random() * interval '900 days' AS d) s`,
      [have, count, NO_LOGIN_HASH],
    );
    // countries by cumulative share; cities numbered within their country
    let low = 0;
    const shares = COUNTRY_SHARES.map(([code, share]) => {
      const row = [code, low, low + share] as const;
      low += share;
      return row;
    });
    await client.query(
      `CREATE TEMP TABLE bench_shares (code char(2), lo float8, hi float8) ON COMMIT DROP`,
    );
    await client.query(
      `INSERT INTO bench_shares SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[])`,
      [
        shares.map((s) => s[0]),
        shares.map((s) => s[1]),
        shares.map((s) => (s[0] === 'NZ' ? 1.01 : s[2])),
      ],
    );
    await client.query(
      `CREATE TEMP TABLE bench_cities ON COMMIT DROP AS
       SELECT id, region_id, country_code,
              (row_number() OVER (PARTITION BY country_code ORDER BY id) - 1)::int AS rn,
              count(*) OVER (PARTITION BY country_code)::int AS cnt
       FROM cities`,
    );
    await client.query(`CREATE INDEX ON bench_cities (country_code, rn)`);
    await client.query(
      `CREATE TEMP TABLE bench_counts ON COMMIT DROP AS
       SELECT country_code AS code, count(*)::int AS cnt FROM cities GROUP BY country_code`,
    );
    await client.query('ANALYZE bench_cities; ANALYZE bench_counts; ANALYZE bench_shares');
    // Each member's profile and photo ids are taken from their sequences first, so a profile is
    // written once with its main photo (no second pass over a million rows updating every index).
    // The triggers and foreign-key checks are off for this transaction only
    // (session_replication_role): the rows are made as the triggers would keep them (active
    // profiles of confirmed accounts; has_photo for an approved main photo).
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query(
      `CREATE TEMP TABLE bench_new ON COMMIT DROP AS
       SELECT u.id AS user_id, u.created_at, nextval('profiles_id_seq')::int AS profile_id,
              CASE WHEN u.r8 < 0.7 THEN nextval('photos_id_seq')::int END AS photo_id,
              -- verified: a share of those with a photo, some time after they joined
              CASE WHEN u.r8 < 0.7 AND u.r9 < $2::float8
                   THEN u.created_at + (now() - u.created_at) * (u.r9 / $2::float8) END AS verified_at,
              ($1::text[])[1 + floor(u.r3 * array_length($1::text[], 1))::int] AS name,
              CASE WHEN u.r4 < 0.5 THEN 'female'::"Gender" ELSE 'male'::"Gender" END AS gender,
              CASE WHEN u.r4 < 0.5 THEN 'male'::"Gender" ELSE 'female'::"Gender" END AS seeking,
              (current_date - (365.25 * (18 + 62 * power(u.r5 * u.r6, 0.6)))::int)::date AS born,
              w.code, c.region_id, c.id AS city_id,
              now() - (u.r7 ^ 3) * interval '30 days' AS active_at
       FROM (SELECT id, created_at, random() r1, random() r2, random() r3, random() r4, random() r5,
                    random() r6, random() r7, random() r8, random() r9
             FROM users
             WHERE email LIKE 'bench-%@bench.test'
               AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = users.id)) u
       JOIN bench_shares w ON u.r1 >= w.lo AND u.r1 < w.hi
       JOIN bench_counts n ON n.code = w.code
       JOIN bench_cities c ON c.country_code = w.code AND c.rn = floor(u.r2 * n.cnt)::int`,
      [NAMES, VERIFIED_SHARE],
    );
    await client.query(
      `INSERT INTO profiles (id, user_id, name, status, gender, seeking_gender, date_of_birth,
                             country_code, region_id, city_id, main_photo_id, has_photo,
                             last_active_at, verified, verified_at, created_at, updated_at)
       SELECT profile_id, user_id, name, 'active', gender, seeking, born, code, region_id, city_id,
              photo_id, photo_id IS NOT NULL, active_at, verified_at IS NOT NULL, verified_at,
              created_at, now()
       FROM bench_new`,
    );
    await client.query(
      `INSERT INTO photos (id, profile_id, filename, thumb_filename, status, width, height, moderated_at)
       SELECT photo_id, profile_id, 'bench' || profile_id || '-full.webp',
              'bench' || profile_id || '-thumb.webp', 'active', 800, 1000, now()
       FROM bench_new WHERE photo_id IS NOT NULL`,
    );
    await client.query('COMMIT');
    // VACUUM as autovacuum would soon after: a live table's pages are all-visible, so the list
    // indexes answer from the index alone (right after a bulk load every entry would need its
    // table row: a state no live site is in for long)
    // (one statement per call: VACUUM does not run in the implicit transaction of several)
    for (const table of ['users', 'profiles', 'photos'])
      await client.query(`VACUUM (ANALYZE) ${table}`);
    console.log(
      `Seeded ${count - have} bench members in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return count - have;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * A data set seeded before the badge existed has no verified member: the same share of those
 * with a photo is verified once (a no-op when any bench member is verified already).
 */
async function verifyShareOfOlderSeed(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM profiles p JOIN users u ON u.id = p.user_id
                    WHERE p.verified AND u.email LIKE 'bench-%@bench.test') AS any`,
  );
  if (rows[0]?.any) return;
  const updated = await client.query(
    `UPDATE profiles p SET verified = true,
            verified_at = p.created_at + (now() - p.created_at) * random()
     FROM users u
     WHERE u.id = p.user_id AND u.email LIKE 'bench-%@bench.test'
       AND p.main_photo_id IS NOT NULL AND NOT p.fictional AND random() < $1::float8`,
    [VERIFIED_SHARE],
  );
  if (updated.rowCount) {
    await client.query('VACUUM (ANALYZE) profiles');
    console.log(`Verified ${updated.rowCount} bench members of an older seed`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await seedMillion(Number(process.argv[2] ?? 1_000_000));
}
