import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../common/app-error';
import { PDF, jpeg, png, pngDeclaring } from '../../test/helpers/images';
import { PROBE_TURNS } from '../../test/fixtures/photo-worker-probe';
import { PHOTO_SIZES, processPhoto, type ProcessedPhoto } from './photo-pipeline';
import { PhotoPool, type PhotoPoolOptions } from './photo-pool';

const fixtures = path.join(__dirname, '../../test/fixtures');
/** The real worker with its probes (test/fixtures/photo-worker-probe.ts). */
const PROBE = path.join(fixtures, 'photo-worker-probe.ts');
/** An iPhone-style HEIC (HEVC, 640x480), made once with libheif's heif-enc. */
const heic = () => readFile(path.join(fixtures, 'sample.heic'));

/** The first 60% of a file. */
const truncated = (file: Buffer) => file.subarray(0, Math.floor(file.length * 0.6));

/** What the pipeline threw, or a failure when it answered. */
async function refusal(processing: Promise<ProcessedPhoto>): Promise<AppError> {
  const error = await processing.then(
    () => new Error('the photo was accepted'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw error;
  return error;
}

describe('the photo pool: the pipeline on worker threads', () => {
  const pools: PhotoPool[] = [];
  const poolOf = (options: PhotoPoolOptions) => {
    const pool = new PhotoPool(options);
    pools.push(pool);
    return pool;
  };
  afterAll(() => Promise.all(pools.map((pool) => pool.close())));

  let pool: PhotoPool;
  beforeAll(() => {
    pool = poolOf({ threads: 2 });
  });

  it.each([
    [
      'a JPEG turned by its EXIF orientation',
      async () =>
        sharp(await jpeg(800, 600))
          .withMetadata({ orientation: 6 })
          .toBuffer(),
    ],
    ['a PNG', () => png(400, 300)],
    ['a HEIC', heic],
  ])(
    'gives for %s what the inline pipeline gives: the same four WebP files, size and hash',
    async (_name, make) => {
      const upload = await make();
      const inWorker = await pool.process(Buffer.from(upload));
      const inline = await processPhoto(Buffer.from(upload));
      expect({ width: inWorker.width, height: inWorker.height, hash: inWorker.hash }).toEqual({
        width: inline.width,
        height: inline.height,
        hash: inline.hash,
      });
      for (const size of PHOTO_SIZES) {
        expect(Buffer.isBuffer(inWorker.files[size])).toBe(true);
        expect((await sharp(inWorker.files[size]).metadata()).format).toBe('webp');
        expect(inWorker.files[size].equals(inline.files[size])).toBe(true);
      }
    },
  );

  it.each([
    [
      'a 15 MB upload and more',
      'photo_too_large',
      async () => Buffer.concat([await jpeg(400, 400), Buffer.alloc(15 * 1024 * 1024)]),
    ],
    ['a PDF', 'photo_type_unsupported', async () => PDF],
    ['a truncated JPEG', 'photo_unreadable', async () => truncated(await jpeg(1000, 800))],
    // libheif logs why it could not decode it
    ['a truncated HEIC', 'photo_unreadable', async () => truncated(await heic())],
    [
      'a PNG declaring 50000x50000',
      'photo_too_many_pixels',
      async () => pngDeclaring(50_000, 50_000),
    ],
    ['a 40x40 PNG', 'photo_too_small', () => png(40, 40)],
  ])(
    'refuses %s in a worker with the AppError the inline pipeline throws (%s): code, params, status',
    async (_name, code, make) => {
      const upload = await make();
      const inline = await refusal(processPhoto(Buffer.from(upload)));
      const inWorker = await refusal(pool.process(Buffer.from(upload)));
      expect(inline.code).toBe(code);
      expect({ code: inWorker.code, params: inWorker.params, status: inWorker.status }).toEqual({
        code: inline.code,
        params: inline.params,
        status: inline.status,
      });
      expect(inWorker.status).toBeLessThan(500);
    },
  );

  it('serves the uploads waiting for its thread in the order they came', async () => {
    const single = poolOf({ threads: 1 });
    const uploads = await Promise.all([png(400, 300), png(401, 300), png(402, 300), png(403, 300)]);
    const finished: number[] = [];
    await Promise.all(
      uploads.map((upload) => single.process(upload).then((photo) => finished.push(photo.width))),
    );
    expect(finished).toEqual([400, 401, 402, 403]);
  });

  it('keeps the main thread turning its event loop while libheif decodes a HEIC in a worker', async () => {
    // slot 0: the main thread's turns; slot 1: the turns the probe saw during the decode
    const turns = new Int32Array(new SharedArrayBuffer(8));
    const probed = poolOf({ threads: 1, workerFile: PROBE, workerData: turns });
    const ticking = setInterval(() => {
      Atomics.add(turns, 0, 1);
      Atomics.notify(turns, 0);
    }, 1);
    try {
      const photo = await probed.process(await heic());
      expect({ width: photo.width, height: photo.height }).toEqual({ width: 640, height: 480 });
    } finally {
      clearInterval(ticking);
    }
    // the decode returned only after the main thread had turned PROBE_TURNS times meanwhile
    expect(Atomics.load(turns, 1)).toBeGreaterThanOrEqual(PROBE_TURNS);
  });

  it('answers an upload whose worker died with 422 photo_unreadable, and goes on serving', async () => {
    const warnings: string[] = [];
    const probed = poolOf({
      threads: 2,
      workerFile: PROBE,
      warn: (message) => warnings.push(message),
    });
    const [died, beside] = await Promise.all([
      refusal(probed.process(Buffer.from('DIE, as a crash in the decoder would'))),
      probed.process(await jpeg(400, 300)),
    ]);
    expect({ code: died.code, status: died.status }).toEqual({
      code: 'photo_unreadable',
      status: 422,
    });
    expect(warnings).toEqual([expect.stringContaining('worker exited with code: 70')]);
    expect(beside.width).toBe(400);
    // the next uploads: on the thread left and on a new one
    const next = await Promise.all([probed.process(await heic()), probed.process(await png())]);
    expect(next.map((photo) => photo.width)).toEqual([640, 400]);
  });

  it('ends the thread of an upload that runs past its limit in the worker with 422 photo_unreadable, counting only its own run, and goes on serving', async () => {
    const warnings: string[] = [];
    const probed = poolOf({
      threads: 1,
      workerFile: PROBE,
      processLimitMs: 3_000,
      warn: (message) => warnings.push(message),
    });
    // one thread: the JPEG waits behind the hung upload for as long as the limit and more, and
    // is still processed, since only its own run is timed
    const [hung, waited] = await Promise.all([
      refusal(probed.process(Buffer.from('HANG, as a decoder in an endless loop would'))),
      probed.process(await jpeg(400, 300)),
    ]);
    expect({ code: hung.code, status: hung.status }).toEqual({
      code: 'photo_unreadable',
      status: 422,
    });
    expect(warnings).toContainEqual(
      'An upload ran longer than 3000 ms in its photo worker; the thread was ended',
    );
    expect(waited.width).toBe(400);
    expect((await probed.process(await heic())).width).toBe(640);
  });

  it('moves an upload that holds its memory alone to the worker, and copies one that shares it', async () => {
    const photo = await jpeg(800, 600);
    const alone = Buffer.alloc(photo.length);
    photo.copy(alone);
    // sharp's output is not transferable: Node copies it
    const shared = photo;
    const [moved, copied] = await Promise.all([pool.process(alone), pool.process(shared)]);
    expect(moved.width).toBe(800);
    expect(copied.width).toBe(800);
    expect(alone.length).toBe(0);
    expect(shared.length).toBeGreaterThan(0);
  });

  it('closes after the uploads under way, and answers later ones with 503 service_unavailable', async () => {
    const closing = poolOf({ threads: 1 });
    const underWay = closing.process(await jpeg(400, 300));
    await closing.close();
    expect((await underWay).width).toBe(400);
    const later = await refusal(closing.process(await jpeg(400, 300)));
    expect({ code: later.code, status: later.status }).toEqual({
      code: 'service_unavailable',
      status: 503,
    });
  });

  it('runs the pipeline on the calling thread with no worker threads (PHOTO_WORKERS=0)', async () => {
    const inline = poolOf({ threads: 0 });
    const photo = await inline.process(await heic());
    expect(photo.width).toBe(640);
    expect(inline.threads).toBe(0);
  });
});
