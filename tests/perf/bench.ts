/**
 * `npm run bench`: throughput and latency of the API as production runs it, next to baselines
 * measured in the same run on the same machine, so results read as ratios. Every server runs in
 * its own process and so does the load generator (autocannon, tests/perf/load.ts): this process
 * only orchestrates and prints. Baselines (tests/perf/baselines/):
 *
 * - bare Node: a Node HTTP server answering a tiny JSON body (the ceiling of any route);
 * - session (prepared pg): the essence of GET /api/user.php, one prepared `pg` statement (session
 *   by token hash joined to user and profile), the same JSON as the app: the denominator of the
 *   session-reading rows;
 * - raw pg geocode: the geocode query through `pg`, unnamed (the denominator of geocode.php);
 * - search (search-pg.ts): each search of search-mixes.ts as one hand-written statement through
 *   `pg` after the session lookup (the list rule, filters, page and count), the same JSON as
 *   the app (checked before it is measured), the denominator of its search.php row; the search
 *   rows run against the large data set of seed-million.ts (BENCH_MEMBERS, default 1,000,000,
 *   seeded once, set-based);
 * - chats, likes, member and signup-matches (prepared pg): the essence of GET /api/chats.php,
 *   /api/likes.php, /api/member.php (the profile page) and /api/signup-matches.php, the session
 *   and one hand-written statement each, the same JSON as the app (checked before they are
 *   measured): the denominators of those rows.
 *
 * Then the chat rows (tests/perf/chat-bench.ts): BENCH_SOCKETS members (default 5,000, seeded by
 * seed-chat.ts) connected by socket clients in processes of their own, messages sent at a fixed
 * rate and as fast as possible, each timed from its send to the recipient's socket.
 *
 * Then the reconnect storms (tests/perf/storm-bench.ts): BENCH_STORM_SOCKETS (default 2,000) of
 * those members' sockets dropped at once, and the app restarted under them; each client catches
 * up as the web does; beside the same-run baseline of socket.io's connection state recovery.
 *
 * Only when asked (BENCH_ROWS=photoupload), the photo upload rows (tests/perf/photo-upload-bench.ts):
 * GET /api/user.php at a fixed rate (open-loop), quiet and while ten members upload a 12 MP HEIC each at
 * once, on a server with the pipeline on the request thread (PHOTO_WORKERS=0) and on one with
 * its worker pool.
 *
 * Then, only when asked (BENCH_ROWS=sockets), the scale row (tests/perf/scale-bench.ts):
 * BENCH_SCALE_SOCKETS members (default 20,000) connected from several client processes while
 * BENCH_SCALE_RATE messages a second (default 500) are sent: delivery p50/p95/p99, the app's
 * memory per socket and its file descriptors. With `sockets`, every chat group runs on that many
 * seeded members (one seeding per run: each replaces the sessions of the one before).
 *
 * Machines here are noisy: compare within one run only. Needs a build (`npm run build`) and
 * PostgreSQL + Redis. Fails (exit 1) when the demo login gives no session, when the baseline
 * answers differently from the app, or when any row had an error or a non-2xx answer.
 *
 * Every row also reports the CPU per request of the measured server and of PostgreSQL's backends
 * (from /proc; steadier than req/s on a shared machine) and how many cores other processes kept
 * busy meanwhile. Before each row the bench waits for the machine to be quiet, and it measures a
 * row again when someone else's work took the machine during it.
 *
 * Env: BENCH_SECONDS (default 5), BENCH_WARMUP_SECONDS (default 1), BENCH_CONNECTIONS (default
 * 50), BENCH_SERVER (the main.js to run; default server/dist/main.js), BENCH_DATABASE and
 * BENCH_REDIS_DB (the bench's database and Redis database; default dating_bench and 15), BENCH_OUT (also write the
 * rows as JSON to this file), BENCH_QUIET_CORES (default 0.3) and BENCH_QUIET_WAIT_SECONDS
 * (default 120): how quiet the machine must be before a row, and how long to wait for it;
 * BENCH_RETRIES (default 3): how often a row is measured again when other processes kept more
 * than BENCH_QUIET_CORES busy during it; BENCH_ROWS (default base,search,chat,storm,push): which
 * groups of rows (the request path with the polling endpoints, the search, the chat, the
 * reconnect storms, the push fan-out of tests/perf/push-bench.ts; `pages` alone measures just the
 * profile page and the first matches beside their baselines, which `base` includes, and the swipe
 * game's candidates; `replica` the profile page and the page-1 searches twice, on the primary
 * only and with their reads on the streaming replica BENCH_REPLICA_URL: see replicaRows;
 * `photoupload` the photo upload rows, with BENCH_PHOTO_UPLOADERS, BENCH_PHOTO_RATE and
 * BENCH_PHOTO_WORKERS: see photo-upload-bench.ts).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import {
  benchDatabaseUrl,
  load,
  loginDemo,
  memberCardUrl,
  prepareDatabase,
  root,
  serverMain,
  startApp,
  startBaseline,
  cpuWindow,
  machineLoad,
  waitForQuiet,
  type App,
  type Baseline,
  type CpuUse,
  type DemoLogin,
} from './harness.js';
import type { LoadResult } from './load.js';
import { measureChat, type ChatRow } from './chat-bench.js';
import { seedChat } from './seed-chat.js';
import { measureStorm, restartApp, type StormRow } from './storm-bench.js';
import { BENCH_BOOSTS, SEARCH_MIXES } from './search-mixes.js';
import { measurePhotoQueue } from './photo-queue-bench.js';
import {
  measurePhotoUploads,
  printPhotoUploadTable,
  type PhotoUploadRow,
} from './photo-upload-bench.js';
import { seedMillion } from './seed-million.js';
import { inboxRows } from './inbox-bench.js';
import { measurePush, printPushTable, type PushRow } from './push-bench.js';
import { measureScale, printScaleTable, type ScaleRow } from './scale-bench.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const quietCores = Number(process.env.BENCH_QUIET_CORES ?? 0.3);
const retries = Number(process.env.BENCH_RETRIES ?? 3);
const UTRECHT = { lat: 52.0907, lon: 5.1214 };
/** Members of the large data set (tests/perf/seed-million.ts) the search rows run against. */
const members = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
/**
 * Which groups of rows to measure: `base` (the request path), `search`, `chat`, `storm` (socket
 * reconnect storms), `push` (web push fan-out); default all. `sockets` (the scale row,
 * scale-bench.ts) only when asked: it needs a machine of its own.
 */
const groups = new Set((process.env.BENCH_ROWS ?? 'base,search,chat,storm,push').split(','));

interface Row extends LoadResult, CpuUse {
  name: string;
  errors: number;
  attempts: number;
  /** The row's own baseline (its name), when it has one. */
  baseline?: string;
}

/** A warm-up run, then the measured run with the CPU every party used during it. */
async function measure(name: string, pid: number, url: string, headers?: Record<string, string>) {
  process.stdout.write(`  ${name} ...`);
  for (let attempt = 1; ; attempt++) {
    await waitForQuiet();
    if (warmupSeconds > 0) {
      await load({ url, connections, seconds: warmupSeconds, warmupSeconds: 0, headers });
    }
    const cpu = cpuWindow(pid);
    const result = await load({ url, connections, seconds, warmupSeconds: 0, headers });
    const row: Row = {
      name,
      ...result,
      ...cpu.end(),
      errors: result.socketErrors + result.non2xx,
      attempts: attempt,
    };
    const others = otherCores(row);
    console.log(
      ` ${row.rps.toFixed(0)} req/s${row.errors ? `, ${row.errors} ERRORS` : ''}` +
        (others > quietCores ? ` (others kept ${others.toFixed(2)} cores busy)` : ''),
    );
    // someone else's work took the machine meanwhile: measure the row again
    if (others <= quietCores || attempt > retries || row.errors) return row;
    process.stdout.write(`  ${name}, again ...`);
  }
}

/** Cores kept busy during a row by all but the server, its backends and the load generator. */
function otherCores(r: Row): number {
  return (r.machineBusyMs - r.serverMs - r.dbMs - r.cpuMs) / r.wallMs;
}

/** Starts a baseline server, measures it, stops it: only the measured server is running. */
async function measureBaseline(
  name: string,
  script: string,
  headers?: Record<string, string>,
  check?: (baseline: Baseline) => Promise<void>,
  search = '',
): Promise<Row> {
  const baseline = await startBaseline(script);
  try {
    await check?.(baseline);
    const url = `http://127.0.0.1:${baseline.port}/${search}`;
    return await measure(name, baseline.pid, url, headers);
  } finally {
    await baseline.stop();
  }
}

/** The answer, with `profiles` in id order (the app does not order a likes answer's cards). */
function normalised(body: unknown): unknown {
  const profiles = (body as { profiles?: { id: number }[] }).profiles;
  if (!profiles) return body;
  return { ...(body as object), profiles: [...profiles].sort((a, b) => a.id - b.id) };
}

/**
 * A check that a baseline, asked with the app URL's query string, answers what the app answers
 * (else its ratio means nothing).
 */
function sameAs(appUrl: string, headers: Record<string, string>, script: string) {
  return async (baseline: Baseline) => {
    const [own, app] = await Promise.all([
      json(`http://127.0.0.1:${baseline.port}/${new URL(appUrl).search}`, headers),
      json(appUrl, headers),
    ]);
    if (!isDeepStrictEqual(normalised(own), normalised(app))) {
      throw new Error(
        `the baseline ${script} answers ${JSON.stringify(own)}, the app ${JSON.stringify(app)}: ` +
          `update tests/perf/baselines/${script}`,
      );
    }
  };
}

async function json(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root });
    return head.toString().trim();
  } catch {
    return 'unknown';
  }
}

interface SearchAnswer {
  profiles: { id: number; boosted: boolean }[];
  next_cursor: string | null;
  num_results: number;
  num_results_capped: boolean;
  similar: unknown;
}

interface SearchPair {
  mix: string;
  results: number | null;
  capped: boolean;
  baseline: Row;
  app: Row;
  /** What the baseline row is, when not the hand-written baseline (a boosted row: the plain app). */
  against?: string;
}

/**
 * `count` boosts running now in region `regionId` (issue 38 item 3), written straight into the
 * bench database: listable women with a photo, each an hour long (longer than the rows take;
 * the app reads only whether one runs). Returns their ids, to remove them after the rows.
 */
async function startBoosts(regionId: number, count: number): Promise<number[]> {
  const db = new pg.Client({ connectionString: benchDatabaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
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
      [regionId, count],
    );
    return rows.map((row) => row.id);
  } finally {
    await db.end();
  }
}

async function endBoosts(ids: number[]): Promise<void> {
  const db = new pg.Client({ connectionString: benchDatabaseUrl() });
  await db.connect();
  try {
    await db.query('DELETE FROM boosts WHERE id = ANY($1::int[])', [ids]);
  } finally {
    await db.end();
  }
}

/**
 * The search rows: each mix against the same-run baseline (tests/perf/baselines/search-pg.ts,
 * one hand-written statement through `pg` behind a bare Node server, in its own process) and
 * then against the app. Fails when the baseline's ids, order, cursor or count differ from the
 * app's.
 */
async function searchRows(app: App, demo: DemoLogin): Promise<SearchPair[]> {
  const headers = { cookie: demo.cookie };
  const regions = (await json(`${app.base}/api/regions.php?country=NL`, headers)) as {
    countries: { code: string; regions: { id: number; name: string }[] }[];
  };
  const region = regions.countries
    .find((country) => country.code === 'NL')
    ?.regions.find((r) => r.name === 'Utrecht')?.id;
  if (!region) throw new Error('the seeded regions have no Utrecht');
  // the query string of each mix, with the cursor of its deep page (walked through the app)
  const queries: string[] = [];
  for (const mix of SEARCH_MIXES) {
    let query = mix.query.replace('REGION', String(region));
    for (let page = 0; page < (mix.skipPages ?? 0); page++) {
      const answer = (await json(`${app.base}/api/search.php?${query}`, headers)) as SearchAnswer;
      if (!answer.next_cursor) throw new Error(`${mix.name}: fewer pages than ${mix.skipPages}`);
      query = `${mix.query.replace('REGION', String(region))}&cursor=${answer.next_cursor}`;
    }
    queries.push(query);
  }
  const appAnswers: SearchAnswer[] = [];
  for (const query of queries) {
    appAnswers.push((await json(`${app.base}/api/search.php?${query}`, headers)) as SearchAnswer);
  }
  const baselineRows: Row[] = [];
  const baseline = await startBaseline('search-pg.ts');
  try {
    for (const [i, mix] of SEARCH_MIXES.entries()) {
      const url = `http://127.0.0.1:${baseline.port}/?${queries[i]}`;
      // both answers at the same moment (cards carry "online" and hour-bound signed URLs)
      const [own, theApp] = await Promise.all([
        json(url, headers),
        json(`${app.base}/api/search.php?${queries[i]}`, headers),
      ]);
      if (!isDeepStrictEqual(own, theApp)) {
        throw new Error(
          `${mix.name}: the search baseline answers ${JSON.stringify(own)}, the app ` +
            `${JSON.stringify(theApp)}: update tests/perf/baselines/search-pg.ts`,
        );
      }
      baselineRows.push(await measure(`baseline: ${mix.name}`, baseline.pid, url, headers));
    }
  } finally {
    await baseline.stop();
  }
  const pairs: SearchPair[] = [];
  for (const [i, mix] of SEARCH_MIXES.entries()) {
    const row = await measure(
      `GET /api/search.php, ${mix.name}`,
      app.child.pid as number,
      `${app.base}/api/search.php?${queries[i]}`,
      headers,
    );
    pairs.push({
      mix: mix.name,
      // a deep page is not counted (the count comes with page 1 only)
      results: mix.skipPages ? null : appAnswers[i].num_results,
      capped: appAnswers[i].num_results_capped,
      baseline: baselineRows[i],
      app: row,
    });
  }
  pairs.push(...(await boostedRows(app, headers, region, queries, pairs)));
  return pairs;
}

/**
 * The search with boosts running (issue 38 item 3): the mixes marked `boosted` again, with
 * BENCH_BOOSTS boosts running in the province of Utrecht (the region filter's, and the demo
 * member's own region), each beside its plain row of the same run. Fails when a page 1 does not
 * begin with a boosted member. The boosts are removed after the rows.
 */
async function boostedRows(
  app: App,
  headers: Record<string, string>,
  region: number,
  queries: string[],
  plain: SearchPair[],
): Promise<SearchPair[]> {
  const marked = [...SEARCH_MIXES.entries()].filter(([, mix]) => mix.boosted);
  if (marked.length === 0 || BENCH_BOOSTS <= 0) return [];
  const boosts = await startBoosts(region, BENCH_BOOSTS);
  const pairs: SearchPair[] = [];
  try {
    for (const [i, mix] of marked) {
      const url = `${app.base}/api/search.php?${queries[i]}`;
      const answer = (await json(url, headers)) as SearchAnswer;
      if (!mix.skipPages && !answer.profiles[0]?.boosted) {
        throw new Error(
          `${mix.name}: with ${boosts.length} boosts running, page 1 shows none first`,
        );
      }
      const name = `${mix.name}, ${boosts.length} boosts running in Utrecht`;
      pairs.push({
        mix: name,
        results: mix.skipPages ? null : answer.num_results,
        capped: answer.num_results_capped,
        baseline: plain[i].app,
        app: await measure(`GET /api/search.php, ${name}`, app.child.pid as number, url, headers),
        against: 'app, no boosts',
      });
    }
  } finally {
    await endBoosts(boosts);
  }
  return pairs;
}

/**
 * BENCH_ROWS=replica: the reads that tolerate lag, measured on an app with the primary only and
 * then on a second app whose read pool is the streaming replica at BENCH_REPLICA_URL (a replica
 * of the bench's cluster, e.g. `pg_basebackup -R` of it started on another port; its database
 * name is replaced by the bench's), the same run, one after the other. The CPU per request of
 * "PostgreSQL" counts the primary's backends only: with the replica it shows what the primary
 * no longer does. Fails when the URL is not a standby or the two apps answer differently.
 */
/** Which members an answer shows: the profile page's member, or a search page's. */
function shown(answer: unknown): unknown {
  const { profile, profiles } = answer as {
    profile?: { id: number };
    profiles?: { id: number }[];
  };
  return profile ? profile.id : profiles?.map((p) => p.id);
}

async function replicaRows(app: App, demo: DemoLogin): Promise<Row[]> {
  const given = process.env.BENCH_REPLICA_URL;
  if (!given) {
    throw new Error(
      'BENCH_ROWS=replica needs BENCH_REPLICA_URL, a streaming replica of the bench cluster',
    );
  }
  const replicaUrl = new URL(given);
  replicaUrl.pathname = new URL(benchDatabaseUrl()).pathname;
  const standby = new pg.Client({ connectionString: replicaUrl.toString() });
  await standby.connect();
  try {
    const { rows } = await standby.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
    if (!rows[0]?.r) throw new Error(`BENCH_REPLICA_URL (${replicaUrl.host}) is not a standby`);
  } finally {
    await standby.end();
  }
  const headers = { cookie: demo.cookie };
  const member = new URL(memberCardUrl(app.base, demo));
  const paths: [string, string][] = [
    ['GET /api/member.php (member)', `${member.pathname}${member.search}`],
    ...SEARCH_MIXES.filter((mix) => !mix.skipPages && !mix.query.includes('REGION')).map(
      (mix): [string, string] => [
        `GET /api/search.php, ${mix.name}`,
        `/api/search.php?${mix.query}`,
      ],
    ),
  ];
  const withReplica = await startApp({ env: { DATABASE_REPLICA_URL: replicaUrl.toString() } });
  const rows: Row[] = [];
  try {
    for (const [name, path] of paths) {
      // the same answer from both (cards carry "online" and hour-bound signed URLs: at once)
      const [own, other] = await Promise.all([
        json(`${app.base}${path}`, headers),
        json(`${withReplica.base}${path}`, headers),
      ]);
      if (!isDeepStrictEqual(shown(own), shown(other))) {
        throw new Error(
          `${name}: the primary-only app shows ${JSON.stringify(shown(own))}, the app with ` +
            `the replica ${JSON.stringify(shown(other))}`,
        );
      }
      rows.push(
        await measure(
          `${name}, primary only`,
          app.child.pid as number,
          `${app.base}${path}`,
          headers,
        ),
      );
      rows.push({
        ...(await measure(
          `${name}, reads on the replica`,
          withReplica.child.pid as number,
          `${withReplica.base}${path}`,
          headers,
        )),
        baseline: `${name}, primary only`,
      });
    }
  } finally {
    await withReplica.stop();
  }
  return rows;
}

/** The profile page and the first matches, each beside its same-run hand-written baseline. */
const PAGES = [
  {
    app: 'GET /api/member.php (member)',
    baseline: 'baseline: member.php essence, prepared pg',
    script: 'member-pg.ts',
    url: memberCardUrl,
  },
  {
    app: 'GET /api/signup-matches.php (member)',
    baseline: 'baseline: signup-matches.php essence, prepared pg',
    script: 'signup-matches-pg.ts',
    url: (base: string) => `${base}/api/signup-matches.php`,
  },
];

/** The baselines of PAGES, each checked to answer what the app answers before it is measured. */
async function pageBaselines(base: string, demo: DemoLogin): Promise<Row[]> {
  const headers = { cookie: demo.cookie };
  const measured: Row[] = [];
  for (const page of PAGES) {
    const url = page.url(base, demo);
    const check = sameAs(url, headers, page.script);
    const search = new URL(url).search;
    measured.push(await measureBaseline(page.baseline, page.script, headers, check, search));
  }
  return measured;
}

/** Names each PAGES row's own baseline (the "× its own baseline" column). */
function ownBaselines(rows: Row[]): void {
  for (const page of PAGES) {
    const row = rows.find((r) => r.name === page.app);
    if (row) row.baseline = page.baseline;
  }
}

async function main(): Promise<void> {
  const idleLoad = await machineLoad(2000);
  console.log(`Machine busy before the run: ${idleLoad.toFixed(2)} cores of ${os.cpus().length}`);
  console.log(`Preparing ${new URL(benchDatabaseUrl()).pathname.slice(1)} (migrate + seed)...`);
  prepareDatabase();
  if (groups.has('search') || groups.has('replica')) await seedMillion(members);
  const chatMembers =
    groups.has('chat') || groups.has('storm') || groups.has('sockets')
      ? await seedChat(
          Number(
            groups.has('sockets')
              ? (process.env.BENCH_SCALE_SOCKETS ?? 20_000)
              : (process.env.BENCH_SOCKETS ?? 5_000),
          ),
        )
      : [];
  let app = await startApp();
  const rows: Row[] = [];
  let pairs: SearchPair[] = [];
  let chatRows: ChatRow[] = [];
  let stormRows: StormRow[] = [];
  let pushRows: PushRow[] = [];
  let scaleRow: ScaleRow | null = null;
  let photoRows: PhotoUploadRow[] = [];
  try {
    const demo = await loginDemo(app.base);
    const headers = { cookie: demo.cookie };
    const appUser = (await json(`${app.base}/api/user.php`, headers)) as {
      user: { id: number } | null;
    };
    if (appUser.user?.id !== demo.userId) {
      throw new Error('GET /api/user.php with the demo cookie does not answer the demo member');
    }
    await json(memberCardUrl(app.base, demo), headers);

    console.log('Measuring...');
    const base = app.base;
    const pid = app.child.pid as number;
    if (groups.has('inbox')) await inboxRows(app, measure);
    if (groups.has('base')) {
      rows.push(await measureBaseline('baseline: bare Node HTTP', 'bare.ts'));
      rows.push(
        await measureBaseline(
          'baseline: session lookup, one prepared pg statement',
          'session-pg.ts',
          headers,
          async (baseline) => {
            const own = await json(`http://127.0.0.1:${baseline.port}/`, headers);
            if (!isDeepStrictEqual(own, appUser)) {
              throw new Error(
                `the session baseline answers ${JSON.stringify(own)}, the app ` +
                  `${JSON.stringify(appUser)}: update tests/perf/baselines/session-pg.ts`,
              );
            }
          },
        ),
      );
      rows.push(await measureBaseline('baseline: raw pg geocode query', 'geocode-pg.ts'));
      const chatsUrl = `${base}/api/chats.php`;
      const likesUrl = `${base}/api/likes.php`;
      const chatsBaseline = 'baseline: chats.php essence, prepared pg';
      const likesBaseline = 'baseline: likes.php essence, prepared pg';
      rows.push(
        await measureBaseline(
          chatsBaseline,
          'chats-pg.ts',
          headers,
          sameAs(chatsUrl, headers, 'chats-pg.ts'),
        ),
      );
      rows.push(
        await measureBaseline(
          likesBaseline,
          'likes-pg.ts',
          headers,
          sameAs(likesUrl, headers, 'likes-pg.ts'),
        ),
      );
      rows.push(...(await pageBaselines(base, demo)));
      const appRows: [string, string, Record<string, string>?][] = [
        ['GET /api/health', `${base}/api/health`],
        ['GET /api/settings.php', `${base}/api/settings.php?forced_domain=vonkje.nl`],
        ['GET /api/geocode.php', `${base}/api/geocode.php?lat=${UTRECHT.lat}&lon=${UTRECHT.lon}`],
        ['GET /api/regions.php', `${base}/api/regions.php`],
        ['GET /api/user.php (member)', `${base}/api/user.php`, headers],
        ['GET /api/member.php (member)', memberCardUrl(base, demo), headers],
        ['GET /api/signup-matches.php (member)', `${base}/api/signup-matches.php`, headers],
      ];
      for (const [name, url, rowHeaders] of appRows) {
        rows.push(await measure(name, pid, url, rowHeaders));
      }
      rows.push({
        ...(await measure('GET /api/chats.php (member)', pid, chatsUrl, headers)),
        baseline: chatsBaseline,
      });
      rows.push({
        ...(await measure('GET /api/likes.php (member)', pid, likesUrl, headers)),
        baseline: likesBaseline,
      });
      rows.find((r) => r.name === 'GET /api/user.php (member)')!.baseline = rows[1].name;
      ownBaselines(rows);
    } else if (groups.has('pages')) {
      rows.push(...(await pageBaselines(app.base, demo)));
      for (const page of PAGES) {
        rows.push(await measure(page.app, pid, page.url(app.base, demo), headers));
      }
      // the swipe game's candidates (a Prisma list read; no baseline of its own)
      rows.push(
        await measure('GET /api/swipe.php (member)', pid, `${base}/api/swipe.php`, headers),
      );
      ownBaselines(rows);
    }
    if (groups.has('search')) pairs = await searchRows(app, demo);
    if (groups.has('replica')) rows.push(...(await replicaRows(app, demo)));
    if (groups.has('photoqueue')) await measurePhotoQueue(app, measure);
    if (groups.has('photoupload')) photoRows = await measurePhotoUploads();
    if (groups.has('chat')) {
      console.log('Chat:');
      chatRows = await measureChat(base, pid, chatMembers);
    }
    if (groups.has('sockets')) {
      console.log('Scale:');
      scaleRow = await measureScale(base, pid, chatMembers);
    }
    if (groups.has('storm')) {
      console.log('Reconnect storms:');
      const storm = await measureStorm(app, chatMembers, restartApp);
      stormRows = storm.rows;
      app = storm.app;
    }
    if (groups.has('push')) pushRows = await measurePush();
  } finally {
    await app.stop();
  }

  console.log(
    `\n${new Date().toISOString()}, checkout at ${commit()}, server ${serverMain}, Node ` +
      `${process.version}, ${os.cpus().length} cores; ${connections} connections, ` +
      `${warmupSeconds} s warm-up + ${seconds} s per row; every server and the load generator ` +
      `in its own process. Latency percentiles from every response (ms). CPU per request ` +
      `(µs, from /proc): the measured server process and the PostgreSQL backends of the bench ` +
      `database. "Other processes": cores kept busy by everything but the server, its ` +
      `backends and the load generator (Redis, interrupts, other users of the machine). ` +
      `Machine busy before the run: ${idleLoad.toFixed(2)} cores.\n`,
  );
  if (rows.length > 0) printBaseTable(rows);
  if (pairs.length > 0) printSearchTable(pairs);
  if (chatRows.length > 0) printChatTable(chatRows);
  if (stormRows.length > 0) printStormTable(stormRows);
  if (pushRows.length > 0) printPushTable(pushRows);
  if (scaleRow) printScaleTable(scaleRow);
  if (photoRows.length > 0) printPhotoUploadTable(photoRows);
  if (process.env.BENCH_OUT) {
    writeFileSync(
      process.env.BENCH_OUT,
      JSON.stringify(
        {
          commit: commit(),
          rows,
          pairs,
          chat: chatRows,
          storm: stormRows,
          push: pushRows,
          scale: scaleRow,
          photoUploads: photoRows,
        },
        null,
        2,
      ),
    );
  }
  const failedChat = [...chatRows, ...(scaleRow ? [scaleRow] : [])].filter(
    (c) => c.send.socketErrors + c.send.non2xx > 0 || c.delivery.received < c.send.requests,
  );
  if (failedChat.length > 0) {
    throw new Error(
      `chat rows with errors or undelivered messages: ${failedChat.map((c) => c.name).join('; ')}`,
    );
  }
  const failedStorm = stormRows.filter(
    (r) => r.report.caughtUp < r.report.sockets || r.report.missedReceived < r.sent,
  );
  if (failedStorm.length > 0) {
    throw new Error(
      `storm rows with clients not caught up or messages lost: ${failedStorm.map((r) => r.name).join('; ')}`,
    );
  }
  const failedPush = pushRows.filter((r) => r.received < r.pushes || r.refused > 0);
  if (failedPush.length > 0) {
    throw new Error(
      `push rows with pushes missing or refused: ${failedPush.map((r) => r.name).join('; ')}`,
    );
  }
  // the inline rows' errors are what they measure
  const failedUploads = photoRows.filter(
    (r) =>
      !r.inline &&
      (r.socketErrors + r.non2xx > 0 ||
        Object.keys(r.uploads?.statuses ?? {}).some((status) => status !== '201')),
  );
  if (failedUploads.length > 0) {
    throw new Error(
      `photo upload rows with errors: ${failedUploads
        .map(
          (r) =>
            `${r.name} (${JSON.stringify(r.statusCodes)}, uploads ${JSON.stringify(r.uploads?.statuses)})`,
        )
        .join('; ')}`,
    );
  }
  const failed = [...rows, ...pairs.flatMap((p) => [p.baseline, p.app])].filter(
    (r) => r.errors > 0,
  );
  if (failed.length > 0) {
    throw new Error(
      `rows with errors: ${failed
        .map(
          (r) =>
            `${r.name} (${r.socketErrors} socket errors, status ${JSON.stringify(r.statusCodes)})`,
        )
        .join('; ')}`,
    );
  }
}

const ratio = (value: number) => value.toFixed(3);
const perRequest = (ms: number, r: { requests: number }) => ((ms * 1000) / r.requests).toFixed(0);
const attempts = (r: Row) => (r.attempts > 1 ? ` (measured ${r.attempts}×)` : '');

function printBaseTable(rows: Row[]): void {
  // the general baselines (absent when only the pages group ran)
  const rate = (name: string) => rows.find((r) => r.name.startsWith(name))?.rps;
  const bare = rate('baseline: bare Node');
  const session = rate('baseline: session lookup');
  const geocode = rate('baseline: raw pg geocode');
  const of = (r: Row, baseline: number | undefined) => (baseline ? ratio(r.rps / baseline) : '');
  const own = (r: Row) => {
    const of = rows.find((b) => b.name === r.baseline);
    return of ? ratio(r.rps / of.rps) : '';
  };
  console.log(
    '| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | × bare Node | × session baseline ' +
      '| × raw pg geocode | × its own baseline | server CPU µs/req | PostgreSQL CPU µs/req | other processes (cores) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name}${attempts(r)} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ` +
        `${r.p99.toFixed(1)} | ${r.errors} | ${of(r, bare)} | ${of(r, session)} | ` +
        `${of(r, geocode)} | ${own(r)} | ${perRequest(r.serverMs, r)} | ` +
        `${perRequest(r.dbMs, r)} | ${otherCores(r).toFixed(2)} |`,
    );
  }
}

/** Search beside its baseline. Goals: p95 at most 2× the baseline's, throughput at least 0.5×. */
function printSearchTable(pairs: SearchPair[]): void {
  console.log(
    `\nSearch at ${members.toLocaleString('en')} bench members (+ the demo members), each mix ` +
      'beside the same-run baseline (one hand-written statement through pg, bare Node server). ' +
      'Goals: throughput >= 0.5× and p95 <= 2× the baseline.\n',
  );
  console.log(
    '| search | results | who | req/s | p50 ms | p95 ms | p99 ms | errors | server CPU µs/req ' +
      '| PostgreSQL CPU µs/req | other processes (cores) | × baseline req/s | p95 ÷ baseline p95 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const pair of pairs) {
    for (const [who, r] of [
      [pair.against ?? 'baseline', pair.baseline],
      ['app', pair.app],
    ] as const) {
      const ratios =
        r === pair.app
          ? `**${ratio(r.rps / pair.baseline.rps)}** | **${ratio(r.p95 / pair.baseline.p95)}**`
          : '1 | 1';
      console.log(
        `| ${pair.mix} | ${pair.results === null ? '(page 1 counts)' : `${pair.results}${pair.capped ? '+' : ''}`} | ${who}${attempts(r)} | ` +
          `${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ` +
          `${r.errors} | ${perRequest(r.serverMs, r)} | ${perRequest(r.dbMs, r)} | ` +
          `${otherCores(r).toFixed(2)} | ${ratios} |`,
      );
    }
  }
}

/** The chat rows: sends and their delivery to the recipient's socket. */
function printChatTable(chatRows: ChatRow[]): void {
  console.log(
    '\n| chat | sends/s | send p50 ms | p95 ms | p99 ms | errors | delivered | delivery p50 ms | ' +
      'p95 ms | p99 ms | max ms | sockets | server CPU µs/send | PostgreSQL CPU µs/send |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const c of chatRows) {
    const us = (ms: number) => ((ms * 1000) / c.send.requests).toFixed(0);
    console.log(
      `| ${c.name} | ${c.send.rps.toFixed(0)} | ${c.send.p50.toFixed(1)} | ${c.send.p95.toFixed(1)} | ` +
        `${c.send.p99.toFixed(1)} | ${c.send.socketErrors + c.send.non2xx} | ` +
        `${c.delivery.received}/${c.send.requests} | ${c.delivery.p50.toFixed(1)} | ` +
        `${c.delivery.p95.toFixed(1)} | ${c.delivery.p99.toFixed(1)} | ${c.delivery.max.toFixed(1)} | ` +
        `${c.delivery.connected} | ${us(c.serverMs)} | ${us(c.dbMs)} |`,
    );
  }
}

/** The reconnect storms: how long until every client had what it missed, and at what cost. */
function printStormTable(stormRows: StormRow[]): void {
  console.log(
    '\n| reconnect storm | caught up | recovered by socket.io | missed messages received | ' +
      'p50 ms | p95 ms | p99 ms | all caught up ms | HTTP requests | failed requests | ' +
      'server CPU ms | PostgreSQL CPU ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of stormRows) {
    console.log(
      `| ${r.name} | ${r.report.caughtUp}/${r.report.sockets} | ${r.report.recovered} | ` +
        `${r.report.missedReceived}/${r.sent} | ${r.report.p50} | ${r.report.p95} | ` +
        `${r.report.p99} | ${r.report.max} | ${r.report.requests} | ${r.report.failed} | ` +
        `${r.serverMs.toFixed(0)} | ${r.dbMs.toFixed(0)} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
