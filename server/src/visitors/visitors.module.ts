import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { VisitRetentionTask } from './visit-retention.task';
import { VisitorsController } from './visitors.controller';
import { VisitsPurge } from './visits.purge';
import { VisitsExport } from './visits.export';
import { VisitsService } from './visits.service';

@Module({
  imports: [MemberAccessModule, SettingsModule],
  controllers: [VisitorsController],
  providers: [VisitsService, VisitsPurge, VisitsExport, VisitRetentionTask],
  exports: [VisitsService],
})
export class VisitorsModule {}
