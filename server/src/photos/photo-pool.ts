import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMarkedAsUntransferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
// sharp (libvips) is loaded by the main thread before any worker is: a worker that ends then
// never makes glibc unload the shared libraries the others still use (sharp's documentation)
import 'sharp';
import { AppError } from '../common/app-error';
import { PHOTO_SIZES, processPhoto, type ProcessedPhoto } from './photo-pipeline';
import type { WorkerAnswer, WorkerTask } from './photo-worker';

type RunTransferList = NonNullable<Parameters<Piscina['run']>[1]>['transferList'];

export interface PhotoPoolOptions {
  /** Worker threads at the most; 0 runs the pipeline inline, on the calling thread. */
  threads: number;
  /** The worker's module: photo-worker.ts (tests give a probe around it). */
  workerFile?: string;
  /** Given to every worker thread as `workerData` (the tests' probes). */
  workerData?: unknown;
  /** Where a worker that ended with an upload, or died idle, is reported. */
  warn?: (message: string) => void;
  /**
   * How long an upload may run in its worker (not counting its wait for a thread) before the
   * thread is ended and the upload refused: PROCESS_LIMIT_MS unless a test says otherwise.
   */
  processLimitMs?: number;
}

/**
 * An upload still in its worker this long after it began is given up: its thread is ended (the
 * only way to stop a synchronous decode) and the member told the photo cannot be read (422), so a
 * file that makes a decoder loop holds no thread for good. A 12 MP HEIC takes 2-4 s on a quiet
 * core (docs/performance.md); a minute leaves room for a machine under load.
 */
const PROCESS_LIMIT_MS = 60_000;

/**
 * A worker beyond the first ends after this long idle, and the memory of its decodes (libheif's
 * heap) with it; the first stays, so an upload seldom waits for a thread to start (most of a
 * second: sharp, libheif and the contract loaded anew in the thread).
 */
const IDLE_MS = 60_000;

/**
 * The photo pipeline (photo-pipeline.ts) on a pool of worker threads (piscina), so that one
 * upload never stalls the requests of others: libheif's WebAssembly decode of a HEIC runs
 * synchronously for as long as the photo takes, and the rest (sniffing, the header checks,
 * sharp, the hash) goes with it. Answers exactly as the inline pipeline does: the same photo, or
 * the same AppError (code, params) the pipeline threw in the worker; a worker that dies with an
 * upload, or runs longer than its limit in the worker (PROCESS_LIMIT_MS; its thread is then
 * ended), is a 422 photo_unreadable for that upload (logged) and the pool goes on with a new
 * thread. The pool starts with the first upload (a process that takes none starts no thread);
 * then one thread stays and the others end after a minute idle. Idle threads never keep the
 * process alive.
 *
 * The upload is moved to the worker, not copied, when it holds its memory alone (a Buffer of
 * its own ArrayBuffer, as multer's are above 32 KB): the caller must not read it afterwards.
 *
 * From the compiled server the worker is dist/photos/photo-worker.js; from the sources (jest,
 * the seeds under tsx) it is the .ts file, which the worker thread loads through tsx.
 */
export class PhotoPool {
  private pool: Piscina<WorkerTask, WorkerAnswer> | null = null;
  private closed = false;
  /** Uploads handed to piscina (at most `threads`), and those waiting for a turn, in order. */
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private drained: (() => void) | null = null;

  constructor(private readonly options: PhotoPoolOptions) {}

  /** How many worker threads run now (none before the first upload, or inline). */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  async process(upload: Buffer): Promise<ProcessedPhoto> {
    if (this.options.threads === 0) return processPhoto(upload);
    if (this.closed) throw new AppError('service_unavailable');
    this.pool ??= this.start();
    await this.turn();
    const started = new Int32Array(new SharedArrayBuffer(4));
    const limitMs = this.options.processLimitMs ?? PROCESS_LIMIT_MS;
    const overrun = new AbortController();
    const watch = watchRunning(started, limitMs, () => overrun.abort());
    let answer: WorkerAnswer;
    try {
      answer = await this.pool.run(
        { upload, started },
        {
          signal: overrun.signal,
          // piscina infers its TransferList from MessagePort.postMessage, whose last overload in
          // @types/node 26 takes options; at run time it is the array postMessage transfers
          ...(movable(upload)
            ? { transferList: [upload.buffer as ArrayBuffer] as unknown as RunTransferList }
            : {}),
        },
      );
    } catch (error) {
      // the pool only rejects when the worker ended with the upload, it ran past its limit (the
      // thread ended by the abort) or the pool was closed
      if (this.closed) throw new AppError('service_unavailable');
      this.options.warn?.(
        overrun.signal.aborted
          ? `An upload ran longer than ${limitMs} ms in its photo worker; the thread was ended`
          : `A photo worker ended while processing an upload: ${String(error)}`,
      );
      throw new AppError('photo_unreadable');
    } finally {
      clearInterval(watch);
      this.done();
    }
    return fromWorker(answer);
  }

  /** Lets the uploads under way and waiting finish, then ends the threads; later ones get a 503. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.running > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    await this.pool?.close();
  }

  /**
   * An upload's turn: piscina gets an upload only when a thread is free for it, and the others
   * wait here in the order they came. Piscina's own queue keeps no order under a steady stream
   * (a task it cannot hand out goes to the back; with `stricterFIFO`, an abortable one, as ours
   * are for the time limit, to the front), so waiting uploads overtook each other.
   */
  private async turn(): Promise<void> {
    if (this.running < this.options.threads) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** An upload is done: the next waiting one takes its turn. */
  private done(): void {
    const next = this.waiting.shift();
    if (next) {
      next();
      return;
    }
    this.running--;
    if (this.running === 0) this.drained?.();
  }

  private start(): Piscina<WorkerTask, WorkerAnswer> {
    const filename = this.options.workerFile ?? path.join(__dirname, `photo-worker${extension()}`);
    // a build without the worker is a fault of the deployment (500), not of the member's photo
    if (!existsSync(filename)) throw new Error(`The photo worker is missing: ${filename}`);
    const pool = new Piscina<WorkerTask, WorkerAnswer>({
      filename,
      minThreads: 1,
      maxThreads: this.options.threads,
      idleTimeout: IDLE_MS,
      // no queue option: the order of waiting uploads is the pool's own (turn), and piscina only
      // ever holds uploads that have a thread (or one starting) for them
      workerData: this.options.workerData,
      // a TypeScript worker (from the sources) is loaded through tsx; the built one takes the
      // process's own flags (--enable-source-maps)
      execArgv: filename.endsWith('.ts') ? ['--import', tsxLoader()] : undefined,
    });
    // a worker that dies between uploads: reported, never an unhandled 'error' event
    pool.on('error', (error: unknown) =>
      this.options.warn?.(`A photo worker died: ${String(error)}`),
    );
    return pool;
  }
}

/** `.js` in the compiled server, `.ts` when this file runs from the sources. */
function extension(): string {
  return path.extname(__filename) === '.ts' ? '.ts' : '.js';
}

/** tsx's loader as a file URL, for a worker thread's `--import` wherever the process started. */
function tsxLoader(): string {
  return pathToFileURL(require.resolve('tsx')).href;
}

/**
 * Calls `overrun` once the worker has been processing the upload for longer than `limitMs`:
 * the clock starts when the worker raises `started`, seen within a tenth of the limit.
 */
function watchRunning(
  started: Int32Array,
  limitMs: number,
  overrun: () => void,
): ReturnType<typeof setInterval> {
  const step = Math.max(10, Math.min(1_000, Math.floor(limitMs / 10)));
  let since: number | null = null;
  const timer = setInterval(() => {
    const now = performance.now();
    if (since === null) {
      if (Atomics.load(started, 0) === 1) since = now;
    } else if (now - since > limitMs) {
      clearInterval(timer);
      overrun();
    }
  }, step);
  timer.unref();
  return timer;
}

/** An upload that holds its memory alone can move to the worker instead of being copied. */
function movable(upload: Buffer): boolean {
  return (
    upload.buffer instanceof ArrayBuffer &&
    upload.byteOffset === 0 &&
    upload.byteLength === upload.buffer.byteLength &&
    !isMarkedAsUntransferable(upload.buffer)
  );
}

/** The worker's answer as the inline pipeline gives it: Buffers, or its AppError thrown again. */
function fromWorker(answer: WorkerAnswer): ProcessedPhoto {
  if ('refused' in answer) {
    const { code, params, field } = answer.refused;
    throw new AppError(code, params, field);
  }
  if ('failed' in answer) {
    const error = new Error(`In a photo worker: ${answer.failed.message}`);
    error.stack = answer.failed.stack ?? error.stack;
    throw error;
  }
  const { files, width, height, hash } = answer.photo;
  // Buffers cross threads as plain Uint8Arrays
  const asBuffers = Object.fromEntries(
    PHOTO_SIZES.map((size) => [
      size,
      Buffer.from(files[size].buffer, files[size].byteOffset, files[size].byteLength),
    ]),
  ) as ProcessedPhoto['files'];
  return { files: asBuffers, width, height, hash };
}
