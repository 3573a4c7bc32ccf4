import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AuthModule } from '../auth';
import { DeletionController } from './deletion.controller';
import { DeletionService } from './deletion.service';
import { PurgeProcessor } from './purge.processor';
import { DeletionSweepTask } from './deletion-sweep.task';

@Module({
  imports: [MailModule, AuthModule],
  controllers: [DeletionController],
  providers: [DeletionService, PurgeProcessor, DeletionSweepTask],
  exports: [DeletionService, PurgeProcessor],
})
export class DeletionModule {}
