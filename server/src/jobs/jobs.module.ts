import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { PrismaModule } from '../prisma/prisma.module';
import { MaintenanceProcessor } from './maintenance.processor';
import { RedisModule } from '../redis/redis.module';
import { SettingsModule } from '../settings/settings.module';
import { MailModule } from '../mail/mail.module';
import { DeletionModule } from '../deletion/deletion.module';

/** Everything the worker process runs (server/src/worker.ts). */
@Module({})
export class JobsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: JobsModule,
      imports: [
        ConfigModule.forRoot(config),
        PrismaModule,
        RedisModule,
        SettingsModule,
        MailModule,
        DeletionModule,
      ],
      providers: [MaintenanceProcessor],
      exports: [MaintenanceProcessor, MailModule, DeletionModule],
    };
  }
}
