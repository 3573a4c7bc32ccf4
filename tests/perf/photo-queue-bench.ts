/**
 * The photo inspection queue row (BENCH_ROWS=photoqueue): GET /api/staff/inspection/photos (the
 * oldest 20 photos waiting, with the count and the oldest wait) for a moderator's staff session,
 * with BENCH_PHOTO_QUEUE (default 10,000) photos under inspection, beside the same-run baseline
 * (tests/perf/baselines/photo-queue-pg.ts: the staff session lookup and the two statements by
 * hand through `pg`), which must answer the identical JSON (checked before measuring).
 */
import { createHash, randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { benchDatabaseUrl, startBaseline, type App } from './harness.js';
import type { LoadResult } from './load.js';

type Measure = (
  name: string,
  pid: number,
  url: string,
  headers?: Record<string, string>,
) => Promise<LoadResult & { errors: number }>;

const WAITING = Number(process.env.BENCH_PHOTO_QUEUE ?? 10_000);

/**
 * Puts WAITING photos under inspection (rows only, spread over the seeded profiles and the last
 * 30 days; earlier bench photos are removed first) and begins a moderator's staff session.
 * Returns the Cookie header of that session.
 */
export async function seedPhotoQueue(): Promise<{ cookie: string }> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`DELETE FROM photos WHERE filename LIKE 'benchq%'`);
    // the rest of the queue is approved: the row measures WAITING photos
    await client.query(`UPDATE photos SET status = 'active' WHERE status = 'under_inspection'`);
    await client.query(
      `INSERT INTO photos (profile_id, filename, thumb_filename, status, width, height, created_at)
       SELECT p.id, 'benchq' || g || 'x' || md5(g::text) || '-full.webp',
              'benchq' || g || 'x' || md5(g::text) || '-thumb.webp', 'under_inspection', 800, 600,
              now() - (g * interval '4 minutes')
       FROM generate_series(1, $1::int) g
       JOIN LATERAL (SELECT id FROM profiles ORDER BY id OFFSET (g % 200) LIMIT 1) p ON true`,
      [WAITING],
    );
    await client.query('ANALYZE photos');
    const email = 'bench-moderator@vonkje.test';
    let { rows } = await client.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [
      email,
    ]);
    if (rows.length === 0) {
      ({ rows } = await client.query<{ id: number }>(
        `INSERT INTO users (email, status, roles, confirmed_at, updated_at)
         VALUES ($1, 'confirmed', ARRAY['moderator']::"StaffRole"[], now(), now()) RETURNING id`,
        [email],
      ));
    }
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `INSERT INTO staff_sessions (id, user_id, token_hash, roles, expires_at, last_seen_at)
       VALUES (gen_random_uuid(), $1, $2, ARRAY['moderator']::"StaffRole"[],
               now() + interval '12 hours', now())`,
      [rows[0].id, createHash('sha256').update(token).digest('hex')],
    );
    return { cookie: `ssid=${token}` };
  } finally {
    await client.end();
  }
}

async function json(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** Seeds the queue, checks the baseline answers the app's JSON, measures both, prints them. */
export async function measurePhotoQueue(app: App, measure: Measure) {
  console.log(`Photo queue (${WAITING} waiting):`);
  const { cookie } = await seedPhotoQueue();
  const headers = { cookie };
  const appUrl = `${app.base}/api/staff/inspection/photos`;
  const baseline = await startBaseline('photo-queue-pg.ts');
  let base: LoadResult & { errors: number };
  try {
    const url = `http://127.0.0.1:${baseline.port}/`;
    const [own, theApp] = await Promise.all([json(url, headers), json(appUrl, headers)]);
    if (!isDeepStrictEqual(own, theApp)) {
      throw new Error(
        `the photo queue baseline answers ${JSON.stringify(own)}, the app ` +
          `${JSON.stringify(theApp)}: update tests/perf/baselines/photo-queue-pg.ts`,
      );
    }
    base = await measure('baseline: photo queue, prepared pg', baseline.pid, url, headers);
  } finally {
    await baseline.stop();
  }
  const row = await measure(
    'GET /api/staff/inspection/photos (moderator)',
    app.child.pid as number,
    appUrl,
    headers,
  );
  const line = (name: string, r: LoadResult & { errors: number }) =>
    `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ` +
    `${r.p99.toFixed(1)} | ${r.errors} |`;
  console.log(
    `\n| Photo queue, ${WAITING} waiting | req/s | p50 ms | p95 ms | p99 ms | errors |\n` +
      `|---|---:|---:|---:|---:|---:|\n` +
      `${line('baseline: photo queue, prepared pg', base)}\n` +
      `${line('GET /api/staff/inspection/photos (moderator)', row)}\n`,
  );
  if (row.p95 > 50) console.log(`  the app's p95 ${row.p95.toFixed(1)} ms is above 50 ms`);
  return { baseline: base, app: row };
}
