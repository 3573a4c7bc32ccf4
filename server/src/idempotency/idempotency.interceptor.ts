import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  UseGuards,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { catchError, from, mergeMap, of, throwError, type Observable } from 'rxjs';
import { AppError } from '../common/app-error';
import { clientKey } from '../common/client-address';
import { isUniqueViolation } from '../common/failures';
import type { AuthedRequest } from '../common/request';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const KEEP_MS = 24 * 3_600_000;

type Begun = { replay: { status: number; body: unknown } } | { recordId: number };

/**
 * `Idempotency-Key` for calls that send something or cost money: the first request with a key
 * runs and its answer is kept for 24 hours; a repeat with the same key (a retry after a lost
 * answer) gets that answer again and changes nothing. The same key with another body is 422
 * `idempotency_key_reused`; a repeat while the first is still running is 409
 * `idempotency_in_progress`. A call that fails keeps nothing, so its retry runs again. Keys are
 * per member (or, for visitors, per client address).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly prisma: PrismaService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<AuthedRequest>();
    const res = http.getResponse<Response>();
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return next.handle();
    const key = Array.isArray(header) ? header[0] : header;
    if (!KEY_PATTERN.test(key)) throw new AppError('invalid_idempotency_key');
    const scope = req.session ? `member:${req.session.userId}` : `client:${clientKey(req.ip)}`;
    const route = `${req.method} ${req.path}`.slice(0, 120);
    const requestHash = createHash('sha256')
      .update(`${route}\n${JSON.stringify(req.body ?? null)}`)
      .digest('hex');

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

/**
 * Honours `Idempotency-Key` on this route (see IdempotencyInterceptor); with `required` a call
 * without one is refused (400 invalid_idempotency_key) before anything else runs.
 */
export const Idempotent = (options: { required?: boolean } = {}) =>
  applyDecorators(
    ...(options.required ? [UseGuards(IdempotencyKeyRequired)] : []),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: options.required ?? false,
      description:
        'A client-made key (8-100 letters, digits, - or _), the same on every retry of one action: a repeat gets the first answer and changes nothing',
    }),
  );

/**
 * A route whose handler keeps the Idempotency-Key on what it stores (a unique key per member:
 * chat messages): the key is required, and a repeat is answered from the stored row rather than
 * from an idempotency record, which saves two statements on a hot path.
 */
export const KeyedByHandler = () =>
  applyDecorators(
    UseGuards(IdempotencyKeyRequired),
    ApiHeader({
      name: 'Idempotency-Key',
      required: true,
      description:
        'A client-made key (8-100 letters, digits, - or _), the same on every retry of one action: a repeat gets what the first stored and changes nothing; the same key for something else is 422',
    }),
  );

/** The key of a request that must carry one (checked by IdempotencyKeyRequired). */
export function idempotencyKeyOf(req: { headers: Record<string, string | string[] | undefined> }) {
  const header = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY_PATTERN.test(key)) throw new AppError('invalid_idempotency_key');
  return key;
}

/** Refuses a call without a valid Idempotency-Key: sends that cost money must carry one. */
@Injectable()
export class IdempotencyKeyRequired implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    idempotencyKeyOf(context.switchToHttp().getRequest<AuthedRequest>());
    return true;
  }
}

/** The request's Idempotency-Key (on routes marked `@Idempotent({ required: true })`). */
export const IdempotencyKey = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  idempotencyKeyOf(ctx.switchToHttp().getRequest<AuthedRequest>()),
);
