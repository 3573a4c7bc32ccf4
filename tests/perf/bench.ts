/**
 * `npm run bench`: throughput and latency of the API as production runs it, next to baselines
 * measured in the same run on the same machine (a bare Node HTTP server, and the same geocode
 * query through raw `pg`), so results read as ratios. Machines here are noisy: compare within
 * one run only. Needs a build (`npm run build`) and PostgreSQL + Redis.
 *
 * Env: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50).
 */
import '../../scripts/load-env.mjs';
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dbUrl = new URL(process.env.DATABASE_URL as string);
dbUrl.pathname = '/dating_bench';
const UTRECHT = { lat: 52.0907, lon: 5.1214 };

interface Row {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function load(name: string, url: string, headers?: Record<string, string>): Promise<Row> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

async function prepareDatabase(): Promise<void> {
  // the bench logs in as the demo member: seeded whatever NODE_ENV or SEED_DEMO say in .env
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
  };
  for (const script of [['prisma/migrate.ts', 'deploy'], ['prisma/seed.ts']]) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', ...script], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`${script[0]} failed`);
  }
}

async function startApp(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      WEB_DIST_DIR: '',
      // production requires both; the bench's requests send no mail
      APP_URL: `http://localhost:${port}`,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      TRUST_PROXY: 'false',
      // the rows measure throughput: the per-member card limit (counted all the same) must not
      // turn the load into 429s
      RATE_LIMIT_MEMBER_PROFILES_PER_HOUR: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the app did not start');
}

async function main(): Promise<void> {
  console.log(`Preparing ${dbUrl.pathname.slice(1)} (migrate + seed)...`);
  await prepareDatabase();

  const bare = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 10 });
  const rawGeocode = http.createServer((_req, res) => {
    pool
      .query(
        `SELECT id, name FROM cities WHERE latitude BETWEEN $1 - 0.15 AND $1 + 0.15
           AND longitude BETWEEN $2 - 0.25 AND $2 + 0.25
         ORDER BY (latitude - $1) ^ 2 + (longitude - $2) ^ 2 LIMIT 1`,
        [UTRECHT.lat, UTRECHT.lon],
      )
      .then(
        (r) => res.end(JSON.stringify(r.rows[0])),
        () => ((res.statusCode = 500), res.end()),
      );
  });
  const barePort = await listen(bare);
  const rawPort = await listen(rawGeocode);
  const appPort = 3200;
  const app = await startApp(appPort);
  const rows: Row[] = [];
  try {
    const base = `http://127.0.0.1:${appPort}`;
    rows.push(await load('baseline: bare Node HTTP', `http://127.0.0.1:${barePort}/`));
    rows.push(await load('baseline: raw pg geocode query', `http://127.0.0.1:${rawPort}/`));
    rows.push(await load('GET /api/health', `${base}/api/health`));
    rows.push(
      await load('GET /api/settings.php', `${base}/api/settings.php?forced_domain=vonkje.nl`),
    );
    rows.push(
      await load(
        'GET /api/geocode.php',
        `${base}/api/geocode.php?lat=${UTRECHT.lat}&lon=${UTRECHT.lon}`,
      ),
    );
    rows.push(await load('GET /api/regions.php', `${base}/api/regions.php`));
    // a logged-in demo member (README's demo login) and a demo profile
    const login = await fetch(`${base}/api/user.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
      body: JSON.stringify({ email: 'demo@vonkje.test', password: 'demo1234' }),
    });
    // the session cookie (login also sets the trusted-browser cookie `device`)
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.startsWith('sid='));
    if (!login.ok || !cookie) throw new Error(`the demo login failed (${login.status})`);
    const me = (await login.json()) as { user: { profile: { id: number } } };
    rows.push(await load('GET /api/user.php (member)', `${base}/api/user.php`, { cookie }));
    rows.push(
      await load('GET /api/member.php', `${base}/api/member.php?id=${me.user.profile.id - 1}`, {
        cookie,
      }),
    );
    rows.push(
      await load('GET /api/signup-matches.php', `${base}/api/signup-matches.php`, { cookie }),
    );
  } finally {
    app.kill('SIGTERM');
    bare.close();
    rawGeocode.close();
    await pool.end();
  }
  const bareRps = rows[0].rps;
  const rawRps = rows[1].rps;
  console.log(
    `\n${seconds}s per row, ${connections} connections, load generator on the same cores\n`,
  );
  console.log(
    '| endpoint | req/s | p50 ms | p97.5 ms | p99 ms | errors | × bare Node | × raw pg |\n|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${(r.rps / bareRps).toFixed(3)} | ${(r.rps / rawRps).toFixed(3)} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
