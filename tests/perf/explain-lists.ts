/**
 * The list reads that the Prisma-era search indexes (`profiles_status_gender_country_code_date_of_birth_idx`,
 * `profiles_status_gender_region_id_date_of_birth_idx`) could serve, with and without them, in
 * one run on the bench database (after `npm run bench` has seeded the million profiles of
 * seed-million.ts): the swipe game's candidates and the landers' list (Prisma's statements,
 * built from the app's own visibility rule and selects and captured from Prisma's query log),
 * and a profile page's related profiles (member-access/readers/profile-page.sql.ts) for members
 * in a large country, a small one and at the edge of the ages, both as the app writes it and
 * with the old `date_of_birth + 0` workaround. Each statement under EXPLAIN (ANALYZE, BUFFERS),
 * best of three, first with the indexes as the database has them, then inside a transaction
 * that drops the two (rolled back: nothing changes); each with the plan for its values and with
 * the generic plan a named prepared statement may keep. Prints a Markdown table (execution ms and
 * the indexes each plan reads); `--plans` prints the plans too.
 *
 * Usage: node --import tsx tests/perf/explain-lists.ts [--plans]
 */
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { LANDER_MEMBERS_DEFAULT } from '@app/contract';
import { PrismaClient, type Prisma } from '../../server/src/generated/prisma/client.ts';
import { PROFILE_CARD_SELECT } from '../../server/src/member-access/card.sql.js';
import { profilePageStatement } from '../../server/src/member-access/readers/profile-page.sql.js';
import { visibleProfileWhere, type Viewer } from '../../server/src/member-access/visibility.js';
import { benchDatabaseUrl } from './harness.js';

const OLD_INDEXES = [
  'profiles_status_gender_country_code_date_of_birth_idx',
  'profiles_status_gender_region_id_date_of_birth_idx',
];
const SWIPE_CANDIDATES = 10;
const LANDER_CANDIDATES_PER_MEMBER = 3;
const showPlans = process.argv.includes('--plans');

interface Statement {
  name: string;
  text: string;
  values: unknown[];
  /** Planned as a prepared statement's generic plan (plan_cache_mode = force_generic_plan). */
  generic?: boolean;
}

const client = new pg.Client({ connectionString: benchDatabaseUrl() });
await client.connect();

const present = await client.query<{ indexname: string }>(
  `SELECT indexname FROM pg_indexes WHERE tablename = 'profiles' AND indexname = ANY($1)`,
  [OLD_INDEXES],
);
const demo = await client.query<{ user_id: number; country_code: string; seeking: string }>(
  `SELECT p.user_id, p.country_code, p.seeking_gender::text AS seeking
   FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email = 'demo@vonkje.test'`,
);
const viewer: Viewer = { userId: demo.rows[0].user_id, roles: [], paidUser: false };

/** Prisma's statement for a findMany, as the app sends it (captured from the query log). */
const prisma = new PrismaClient({
  adapter: new PrismaPg({ connectionString: benchDatabaseUrl() }),
  log: [{ emit: 'event', level: 'query' }],
});
const captured: { query: string; params: string }[] = [];
prisma.$on('query', (event) => captured.push({ query: event.query, params: event.params }));
async function prismaStatement(name: string, read: () => Promise<unknown>): Promise<Statement> {
  captured.length = 0;
  await read();
  const main = captured.find((c) => c.query.includes('"profiles"'));
  if (!main) throw new Error(`${name}: no statement on profiles captured`);
  return { name, text: main.query, values: JSON.parse(main.params) as unknown[] };
}

const statements: Statement[] = [];
// the swipe game (swipe.service.ts candidates): undecided members of the sought gender in the
// viewer's country, most recently active first
statements.push(
  await prismaStatement('swipe candidates (NL)', () =>
    prisma.profile.findMany({
      where: {
        AND: [
          visibleProfileWhere(viewer, 'list'),
          {
            AND: [
              {
                gender: demo.rows[0].seeking as Prisma.ProfileWhereInput['gender'],
                user: {
                  swipedBy: { none: { swiperId: viewer.userId } },
                  likesReceived: { none: { likerId: viewer.userId } },
                },
              },
              { countryCode: demo.rows[0].country_code },
            ],
          },
        ],
      },
      orderBy: [{ lastActiveAt: 'desc' }, { id: 'asc' }],
      take: SWIPE_CANDIDATES,
      select: PROFILE_CARD_SELECT,
    }),
  ),
);
// the landers' list (landers.service.ts readList): a visitor's list, no privacy-mode members
statements.push(
  await prismaStatement('landers list (visitor)', () =>
    prisma.profile.findMany({
      where: { AND: [visibleProfileWhere(null, 'list'), { privacyMode: false }] },
      orderBy: [{ lastActiveAt: 'desc' }, { id: 'asc' }],
      take: LANDER_MEMBERS_DEFAULT * LANDER_CANDIDATES_PER_MEMBER + 1,
      select: {
        ...PROFILE_CARD_SELECT,
        city: { select: { name: true, latitude: true, longitude: true } },
      },
    }),
  ),
);
await prisma.$disconnect();

// related profiles: pages of a member in NL, in NZ, and of the oldest ages
const pages = await client.query<{ label: string; id: number }>(
  `(SELECT 'NL, 35' AS label, id FROM profiles WHERE status = 'active' AND country_code = 'NL'
     AND date_of_birth BETWEEN current_date - 36 * 365 AND current_date - 35 * 365 ORDER BY id LIMIT 1)
   UNION ALL
   (SELECT 'NZ, 35', id FROM profiles WHERE status = 'active' AND country_code = 'NZ'
     AND date_of_birth BETWEEN current_date - 36 * 365 AND current_date - 35 * 365 ORDER BY id LIMIT 1)
   UNION ALL
   (SELECT 'DE, 79', id FROM profiles WHERE status = 'active' AND country_code = 'DE'
     AND date_of_birth < current_date - 79 * 365 ORDER BY id LIMIT 1)`,
);
for (const page of pages.rows) {
  const statement = profilePageStatement(viewer.userId, page.id);
  const plain = statement.text.replaceAll('p.date_of_birth + 0', 'p.date_of_birth');
  statements.push({
    name: `related profiles, ${page.label}`,
    text: plain,
    values: statement.values,
  });
  statements.push({
    name: `related profiles, ${page.label}, with \`+ 0\``,
    text: plain.replace(/p\.date_of_birth (>=|<) make_date/g, 'p.date_of_birth + 0 $1 make_date'),
    values: statement.values,
  });
}

// the app sends every one as a named prepared statement (PrismaService's statementNameGenerator,
// the numbered statements of member-access): after five runs PostgreSQL may keep a generic plan,
// planned without the values
for (const statement of [...statements]) {
  statements.push({ ...statement, name: `${statement.name}, generic plan`, generic: true });
}

interface Measured {
  ms: number;
  indexes: string[];
  plan: string;
  rows: string;
}

/** A value as an EXECUTE argument (EXECUTE takes no bound parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.join(',')}}`);
  return client.escapeLiteral(String(value));
}

/** Best of three EXPLAIN (ANALYZE, BUFFERS) runs. */
async function explain(statement: Statement): Promise<Measured> {
  let best: Measured | undefined;
  await client.query(
    `SET plan_cache_mode = ${statement.generic ? 'force_generic_plan' : 'force_custom_plan'}`,
  );
  await client.query(`PREPARE measured AS ${statement.text}`);
  for (let i = 0; i < 3; i++) {
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) EXECUTE measured(${statement.values.map(literal).join(', ')})`,
    );
    const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);
    const indexes = [
      ...new Set(
        [...plan.matchAll(/(?:Index|Index Only) Scan(?: Backward)? using (\S+)/g)].map((m) => m[1]),
      ),
    ].filter((name) => name.startsWith('profiles_'));
    const rows = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(plan)?.[1] ?? '?';
    if (!best || ms < best.ms) best = { ms, indexes, plan, rows };
  }
  await client.query('DEALLOCATE measured');
  return best as Measured;
}

const withThem: Measured[] = [];
for (const statement of statements) withThem.push(await explain(statement));
const without: Measured[] = [];
await client.query('BEGIN');
try {
  for (const index of present.rows) await client.query(`DROP INDEX "${index.indexname}"`);
  for (const statement of statements) without.push(await explain(statement));
} finally {
  await client.query('ROLLBACK');
}
await client.end();

console.log(
  `\nEXPLAIN (ANALYZE, BUFFERS), best of three, ${new Date().toISOString()}; the old indexes ` +
    `present at the start: ${present.rows.map((r) => r.indexname).join(', ') || 'none'}.\n`,
);
console.log(
  '| statement | with the old indexes: ms | profiles indexes read | without them: ms | profiles indexes read | without ÷ with |',
);
console.log('|---|---|---|---|---|---|');
for (const [i, statement] of statements.entries()) {
  const a = withThem[i];
  const b = without[i];
  console.log(
    `| ${statement.name} | ${a.ms.toFixed(3)} | ${a.indexes.join(', ')} | ${b.ms.toFixed(3)} | ` +
      `${b.indexes.join(', ')} | ${(b.ms / a.ms).toFixed(2)} |`,
  );
}
if (showPlans) {
  for (const [i, statement] of statements.entries()) {
    console.log(`\n<details><summary>${statement.name}</summary>\n`);
    console.log(`With the old indexes:\n\n\`\`\`\n${withThem[i].plan}\n\`\`\`\n`);
    console.log(`Without them:\n\n\`\`\`\n${without[i].plan}\n\`\`\`\n\n</details>`);
  }
}
