import { CanActivate, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { AppError } from '../common/app-error';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Any key a client may send on a route that honours one (8-100 letters, digits, - or _). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** The key of a call that moves money or credits: a UUID (payments store it as one). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type KeyFormat = 'any' | 'uuid';

type Headers = Record<string, string | string[] | undefined>;
/** A request whose key a guard has checked: the key as the handler and the records use it. */
export type KeyedRequest = { headers: Headers; idempotencyKey?: string };

function header(req: { headers: Headers }): string | undefined {
  const value = req.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The request's Idempotency-Key, checked: 400 idempotency_key_required without one, 400
 * invalid_idempotency_key for one of another shape. A UUID is lower-cased, so one key is one key
 * however the client spells it.
 */
export function checkedKey(req: KeyedRequest, format: KeyFormat): string {
  if (req.idempotencyKey !== undefined) return req.idempotencyKey;
  const key = header(req);
  if (key === undefined || key === '') throw new AppError('idempotency_key_required');
  const valid = format === 'uuid' ? UUID.test(key) : KEY_PATTERN.test(key) || UUID.test(key);
  if (!valid) throw new AppError('invalid_idempotency_key');
  req.idempotencyKey = UUID.test(key) ? key.toLowerCase() : key;
  return req.idempotencyKey;
}

/** The key of a request that may carry one (undefined without; a malformed one is refused). */
export function optionalKey(req: KeyedRequest): string | undefined {
  const key = header(req);
  if (key === '') throw new AppError('invalid_idempotency_key');
  return key === undefined ? undefined : checkedKey(req, 'any');
}

/**
 * Refuses a call without a valid Idempotency-Key before anything else of the route runs (only
 * the global guards: the CSRF check and the rate limits). Used as an instance (its format).
 */
export class IdempotencyKeyRequired implements CanActivate {
  constructor(private readonly format: KeyFormat) {}

  canActivate(context: ExecutionContext): boolean {
    checkedKey(context.switchToHttp().getRequest<KeyedRequest>(), this.format);
    return true;
  }
}

/** The request's Idempotency-Key, as its route's guard checked it (`@PaidCall()`). */
export const IdempotencyKey = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  checkedKey(ctx.switchToHttp().getRequest<KeyedRequest>(), 'any'),
);
