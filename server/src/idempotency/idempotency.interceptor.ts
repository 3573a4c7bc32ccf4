import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { catchError, from, mergeMap, of, throwError, type Observable } from 'rxjs';
import { AppError } from '../common/app-error';
import { clientKey } from '../common/client-address';
import { isUniqueViolation } from '../common/failures';
import type { AuthedRequest } from '../common/request';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { optionalKey, type KeyedRequest } from './idempotency-key';

const KEEP_MS = 24 * 3_600_000;

/** A request as the interceptor reads it: the session, the checked key, a multipart file. */
type UploadRequest = AuthedRequest & KeyedRequest & { file?: { buffer: Buffer } };

type Begun = { replay: { status: number; body: unknown } } | { recordId: number };

/**
 * `Idempotency-Key` for calls that send something or cost money: the first request with a key
 * runs and its answer is kept for 24 hours; a repeat with the same key (a retry after a lost
 * answer) gets that answer again and changes nothing. The same key with another body is 422
 * `idempotency_key_reused`; a repeat while the first is still running is 409
 * `idempotency_in_progress`. A call that fails keeps nothing, so its retry runs again. Keys are
 * per member (or, for visitors, per client address). "The same body" covers an uploaded file
 * too (its SHA-256): on a multipart route the upload's interceptor must run first (the
 * decorators' `upload` option), else the fields and the file are not read yet.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly prisma: PrismaService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<UploadRequest>();
    const res = http.getResponse<Response>();
    const key = optionalKey(req);
    if (key === undefined) return next.handle();
    const scope = req.session ? `member:${req.session.userId}` : `client:${clientKey(req.ip)}`;
    const route = `${req.method} ${req.path}`.slice(0, 120);
    const hash = createHash('sha256').update(`${route}\n${JSON.stringify(req.body ?? null)}`);
    if (req.file) hash.update(`\n${createHash('sha256').update(req.file.buffer).digest('hex')}`);
    const requestHash = hash.digest('hex');

    return from(this.begin(scope, key, route, requestHash)).pipe(
      mergeMap((begun) => {
        if ('replay' in begun) {
          res.status(begun.replay.status);
          res.setHeader('Idempotent-Replayed', 'true');
          return of(begun.replay.body);
        }
        return next.handle().pipe(
          mergeMap((body: unknown) =>
            from(this.finish(begun.recordId, res.statusCode, body).then(() => body)),
          ),
          // a failed call keeps nothing: its retry runs again
          catchError((error: unknown) =>
            from(this.forget(begun.recordId)).pipe(mergeMap(() => throwError(() => error))),
          ),
        );
      }),
    );
  }

  private async begin(
    scope: string,
    key: string,
    route: string,
    requestHash: string,
  ): Promise<Begun> {
    try {
      const record = await this.prisma.idempotencyRecord.create({
        data: { scope, key, route, requestHash, expiresAt: new Date(Date.now() + KEEP_MS) },
        select: { id: true },
      });
      return { recordId: record.id };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const earlier = await this.prisma.idempotencyRecord.findUnique({
      where: { scope_key: { scope, key } },
    });
    if (!earlier) throw new AppError('idempotency_in_progress');
    if (earlier.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
    if (earlier.status === null) throw new AppError('idempotency_in_progress');
    return { replay: { status: earlier.status, body: earlier.body } };
  }

  private async finish(recordId: number, status: number, body: unknown): Promise<void> {
    await this.prisma.idempotencyRecord.update({
      where: { id: recordId },
      data: { status, body: (body ?? null) as Prisma.InputJsonValue },
    });
  }

  private async forget(recordId: number): Promise<void> {
    await this.prisma.idempotencyRecord
      .deleteMany({ where: { id: recordId, status: null } })
      .catch(() => undefined);
  }
}
