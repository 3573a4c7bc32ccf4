import { Global, Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyHousekeepingTask, IdempotencyPurge } from './idempotency.task';

@Global()
@Module({
  providers: [IdempotencyInterceptor, IdempotencyHousekeepingTask, IdempotencyPurge],
  exports: [IdempotencyInterceptor],
})
export class IdempotencyModule {}
