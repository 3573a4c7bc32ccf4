/** Idempotency-Key for calls that send something or cost money. */
export { IdempotencyModule } from './idempotency.module';
export {
  Idempotent,
  IdempotencyInterceptor,
  IdempotencyKey,
  KeyedByHandler,
  IDEMPOTENCY_HEADER,
} from './idempotency.interceptor';
