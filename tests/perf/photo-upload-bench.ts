/**
 * The photo upload rows (BENCH_ROWS=photoupload; issue 39, item 4): what ten HEIC uploads under
 * way at once do to everyone else's requests. GET /api/user.php (the demo member, the endpoint
 * every tab polls) at a fixed rate, BENCH_PHOTO_RATE requests a second (default 200), open-loop
 * (paced-load.ts: each request sent when due and timed from then, so a stalled server is asked
 * as often as a quick one), first on a quiet server and then while BENCH_PHOTO_UPLOADERS members
 * (default 10) each upload a 12-megapixel HEIC, one after the other, so that ten are always
 * under way. Twice, each time on a server of its own: with PHOTO_WORKERS=0 (the pipeline on the
 * request thread: before) and with the worker pool (PHOTO_WORKERS unset, its default; or
 * BENCH_PHOTO_WORKERS). The uploaders run in a process of their own (photo-uploads.ts), the
 * load generator in another; the load starts once every uploader had its first
 * answer (the pool's threads are up), and the uploads under way finish before the next row.
 *
 * The photo (tests/perf/fixtures/photo-12mp.heic, 218 KB, 4032x3024 as an iPhone's) was made
 * once: sharp drew a gradient with 40 translucent discs and blurred noise, saved as a JPEG, and
 * libheif's heif-enc (1.15.1, x265) encoded it with -q 30. What a decode costs depends on the
 * pixels far more than on the bytes.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import {
  benchDatabaseUrl,
  cpuWindow,
  lineProcess,
  load,
  loginDemo,
  root,
  startApp,
  waitForQuiet,
  type App,
  type CpuUse,
} from './harness.js';
import type { LoadResult } from './load.js';
import type { UploadReport } from './photo-uploads.js';
import { seedBenchMembers } from './seed-chat.js';

const UPLOADERS = Number(process.env.BENCH_PHOTO_UPLOADERS ?? 10);
const RATE = Number(process.env.BENCH_PHOTO_RATE ?? 200);
const PHOTO = path.join(root, 'tests/perf/fixtures/photo-12mp.heic');

export interface PhotoUploadRow extends LoadResult, CpuUse {
  name: string;
  /** The uploads during the row (none on the quiet rows). */
  uploads: UploadReport | null;
  /**
   * The pipeline on the request thread (the "before"): its errors are what is measured (answers
   * that never came, transactions and waits that ran out while a decode held the thread).
   */
  inline: boolean;
}

/**
 * UPLOADERS premium members (`photo-<n>@bench.test`, seed-chat.ts's bench members) with no photos
 * left from an earlier row and a live session each; returns their Cookie headers.
 */
async function seedUploaders(): Promise<string[]> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  const salt = randomBytes(9).toString('base64url');
  try {
    await client.query('BEGIN');
    await seedBenchMembers(client, 'photo', UPLOADERS, salt);
    // the photos of an earlier row go (their files stay in the bench's storage folder)
    await client.query(
      `UPDATE profiles p SET main_photo_id = NULL FROM users u
       WHERE u.id = p.user_id AND u.email LIKE 'photo-%@bench.test'`,
    );
    await client.query(
      `DELETE FROM photos f USING profiles p, users u
       WHERE f.profile_id = p.id AND u.id = p.user_id AND u.email LIKE 'photo-%@bench.test'`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
  return Array.from({ length: UPLOADERS }, (_, i) => `sid=photobench-${i + 1}-${salt}`);
}

/**
 * user.php at RATE a second, open-loop (paced-load.ts: each request sent when due, whatever the
 * server does, and timed from then), warm-up then the measured run, with the server's CPU.
 */
async function userPhp(app: App, cookie: string, name: string) {
  const job = {
    url: `${app.base}/api/user.php`,
    connections: 0,
    rate: RATE,
    headers: { cookie },
    warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 1),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
  };
  await load({ ...job, seconds: job.warmupSeconds, warmupSeconds: 0 }, 'paced-load.ts');
  const cpu = cpuWindow(app.child.pid as number);
  const result = await load({ ...job, warmupSeconds: 0 }, 'paced-load.ts');
  return { name, ...result, ...cpu.end() };
}

/** The quiet row and the row under uploads, on one server started with `workers`. */
async function rowsOf(label: string, workers: string) {
  const app = await startApp({
    env: {
      PHOTO_WORKERS: workers,
      RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR: '1000000000',
      // beside the bench's main app, which keeps the default metrics port
      METRICS_PORT: '0',
    },
  });
  const rows: PhotoUploadRow[] = [];
  try {
    const demo = await loginDemo(app.base);
    const cookies = await seedUploaders();
    await waitForQuiet();
    process.stdout.write(`  GET /api/user.php, no uploads, ${label} ...`);
    const quiet = await userPhp(app, demo.cookie, `no uploads, ${label}`);
    console.log(` p99 ${quiet.p99.toFixed(1)} ms`);
    rows.push({ ...quiet, uploads: null, inline: workers === '0' });

    await waitForQuiet();
    process.stdout.write(`  GET /api/user.php, ${UPLOADERS} HEIC uploads at once, ${label} ...`);
    const uploaders = lineProcess('photo-uploads.ts', [app.base, PHOTO, ...cookies]);
    try {
      uploaders.send('start');
      await uploaders.next();
      const busy = await userPhp(app, demo.cookie, `${UPLOADERS} HEIC uploads at once, ${label}`);
      uploaders.send('stop');
      const uploads = JSON.parse(await uploaders.next()) as UploadReport;
      console.log(` p99 ${busy.p99.toFixed(1)} ms; ${uploads.uploads} uploads`);
      rows.push({ ...busy, uploads, inline: workers === '0' });
    } finally {
      await uploaders.close();
    }
  } finally {
    await app.stop();
  }
  return rows;
}

/** The four rows: quiet and under uploads, inline (before) and on the pool (after). */
export async function measurePhotoUploads(): Promise<PhotoUploadRow[]> {
  console.log(
    `Photo uploads (${UPLOADERS} HEIC uploads of 12 MP at once) beside GET /api/user.php at ` +
      `${RATE} req/s:`,
  );
  const pooled = process.env.BENCH_PHOTO_WORKERS ?? '';
  return [
    ...(await rowsOf('PHOTO_WORKERS=0 (inline)', '0')),
    ...(await rowsOf(`worker pool (PHOTO_WORKERS=${pooled || 'default'})`, pooled)),
  ];
}

export function printPhotoUploadTable(rows: PhotoUploadRow[]): void {
  console.log(
    `\nGET /api/user.php (member) at ${RATE} req/s, open-loop (each request sent when due and ` +
      'timed from then; an answer later than 60 s counts as an error), quiet and while ' +
      `${UPLOADERS} members upload a 12 MP HEIC each, one after the other (POST /api/photo.php); ` +
      'each server, the uploaders and the load generator in its own ' +
      'process. "× quiet p99": the p99 beside the same server\'s quiet row. "Other processes": ' +
      'cores kept busy by all but the server, its database backends and the load generator ' +
      '(the uploaders, and other users of the machine).\n',
  );
  console.log(
    '| user.php | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | × quiet p99 | ' +
      'server CPU µs/req | other processes (cores) | uploads answered | their statuses | ' +
      'upload p50 ms | upload p95 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  let quiet: PhotoUploadRow | null = null;
  for (const r of rows) {
    if (!r.uploads) quiet = r;
    const errors = r.socketErrors + r.non2xx;
    const times = quiet && r.uploads ? `**${(r.p99 / quiet.p99).toFixed(1)}**` : '1';
    const cpu = ((r.serverMs * 1000) / r.requests).toFixed(0);
    const others = ((r.machineBusyMs - r.serverMs - r.dbMs - r.cpuMs) / r.wallMs).toFixed(2);
    const uploads = r.uploads
      ? `${r.uploads.uploads} | ${JSON.stringify(r.uploads.statuses)} | ${r.uploads.p50.toFixed(0)} | ${r.uploads.p95.toFixed(0)}`
      : ' | | | ';
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ` +
        `${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${errors} | ${times} | ${cpu} | ${others} | ` +
        `${uploads} |`,
    );
  }
}
