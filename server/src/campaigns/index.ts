/** Campaigns: admins' mails to an audience that consented, sent by the worker. */
export { CampaignsModule, CampaignsWorkerModule } from './campaigns.module';
export { CampaignSender, CAMPAIGN_BATCH, CAMPAIGN_BATCH_DELAY_MS } from './campaign-sender';
export { CampaignsService } from './campaigns.service';
