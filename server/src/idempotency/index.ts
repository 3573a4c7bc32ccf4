/** Idempotency-Key for calls that send something or cost money. */
export { IdempotencyModule } from './idempotency.module';
export { Idempotent, PaidCall } from './decorators';
export { IdempotencyInterceptor } from './idempotency.interceptor';
export { IdempotencyKey, IdempotencyKeyRequired, IDEMPOTENCY_HEADER } from './idempotency-key';
