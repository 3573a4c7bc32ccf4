import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ExportStepsModule } from '../export-steps';
import { MailModule } from '../mail';
import { SettingsModule } from '../settings';
import { DataExportController } from './data-export.controller';
import { DataExportProcessor } from './data-export.processor';
import { DataExportPurge } from './data-export.purge';
import { DataExportExport } from './data-export.export';
import { DataExportService } from './data-export.service';
import { DataExportTask } from './data-export.task';

@Module({
  imports: [AuthModule, ExportStepsModule, MailModule, SettingsModule],
  controllers: [DataExportController],
  providers: [
    DataExportService,
    DataExportProcessor,
    DataExportTask,
    DataExportPurge,
    DataExportExport,
  ],
  exports: [DataExportService, DataExportProcessor],
})
export class DataExportModule {}
