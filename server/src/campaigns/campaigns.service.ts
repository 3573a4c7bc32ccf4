import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import {
  campaignAudience,
  type CampaignAudience,
  type CampaignConsent,
  type CampaignContent,
  type CampaignPreview,
  type CampaignStatus,
  type Language,
  type StaffCampaign,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Campaign, Prisma } from '../generated/prisma/client';
import { translate } from '../i18n/i18n';
import { MailOutbox, campaignMailContent, renderMail, type CampaignMailParams } from '../mail';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Producer, QUEUES } from '../queue';
import { SettingsService } from '../settings';
import { StaffChanges, type StaffPrincipal } from '../staff';
import { audienceSizeStatement, audienceSql } from './campaigns.sql';
import { CAMPAIGN_JOB, campaignJobId, type CampaignJob } from './campaign-job';

const LIST_LIMIT = 200;

type Counts = StaffCampaign['counts'];
const NO_COUNTS: Counts = {
  selected: 0,
  queued: 0,
  sent: 0,
  skipped: 0,
  bounced: 0,
  unsubscribed: 0,
};

/**
 * The status an admin sees: a campaign whose last batch is written is stored `sent`, but while
 * its mails still wait in the outbox it is still being sent (and may still be stopped).
 */
function shownStatus(status: string, queued: number): CampaignStatus {
  return status === 'sent' && queued > 0 ? 'sending' : (status as CampaignStatus);
}

function present(c: Campaign, counts: Counts): StaffCampaign {
  return {
    id: c.id,
    name: c.name,
    status: shownStatus(c.status, counts.queued),
    consent: c.consent as CampaignConsent,
    content: c.content as CampaignContent,
    audience: campaignAudience.parse(c.audience),
    scheduled_at: c.scheduledAt?.toISOString() ?? null,
    started_at: c.startedAt?.toISOString() ?? null,
    finished_at: c.finishedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    counts: { ...counts, selected: c.selected },
  };
}

/**
 * Admins' campaigns: write (a draft, changed until it is scheduled), preview one language's mail
 * as members get it, try it on their own address, see how many members the audience has,
 * schedule it (the worker starts it then: campaign-sender.ts) or cancel it (mails not yet sent
 * are dropped). Every change writes its audit row in its transaction (StaffChanges).
 */
@Injectable()
export class CampaignsService implements OnApplicationShutdown {
  private readonly logger = new Logger('Campaigns');
  private readonly queue: Producer;

  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: StaffChanges,
    private readonly outbox: MailOutbox,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = new Producer(QUEUES.campaign, config, this.logger, {
      removeOnComplete: true,
      removeOnFail: 100,
    });
  }

  private async counts(ids: number[]): Promise<Map<number, Counts>> {
    const [byStatus, unsubscribed] = await Promise.all([
      this.prisma.campaignRecipient.groupBy({
        by: ['campaignId', 'status'],
        where: { campaignId: { in: ids } },
        _count: { _all: true },
      }),
      this.prisma.campaignRecipient.groupBy({
        by: ['campaignId'],
        where: { campaignId: { in: ids }, unsubscribedAt: { not: null } },
        _count: { _all: true },
      }),
    ]);
    const counts = new Map<number, Counts>();
    const of = (id: number) => counts.get(id) ?? { ...NO_COUNTS };
    for (const g of byStatus) {
      const entry = of(g.campaignId);
      entry[g.status as 'queued' | 'sent' | 'skipped' | 'bounced'] = g._count._all;
      counts.set(g.campaignId, entry);
    }
    for (const g of unsubscribed) {
      const entry = of(g.campaignId);
      entry.unsubscribed = g._count._all;
      counts.set(g.campaignId, entry);
    }
    return counts;
  }

  async list(): Promise<{ campaigns: StaffCampaign[] }> {
    const rows = await this.prisma.campaign.findMany({ orderBy: { id: 'desc' }, take: LIST_LIMIT });
    const counts = await this.counts(rows.map((r) => r.id));
    return { campaigns: rows.map((r) => present(r, counts.get(r.id) ?? NO_COUNTS)) };
  }

  async get(id: number): Promise<{ campaign: StaffCampaign }> {
    const row = await this.prisma.campaign.findUnique({ where: { id } });
    if (!row) throw new AppError('campaign_not_found');
    const counts = await this.counts([id]);
    return { campaign: present(row, counts.get(id) ?? NO_COUNTS) };
  }

  async create(
    staff: StaffPrincipal,
    body: {
      name: string;
      consent: CampaignConsent;
      content: CampaignContent;
      audience: CampaignAudience;
    },
    ip?: string,
  ) {
    const row = await this.changes.apply(staff, ip, null, async (tx) => {
      const created = await tx.campaign.create({
        data: {
          name: body.name,
          consent: body.consent,
          content: body.content,
          audience: body.audience,
          createdById: staff.userId,
        },
      });
      return {
        result: created,
        audit: {
          action: 'campaign.create',
          subjectType: 'campaign',
          subjectId: created.id,
          after: { name: body.name, consent: body.consent, audience: body.audience },
        },
      };
    });
    return { campaign: present(row, NO_COUNTS) };
  }

  async change(
    staff: StaffPrincipal,
    id: number,
    body: {
      name: string;
      consent: CampaignConsent;
      content: CampaignContent;
      audience: CampaignAudience;
    },
    ip?: string,
  ) {
    const row = await this.changes.apply(staff, ip, null, async (tx) => {
      const before = await this.draft(tx, id);
      const changed = await tx.campaign.update({
        where: { id },
        data: {
          name: body.name,
          consent: body.consent,
          content: body.content,
          audience: body.audience,
        },
      });
      return {
        result: changed,
        audit: {
          action: 'campaign.change',
          subjectType: 'campaign',
          subjectId: id,
          before: { name: before.name, consent: before.consent, audience: before.audience },
          after: { name: body.name, consent: body.consent, audience: body.audience },
        },
      };
    });
    return { campaign: present(row, NO_COUNTS) };
  }

  /** A draft, locked for the change; anything else is 409 campaign_not_editable. */
  private async draft(tx: Prisma.TransactionClient, id: number): Promise<Campaign> {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM campaigns WHERE id = ${id} FOR UPDATE`;
    if (!locked) throw new AppError('campaign_not_found');
    const row = await tx.campaign.findUniqueOrThrow({ where: { id } });
    if (row.status !== 'draft') throw new AppError('campaign_not_editable');
    return row;
  }

  /** One language's mail as a member gets it (the site's layout, the consent's footer). */
  async preview(body: {
    language: Language;
    subject: string;
    body: string;
  }): Promise<CampaignPreview> {
    const { name: site } = await this.settings.stored();
    const app = (this.config.APP_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/$/, '');
    const { subject, content } = campaignMailContent(
      { subject: body.subject, body: body.body },
      'promotions',
      body.language,
      { app, link: app, unsubscribe: `${app}/api/unsubscribe.php` },
      site,
    );
    const greeting = translate(body.language, 'mail.greeting_anonymous');
    const rendered = await renderMail({ site, greeting, ...content });
    return { subject, ...rendered };
  }

  /** The campaign's mail in one language to the admin's own address (any status). */
  async testSend(staff: StaffPrincipal, id: number, language: Language, ip?: string) {
    const params: CampaignMailParams = { campaignId: id, test: true, language };
    const intentId = await this.changes.apply(staff, ip, null, async (tx) => {
      const row = await tx.campaign.findUnique({ where: { id }, select: { id: true } });
      if (!row) throw new AppError('campaign_not_found');
      const written = await this.outbox.write(tx, {
        userId: staff.userId,
        template: 'campaign',
        params: params as never,
      });
      return {
        result: written,
        audit: {
          action: 'campaign.test_send',
          subjectType: 'campaign',
          subjectId: id,
          after: { language, to: staff.email },
        },
      };
    });
    await this.outbox.dispatch([intentId]);
    return { to: staff.email };
  }

  async audienceSize(consent: CampaignConsent, audience: CampaignAudience, now = new Date()) {
    const [row] = await queryRows<{ members: number }>(
      this.prisma,
      audienceSizeStatement(audienceSql(consent, audience, now)),
    );
    return { members: row?.members ?? 0 };
  }

  /** Schedules a draft: the worker begins at `at` (now when it is past). */
  async schedule(staff: StaffPrincipal, id: number, at: Date, ip?: string, now = new Date()) {
    const row = await this.changes.apply(staff, ip, null, async (tx) => {
      await this.draft(tx, id);
      const scheduled = await tx.campaign.update({
        where: { id },
        data: { status: 'scheduled', scheduledAt: at },
      });
      return {
        result: scheduled,
        audit: {
          action: 'campaign.schedule',
          subjectType: 'campaign',
          subjectId: id,
          before: { status: 'draft' },
          after: { status: 'scheduled', scheduled_at: at.toISOString() },
        },
      };
    });
    // the worker's hourly sweep starts it too, should Redis have lost this job
    await this.queue.add(
      CAMPAIGN_JOB,
      { campaignId: id } satisfies CampaignJob,
      { jobId: campaignJobId(id, 0), delay: Math.max(0, at.getTime() - now.getTime()) },
      "the worker's sweep will start it",
    );
    return { campaign: present(row, NO_COUNTS) };
  }

  /**
   * Cancels a campaign not yet sent (scheduled, or with mails still waiting in the outbox): no
   * more batches, and queued mails are dropped unsent.
   */
  async cancel(staff: StaffPrincipal, id: number, ip?: string) {
    const row = await this.changes.apply(staff, ip, null, async (tx) => {
      const [locked] = await tx.$queryRaw<
        { id: number }[]
      >`SELECT id FROM campaigns WHERE id = ${id} FOR UPDATE`;
      if (!locked) throw new AppError('campaign_not_found');
      const before = await tx.campaign.findUniqueOrThrow({ where: { id } });
      const queued = await tx.campaignRecipient.count({
        where: { campaignId: id, status: 'queued' },
      });
      const status = shownStatus(before.status, queued);
      if (status === 'sent' || status === 'cancelled') {
        throw new AppError('campaign_not_editable');
      }
      const cancelled = await tx.campaign.update({
        where: { id },
        data: { status: 'cancelled', finishedAt: new Date() },
      });
      return {
        result: cancelled,
        audit: {
          action: 'campaign.cancel',
          subjectType: 'campaign',
          subjectId: id,
          before: { status },
          after: { status: 'cancelled' },
        },
      };
    });
    const counts = await this.counts([id]);
    return { campaign: present(row, counts.get(id) ?? NO_COUNTS) };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
