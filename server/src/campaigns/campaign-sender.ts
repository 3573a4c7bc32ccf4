import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { campaignAudience, type CampaignConsent } from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { MailOutbox, type CampaignMailParams } from '../mail';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Maintenance, Producer, QUEUES, QueueJob, type MaintenanceTask } from '../queue';
import { CAMPAIGN_JOB, campaignJob, campaignJobId, type CampaignJob } from './campaign-job';
import {
  audienceSql,
  campaignBatchStatement,
  lockCampaignStatement,
  type CampaignBatchRow,
} from './campaigns.sql';

/** Members selected (and mails written) per batch. */
export const CAMPAIGN_BATCH = 500;
/** The pause between a campaign's batches: 500 a minute, 30,000 mails an hour at most. */
export const CAMPAIGN_BATCH_DELAY_MS = 60_000;

export type BatchOutcome =
  { state: 'not_due' } | { state: 'sending' | 'sent'; added: number; cursor: number };

/**
 * The worker side of campaigns: one batch at a time, throttled. A batch locks the campaign's
 * row, selects the next members of the audience after its cursor (keyset, by member id), writes
 * a recipient row for each (unique per campaign and member: ON CONFLICT DO NOTHING) and a mail
 * intent for each new row, and moves the cursor, all in one transaction; then it hands the mails
 * to the mail queue and queues the next batch after CAMPAIGN_BATCH_DELAY_MS. A crash anywhere
 * leaves either the whole batch or none of it: the next run goes on from the stored cursor, and
 * a member already written to is never written to again. The hourly sweep queues the next batch
 * of every due campaign again, should Redis have lost it.
 */
@Injectable()
@Maintenance('campaigns')
export class CampaignSender implements MaintenanceTask, OnApplicationShutdown {
  private readonly logger = new Logger('CampaignSender');
  private readonly queue: Producer;
  /** Tests shorten these. */
  batchSize = CAMPAIGN_BATCH;
  batchDelayMs = CAMPAIGN_BATCH_DELAY_MS;

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.queue = new Producer(QUEUES.campaign, config, this.logger, {
      removeOnComplete: true,
      removeOnFail: 100,
      attempts: 10,
      backoff: { type: 'exponential', delay: 10_000 },
    });
  }

  @QueueJob({ queue: QUEUES.campaign, name: CAMPAIGN_JOB, schema: campaignJob })
  async handle(data: CampaignJob): Promise<BatchOutcome> {
    const outcome = await this.batch(data.campaignId);
    if (outcome.state === 'sending') {
      await this.queue.add(
        CAMPAIGN_JOB,
        { campaignId: data.campaignId } satisfies CampaignJob,
        { jobId: campaignJobId(data.campaignId, outcome.cursor), delay: this.batchDelayMs },
        'the hourly sweep will queue it',
      );
    }
    return outcome;
  }

  /** One batch of a campaign (see the class); `not_due` for one not scheduled yet or done. */
  async batch(campaignId: number, now = new Date()): Promise<BatchOutcome> {
    const done = await this.prisma.$transaction(async (tx) => {
      await queryRows(tx, lockCampaignStatement(campaignId));
      const campaign = await tx.campaign.findUnique({ where: { id: campaignId } });
      if (
        !campaign ||
        (campaign.status !== 'scheduled' && campaign.status !== 'sending') ||
        !campaign.scheduledAt ||
        campaign.scheduledAt > now
      ) {
        return { state: 'not_due' as const, intents: [] };
      }
      const where = audienceSql(
        campaign.consent as CampaignConsent,
        campaignAudience.parse(campaign.audience),
        now,
      );
      const [row] = await queryRows<CampaignBatchRow>(
        tx,
        campaignBatchStatement(campaignId, where, campaign.cursor, this.batchSize),
      );
      const added = row?.added ?? [];
      const params: CampaignMailParams = { campaignId };
      const intents = added.length
        ? await tx.mailIntent.createManyAndReturn({
            data: added.map((userId) => ({ userId, template: 'campaign', params: { ...params } })),
            select: { id: true },
          })
        : [];
      const finished = (row?.looked ?? 0) < this.batchSize;
      const cursor = row?.last ?? campaign.cursor;
      await tx.campaign.update({
        where: { id: campaignId },
        data: {
          cursor,
          selected: { increment: added.length },
          status: finished ? 'sent' : 'sending',
          startedAt: campaign.startedAt ?? now,
          ...(finished ? { finishedAt: now } : {}),
        },
      });
      return {
        state: finished ? ('sent' as const) : ('sending' as const),
        added: added.length,
        cursor,
        intents: intents.map((i) => i.id),
      };
    });
    if (done.state === 'not_due') return { state: 'not_due' };
    await this.outbox.dispatch(done.intents);
    if (done.state === 'sent') this.logger.log(`Campaign ${campaignId}: every batch written`);
    return { state: done.state, added: done.added, cursor: done.cursor };
  }

  /** Hourly: queues the next batch of every campaign due (a job Redis lost, a crash). */
  async run(now = new Date()): Promise<Record<string, number>> {
    const due = await this.prisma.campaign.findMany({
      where: { status: { in: ['scheduled', 'sending'] }, scheduledAt: { lte: now } },
      select: { id: true, cursor: true },
    });
    let queued = 0;
    for (const c of due) {
      const ok = await this.queue.add(
        CAMPAIGN_JOB,
        { campaignId: c.id } satisfies CampaignJob,
        { jobId: campaignJobId(c.id, c.cursor) },
        'the next sweep will queue it',
      );
      if (ok) queued += 1;
    }
    return { queued };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
