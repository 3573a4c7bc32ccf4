import {
  applyDecorators,
  UseGuards,
  UseInterceptors,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { AuthGuard } from '../auth';
import { RateLimit, type RateLimitName } from '../common/rate-limit.guard';
import { IdempotencyKeyRequired } from './idempotency-key';
import { IdempotencyInterceptor } from './idempotency.interceptor';

interface IdempotentOptions {
  /** A call without a key is refused (400 idempotency_key_required). */
  required?: boolean;
  /**
   * The interceptor that reads a multipart body (PhotoUploadInterceptor): it runs first, so a
   * reused key with another file or other fields is 422 like any other body.
   */
  upload?: Type<NestInterceptor>;
  /**
   * The handler keeps the key on what it stores and answers a repeat from there (an operator's
   * send as the chat pal: the message's key, unique per sender); no interceptor record, so one
   * action has one idempotency layer. Goes with `required`.
   */
  keptByHandler?: boolean;
}

/**
 * Honours `Idempotency-Key` on this route (see IdempotencyInterceptor): a call that sends
 * something but costs nothing (a mail, a complaint, a profile photo). Calls that move money or
 * credits use `@PaidCall()`.
 */
export const Idempotent = (options: IdempotentOptions = {}) =>
  applyDecorators(
    ...(options.required ? [UseGuards(new IdempotencyKeyRequired('any'))] : []),
    ...(options.keptByHandler
      ? []
      : [UseInterceptors(...(options.upload ? [options.upload] : []), IdempotencyInterceptor)]),
    ApiHeader({
      name: 'Idempotency-Key',
      required: options.required ?? false,
      description:
        'A client-made key (8-100 letters, digits, - or _), the same on every retry of one action: a repeat gets the first answer and changes nothing',
    }),
  );

interface PaidCallOptions {
  /** The route's rate limit (RateLimit). */
  limit: RateLimitName;
  /** See IdempotentOptions.upload. */
  upload?: Type<NestInterceptor>;
  /**
   * The handler keeps the key on what it stores (unique per member: a chat message) and answers
   * a repeat from there; no interceptor record, which saves two statements on a hot path.
   */
  keptByHandler?: boolean;
}

/**
 * The one idiom of a call that moves money or credits (a payment, a repeat order, a direct debit
 * confirmation, a message, a gift, a chat photo): a member's call (AuthGuard, then the route's
 * rate limit) with a UUID `Idempotency-Key` (400 idempotency_key_required without one,
 * invalid_idempotency_key for another shape), checked before the route runs; the first answer per member and key is kept and a repeat gets it; the same key
 * for another body (or another file) is 422 idempotency_key_reused. The handler takes the key
 * with `@IdempotencyKey()`. The web keeps one key per intended action until it succeeds
 * (web/src/api/idempotency.ts).
 */
export const PaidCall = (options: PaidCallOptions) =>
  applyDecorators(
    RateLimit(options.limit),
    // in this order: a visitor is 403 authentication_required, with or without a key
    UseGuards(AuthGuard, new IdempotencyKeyRequired('uuid')),
    ...(options.keptByHandler
      ? []
      : [UseInterceptors(...(options.upload ? [options.upload] : []), IdempotencyInterceptor)]),
    ApiHeader({
      name: 'Idempotency-Key',
      required: true,
      schema: { type: 'string', format: 'uuid' },
      description:
        'A UUID the client makes once per intended action and sends on every retry of it: a repeat changes nothing and gets the first answer; the same key for another request is 422',
    }),
  );
