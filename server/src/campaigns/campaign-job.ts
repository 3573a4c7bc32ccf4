import { z } from 'zod';

export const CAMPAIGN_JOB = 'campaign-batch';

/** A campaign's batch job: only the campaign's id (its cursor is in the database). */
export const campaignJob = z.object({ campaignId: z.int().positive() });
export type CampaignJob = z.infer<typeof campaignJob>;

/** One job id per campaign and cursor: a batch is queued once, whoever queues it. */
export const campaignJobId = (campaignId: number, cursor: number) =>
  `campaign-${campaignId}-${cursor}`;
