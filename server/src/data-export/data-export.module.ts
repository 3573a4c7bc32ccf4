import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { MailModule } from '../mail';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { DataExportController } from './data-export.controller';
import { DataExportProcessor } from './data-export.processor';
import { DataExportPurge } from './data-export.purge';
import { DataExportService } from './data-export.service';
import { DataExportTask } from './data-export.task';

@Module({
  imports: [AuthModule, MailModule, MemberAccessModule, SettingsModule],
  controllers: [DataExportController],
  providers: [DataExportService, DataExportProcessor, DataExportTask, DataExportPurge],
  exports: [DataExportService, DataExportProcessor],
})
export class DataExportModule {}
