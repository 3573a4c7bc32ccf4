/**
 * The plans of the search's statement for the bench's searches (search-mixes.ts), as
 * PostgreSQL runs them for the demo member on the bench database (after `npm run bench` has
 * seeded it): each statement exactly as the app builds it (search-criteria.ts and
 * member-access/list-query.sql.ts), under EXPLAIN (ANALYZE, BUFFERS), best of three runs. Prints
 * Markdown for docs/performance.md.
 *
 * Usage: node --import tsx tests/perf/explain-search.ts
 */
import pg from 'pg';
import { searchQuery } from '@app/contract';
import { listStatement, type ListPage } from '../../server/src/member-access/list-query.sql.js';
import { PG_ROW_TYPES } from '../../server/src/prisma/pg-types.js';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../server/src/generated/prisma/client.ts';
import { GeoService, type CitiesNear } from '../../server/src/geo/geo.service.js';
import { searchCriteria } from '../../server/src/search/search-criteria.js';
import { benchDatabaseUrl } from './harness.js';
import { SEARCH_MIXES } from './search-mixes.js';

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

const now = new Date();
const out: string[] = [];
for (const mix of SEARCH_MIXES) {
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
  const { text, values } = listStatement(viewer, criteria, page);
  let best: string[] = [];
  let bestMs = Infinity;
  for (let run = 0; run < 3; run++) {
    const plan = await client.query<{ 'QUERY PLAN': string }>({
      text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
      values,
    });
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    const ms = lines
      .filter((line) => /^(Planning|Execution) Time/.test(line))
      .reduce((sum, line) => sum + Number(/([\d.]+) ms/.exec(line)?.[1] ?? 0), 0);
    if (ms < bestMs) [best, bestMs] = [lines, ms];
  }
  out.push(`#### ${mix.name}`, '', '```', ...best, '```', '');
}
await client.end();
await prisma.$disconnect();
console.log(out.join('\n'));
