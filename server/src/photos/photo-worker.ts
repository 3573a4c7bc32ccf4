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
 * The task of a worker thread of the photo pool: the whole pipeline (sniff, header checks, HEIC
 * decode, sharp, hash) on an upload moved or copied from the main thread.
 */
export default async function processInWorker(upload: Uint8Array): Promise<WorkerAnswer> {
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
