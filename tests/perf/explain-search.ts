/**
 * The plans of the search's statement for the bench's searches (search-mixes.ts), as
 * PostgreSQL runs them for the demo member on the bench database (after `npm run bench` has
 * seeded it): each statement exactly as the app builds it (search-criteria.ts and
 * member-access/list-query.sql.ts), under EXPLAIN (ANALYZE, BUFFERS), best of three runs. Then,
 * with BENCH_BOOSTS boosts running in the province of Utrecht (issue 38 item 3; written for the
 * run and removed after it), the boosts read and, for each mix marked `boosted`, the usual page
 * without the boosted members and the boosted members' own page. Prints Markdown for
 * docs/performance.md.
 *
 * With `--generic`, each statement is prepared and explained as PostgreSQL's generic plan
 * (plan_cache_mode = force_generic_plan), the plan the app's named prepared statements run after
 * their fifth execution when PostgreSQL finds it no dearer than the custom ones.
 *
 * Usage: node --import tsx tests/perf/explain-search.ts [--generic]
 */
import pg from 'pg';
import { searchQuery } from '@app/contract';
import { listStatement, type ListPage } from '../../server/src/member-access/list-query.sql.js';
import { PG_ROW_TYPES } from '../../server/src/prisma/pg-types.js';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../server/src/generated/prisma/client.ts';
import { GeoService, type CitiesNear } from '../../server/src/geo/geo.service.js';
import { searchCriteria } from '../../server/src/search/search-criteria.js';
import { boostedInRegionStatement } from '../../server/src/boosts/boosts.sql.js';
import { BOOSTS_FIRST_MAX } from '@app/contract';
import { benchDatabaseUrl } from './harness.js';
import { BENCH_BOOSTS, SEARCH_MIXES, type SearchMix } from './search-mixes.js';

const PAGE = 24;
const CAP = 1000;

const client = new pg.Client({ connectionString: benchDatabaseUrl() });
await client.connect();

const demo = await client.query<{ user_id: number; city_id: number }>(
  `SELECT p.user_id, p.city_id FROM users u JOIN profiles p ON p.user_id = u.id
   WHERE u.email = 'demo@vonkje.test'`,
);
const viewer = { userId: demo.rows[0].user_id, roles: [], paidUser: false };
const region = await client.query<{ id: number }>(
  `SELECT id FROM regions WHERE country_code = 'NL' AND name = 'Utrecht'`,
);

/** The cities within km of the demo member's city, as the search finds them. */
const prisma = new PrismaClient({
  adapter: new PrismaPg({ connectionString: benchDatabaseUrl() }),
});
const geo = new GeoService(prisma as unknown as ConstructorParameters<typeof GeoService>[0]);
const near = (km: number): Promise<CitiesNear> => geo.citiesWithin(demo.rows[0].city_id, km);

const generic = process.argv.includes('--generic');
let prepared = 0;

/** A parameter written into EXECUTE's argument list (numbers, text, dates, arrays of them). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) {
    return `'{${value.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(',')}}'`;
  }
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement, the best of three runs (planning + execution): as
 * a custom plan for its values, or with --generic as the prepared statement's generic plan.
 */
async function explain(text: string, values: unknown[]): Promise<string[]> {
  let statement = { text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values };
  if (generic) {
    const name = `explained_${prepared++}`;
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE ${name} AS ${text}`);
    statement = {
      text: `EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}(${values.map(literal).join(', ')})`,
      values: [],
    };
  }
  let best: string[] = [];
  let bestMs = Infinity;
  for (let run = 0; run < 3; run++) {
    const plan = await client.query<{ 'QUERY PLAN': string }>(statement);
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    const ms = lines
      .filter((line) => /^(Planning|Execution) Time/.test(line))
      .reduce((sum, line) => sum + Number(/([\d.]+) ms/.exec(line)?.[1] ?? 0), 0);
    if (ms < bestMs) [best, bestMs] = [lines, ms];
  }
  return best;
}

/** A mix's criteria and first page (or the page after the pages it walks). */
async function pageOf(mix: SearchMix) {
  const params = Object.fromEntries(
    new URLSearchParams(mix.query.replace('REGION', String(region.rows[0].id))),
  );
  const query = searchQuery.parse(params);
  const criteria = searchCriteria(query, now, query.distance ? await near(query.distance) : null);
  const page: ListPage = { take: PAGE + 1, countUpTo: CAP };
  if (mix.skipPages) {
    // the row before the deep page: the last of the pages walked
    const walked = listStatement(viewer, criteria, { take: PAGE * mix.skipPages });
    const rows = (
      await client.query<{ id: number; last_active_at: Date }>({ ...walked, types: PG_ROW_TYPES })
    ).rows;
    const last = rows.at(-1);
    if (!last) throw new Error(`${mix.name}: no rows`);
    page.after = { id: last.id, lastActiveAt: last.last_active_at };
    page.countUpTo = undefined;
  }
  return { query, criteria, page };
}

const now = new Date();
const out: string[] = [];
for (const mix of SEARCH_MIXES) {
  const { criteria, page } = await pageOf(mix);
  const { text, values } = listStatement(viewer, criteria, page);
  out.push(`#### ${mix.name}`, '', '```', ...(await explain(text, values)), '```', '');
}

// the same searches with boosts running in Utrecht (as bench.ts writes them)
const boosts = await client.query<{ id: number }>(
  `INSERT INTO boosts (user_id, profile_id, region_id, starts_at, ends_at, credits, free,
     idempotency_key)
   SELECT p.user_id, p.id, p.region_id, now() AT TIME ZONE 'UTC',
     now() AT TIME ZONE 'UTC' + interval '1 hour', 50, false, gen_random_uuid()
   FROM profiles p
   WHERE p.region_id = $1 AND p.gender = 'female' AND p.status = 'active'
     AND NOT p.invisible AND p.has_photo
     AND NOT EXISTS (SELECT 1 FROM boosts b WHERE b.user_id = p.user_id
       AND b.ends_at > now() AT TIME ZONE 'UTC')
   ORDER BY p.id LIMIT $2
   RETURNING id`,
  [region.rows[0].id, BENCH_BOOSTS],
);
try {
  const read = boostedInRegionStatement(null, viewer.userId, new Date(), BOOSTS_FIRST_MAX);
  out.push(
    `#### the boosts running in the demo member's region (${boosts.rows.length} boosts)`,
    '',
    '```',
    ...(await explain(read.text, read.values)),
    '```',
    '',
  );
  const boosted = (
    await client.query<{ profile_id: number }>({ text: read.text, values: read.values })
  ).rows.map((row) => row.profile_id);
  for (const mix of SEARCH_MIXES.filter((m) => m.boosted)) {
    const { criteria, page } = await pageOf(mix);
    const usual = listStatement(viewer, { ...criteria, exceptProfileIds: boosted }, page);
    out.push(`#### ${mix.name}, boosts running: the usual page`, '', '```');
    out.push(...(await explain(usual.text, usual.values)), '```', '');
    if (mix.skipPages) continue;
    const first = listStatement(
      viewer,
      { ...criteria, onlyProfileIds: boosted },
      { take: boosted.length },
    );
    out.push(`#### ${mix.name}, boosts running: the boosted members first`, '', '```');
    out.push(...(await explain(first.text, first.values)), '```', '');
  }
} finally {
  await client.query('DELETE FROM boosts WHERE id = ANY($1::int[])', [
    boosts.rows.map((row) => row.id),
  ]);
}
await client.end();
await prisma.$disconnect();
console.log(out.join('\n'));
