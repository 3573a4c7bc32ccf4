import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
} from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import multer from 'multer';
import { PHOTO_MAX_BYTES } from '@app/contract';
import { AppError } from '../common/app-error';

/** The uploaded photo of a request (set by PhotoUploadInterceptor). */
export type PhotoUploadRequest = Request & { file?: Express.Multer.File };

const upload = multer({
  storage: multer.memoryStorage(),
  // the limit stops reading at PHOTO_MAX_BYTES + 1: a 50 MB upload never sits in memory
  limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
}).single('photo');

/**
 * Reads one multipart file (field `photo`) into memory, refusing a larger one with
 * 413 photo_too_large (in the member's language) instead of multer's English, and anything that
 * is not a multipart upload of one photo with 400/415.
 */
@Injectable()
export class PhotoUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler) {
    const http = context.switchToHttp();
    const req = http.getRequest<PhotoUploadRequest>();
    const res = http.getResponse<Response>();
    if (!req.is('multipart/form-data')) throw new AppError('unsupported_media_type');
    await new Promise<void>((resolve, reject) =>
      upload(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
          return reject(
            new AppError('photo_too_large', { max_mb: PHOTO_MAX_BYTES / 1024 / 1024 }, 'photo'),
          );
        }
        reject(new AppError('validation_failed', {}, 'photo'));
      }),
    );
    if (!req.file) throw new AppError('validation_failed', {}, 'photo');
    return next.handle();
  }
}

/** The OpenAPI description of an upload of one photo (multipart field `photo`). */
export const ApiPhotoUpload = () =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        properties: { photo: { type: 'string', format: 'binary' } },
        required: ['photo'],
      },
    }),
  );
