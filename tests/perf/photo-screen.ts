/**
 * Photo pre-screening (issue 35, point 1), measured on one core:
 * 1. photos scored per second by the worker's model (nsfwjs MobileNetV2 on TensorFlow.js's
 *    WebAssembly backend, one thread), on stored-size photos (WebP, at most 1600 px), with the
 *    model's load time and the process's memory;
 * 2. the time an upload gains before its answer: the perceptual hash (in the pipeline), the
 *    screening row with its match against the kept abuse hashes (one INSERT), and queueing the job.
 *
 * Usage: node --import tsx tests/perf/photo-screen.ts
 * Env: PHOTOS (default 40), KEPT_HASHES (default 10000), DATABASE_URL (a scratch database: a
 * temporary table is used; without it the SQL part is skipped), REDIS_URL (without it the queue
 * part is skipped). Pin it to one core with `taskset -c 0`.
 */
import { performance } from 'node:perf_hooks';
import { Queue } from 'bullmq';
import pg from 'pg';
import sharp from 'sharp';
import { differenceHash } from '../../server/src/common/photo-hash.js';
import { scorePhoto, warmUp } from '../../server/src/photo-screening/nsfw-model.js';

const PHOTOS = Number(process.env.PHOTOS ?? 40);
const KEPT = Number(process.env.KEPT_HASHES ?? 10_000);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A photo-like picture: discs placed by `seed` on a noisy background. */
async function picture(seed: number, width = 2000, height = 1500): Promise<Buffer> {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const discs = Array.from({ length: 20 }, () => {
    const fill = `rgb(${Math.floor(next() * 255)},${Math.floor(next() * 255)},${Math.floor(next() * 255)})`;
    return `<circle cx="${Math.floor(next() * width)}" cy="${Math.floor(next() * height)}" r="${Math.floor(50 + next() * 300)}" fill="${fill}"/>`;
  }).join('');
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}">${discs}</svg>`) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

async function main(): Promise<void> {
  sharp.concurrency(1);
  const uploads = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => picture(i + 1)));
  const stored: Buffer[] = [];
  // as the pipeline stores them: oriented, at most 1600 px, WebP
  for (const upload of uploads) {
    stored.push(
      await sharp(upload)
        .rotate()
        .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  }

  // 1. scoring
  const before = process.memoryUsage().rss;
  let started = performance.now();
  await warmUp();
  const loadMs = performance.now() - started;
  const afterLoad = process.memoryUsage().rss;
  await scorePhoto(stored[0]!);
  const each: number[] = [];
  started = performance.now();
  for (const file of stored) {
    const one = performance.now();
    await scorePhoto(file);
    each.push(performance.now() - one);
  }
  const seconds = (performance.now() - started) / 1000;
  const afterScoring = process.memoryUsage().rss;
  console.log(
    JSON.stringify({
      part: 'scoring',
      photos: PHOTOS,
      photos_per_second: Math.round((PHOTOS / seconds) * 10) / 10,
      ms_median: Math.round(median(each)),
      ms_p95: Math.round(p95(each)),
      model_load_ms: Math.round(loadMs),
      rss_mb: {
        before_model: mb(before),
        after_load: mb(afterLoad),
        after_scoring: mb(afterScoring),
      },
    }),
  );

  // 2. what the upload gains: the hash of the oriented pixels (as the pipeline takes it)
  const hashMs: number[] = [];
  const hashes: bigint[] = [];
  for (const upload of uploads) {
    const { data, info } = await sharp(upload)
      .rotate()
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const one = performance.now();
    hashes.push(
      await differenceHash(
        sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }),
      ),
    );
    hashMs.push(performance.now() - one);
  }
  const added: Record<string, number> = { hash_ms_median: Math.round(median(hashMs) * 10) / 10 };

  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`CREATE TEMP TABLE kept (hash bigint NOT NULL)`);
    await client.query(
      `INSERT INTO kept SELECT (random() * 9.2e18 - 4.6e18)::bigint FROM generate_series(1, $1::int)`,
      [KEPT],
    );
    await client.query(`CREATE TEMP TABLE screened (id serial, hash bigint, abuse_match boolean)`);
    const sqlMs: number[] = [];
    for (const hash of hashes) {
      const one = performance.now();
      await client.query(
        `INSERT INTO screened (hash, abuse_match)
         VALUES ($1::bigint, EXISTS (SELECT 1 FROM kept k
           WHERE bit_count((k.hash # $1::bigint)::bit(64)) <= 6)) RETURNING id, abuse_match`,
        [hash.toString()],
      );
      sqlMs.push(performance.now() - one);
    }
    await client.end();
    added[`insert_with_match_of_${KEPT}_kept_ms_median`] = Math.round(median(sqlMs) * 10) / 10;
  }

  if (process.env.REDIS_URL) {
    const url = new URL(process.env.REDIS_URL);
    const queue = new Queue('photo-screen-bench', {
      connection: {
        host: url.hostname,
        port: Number(url.port || 6379),
        db: Number(url.pathname.slice(1) || 0),
      },
    });
    await queue.waitUntilReady();
    const queueMs: number[] = [];
    for (let i = 0; i < PHOTOS; i += 1) {
      const one = performance.now();
      await queue.add(
        'score',
        { screeningId: i },
        { jobId: `bench-${Date.now()}-${i}`, removeOnComplete: true },
      );
      queueMs.push(performance.now() - one);
    }
    await queue.obliterate({ force: true });
    await queue.close();
    added.queue_add_ms_median = Math.round(median(queueMs) * 10) / 10;
  }
  const total = Object.values(added).reduce((sum, value) => sum + value, 0);
  console.log(
    JSON.stringify({
      part: 'upload_to_queue_added',
      ...added,
      total_ms: Math.round(total * 10) / 10,
    }),
  );
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
