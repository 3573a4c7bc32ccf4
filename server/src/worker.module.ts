import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { PrismaModule } from './prisma/prisma.module';
import { RedisModule } from './redis/redis.module';
import { QueueModule } from './queue';
import { AuthModule } from './auth';
import { MailModule } from './mail/mail.module';
import { DeletionModule } from './deletion/deletion.module';

/**
 * Everything the worker process runs (worker.ts): the features whose `@Worker()` processors and
 * `@Maintenance()` tasks the registry starts.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        PrismaModule,
        RedisModule,
        QueueModule,
        AuthModule,
        MailModule,
        DeletionModule,
      ],
    };
  }
}
