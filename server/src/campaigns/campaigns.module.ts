import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { SettingsModule } from '../settings';
import { StaffModule } from '../staff';
import { CampaignSender } from './campaign-sender';
import { CampaignsController } from './campaigns.controller';
import { CampaignsPurge } from './campaigns.purge';
import { CampaignsExport } from './campaigns.export';
import { CampaignsService } from './campaigns.service';

/**
 * Campaigns (issue 36, point 5): admins write, try and schedule them in the console (the app's
 * controller); the worker sends them, throttled and resumable (CampaignSender).
 */
@Module({
  imports: [MailModule, SettingsModule, StaffModule],
  controllers: [CampaignsController],
  providers: [CampaignsService, CampaignsPurge, CampaignsExport],
})
export class CampaignsModule {}

/** The worker's part: the batches and the hourly sweep, and the purge step. */
@Module({
  imports: [MailModule],
  providers: [CampaignSender, CampaignsPurge, CampaignsExport],
})
export class CampaignsWorkerModule {}
