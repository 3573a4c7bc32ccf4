import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { forJobs } from './config/timeouts';
import type { ProcessName } from './logging/logger';
import { MetricsModule } from './metrics';
import { PrismaModule } from './prisma/prisma.module';
import { RedisModule } from './redis/redis.module';
import { StorageModule } from './storage';
import { RealtimeModule } from './realtime';

/**
 * The infrastructure both processes run on, in one list (app.module.ts, worker.module.ts): the
 * configuration, metrics, PostgreSQL, Redis, the file store and the realtime emitter. Each
 * process's budgets are decided here, once: the worker's statements may run
 * JOB_STATEMENT_TIMEOUT_MS (`forJobs`, config/timeouts.ts), a request's the request budget.
 * There is exactly one APP_CONFIG in a process (two global providers of one token resolve to
 * the first, whatever the second says).
 */
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, processName: ProcessName): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(processName === 'worker' ? forJobs(config) : config),
        MetricsModule.forRoot(processName),
        PrismaModule,
        RedisModule,
        StorageModule,
        RealtimeModule,
      ],
    };
  }
}
