/** Idempotency-Key for calls that send something or cost money. */
export { IdempotencyModule } from './idempotency.module';
export {
  Idempotent,
  IdempotencyInterceptor,
  IdempotencyKey,
  IDEMPOTENCY_HEADER,
} from './idempotency.interceptor';
