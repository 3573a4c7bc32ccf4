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
import type { WorkerAnswer } from './photo-worker';

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
}

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
 * upload is a 422 photo_unreadable for that upload (logged) and the pool goes on with a new
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
  private pool: Piscina<Uint8Array, WorkerAnswer> | null = null;
  private closed = false;

  constructor(private readonly options: PhotoPoolOptions) {}

  /** How many worker threads run now (none before the first upload, or inline). */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  async process(upload: Buffer): Promise<ProcessedPhoto> {
    if (this.options.threads === 0) return processPhoto(upload);
    if (this.closed) throw new AppError('service_unavailable');
    this.pool ??= this.start();
    let answer: WorkerAnswer;
    try {
      answer = await this.pool.run(
        upload,
        // piscina infers its TransferList from MessagePort.postMessage, whose last overload in
        // @types/node 26 takes options; at run time it is the array postMessage transfers
        movable(upload)
          ? { transferList: [upload.buffer as ArrayBuffer] as unknown as RunTransferList }
          : {},
      );
    } catch (error) {
      // the pool only rejects when the worker ended with the upload (or the pool was closed)
      if (this.closed) throw new AppError('service_unavailable');
      this.options.warn?.(`A photo worker ended while processing an upload: ${String(error)}`);
      throw new AppError('photo_unreadable');
    }
    return fromWorker(answer);
  }

  /** Lets the uploads under way finish, then ends the threads; later uploads get a 503. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
  }

  private start(): Piscina<Uint8Array, WorkerAnswer> {
    const filename = this.options.workerFile ?? path.join(__dirname, `photo-worker${extension()}`);
    // a build without the worker is a fault of the deployment (500), not of the member's photo
    if (!existsSync(filename)) throw new Error(`The photo worker is missing: ${filename}`);
    const pool = new Piscina<Uint8Array, WorkerAnswer>({
      filename,
      minThreads: 1,
      maxThreads: this.options.threads,
      idleTimeout: IDLE_MS,
      // uploads waiting for a thread go in the order they came: piscina's default puts one it
      // could not hand out at the back of the queue, and under a steady stream of uploads some
      // waited minutes while later ones went through
      stricterFIFO: true,
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
