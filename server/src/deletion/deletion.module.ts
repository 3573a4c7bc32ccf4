import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { AuthModule } from '../auth';
import { PurgeModule } from '../purge';
import { WritingsPurge } from './deletion.purge';
import { DeletionExport } from './deletion.export';
import { DeletionController } from './deletion.controller';
import { DeletionService } from './deletion.service';
import { PurgeProcessor } from './purge.processor';
import { DeletionSweepTask } from './deletion-sweep.task';

@Module({
  imports: [MailModule, AuthModule, PurgeModule],
  controllers: [DeletionController],
  providers: [DeletionService, PurgeProcessor, DeletionSweepTask, WritingsPurge, DeletionExport],
  exports: [DeletionService, PurgeProcessor],
})
export class DeletionModule {}
