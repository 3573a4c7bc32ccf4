import { AppError, type ErrorCode } from '../common/app-error';
import { processPhoto, type ProcessedPhoto } from './photo-pipeline';

/**
 * What a worker thread of the photo pool answers for one upload (photo-pool.ts). A refusal is
 * data, not a thrown error: an error crossing threads arrives as a plain Error without the
 * AppError's code and params, so the worker sends them and the main thread makes the AppError
 * again. Anything else that went wrong is `failed`, with its stack for the log.
 */
export type WorkerAnswer =
  | { photo: ProcessedPhoto }
  | { refused: { code: ErrorCode; params: Record<string, unknown>; field?: string } }
  | { failed: { message: string; stack?: string } };

/**
 * One upload for a worker thread: its bytes (moved or copied from the main thread) and a flag on
 * shared memory the worker raises when it begins, so the main thread times the processing and
 * not the wait for a thread (photo-pool.ts).
 */
export interface WorkerTask {
  upload: Uint8Array;
  started: Int32Array;
}

/**
 * The task of a worker thread of the photo pool: the whole pipeline (sniff, header checks, HEIC
 * decode, sharp, hash) on an upload moved or copied from the main thread.
 */
export default async function processInWorker({
  upload,
  started,
}: WorkerTask): Promise<WorkerAnswer> {
  Atomics.store(started, 0, 1);
  const bytes = Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength);
  try {
    return { photo: await processPhoto(bytes) };
  } catch (error) {
    if (error instanceof AppError) {
      return { refused: { code: error.code, params: error.params, field: error.field } };
    }
    return {
      failed: {
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      },
    };
  }
}
