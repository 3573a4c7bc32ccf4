import { Injectable } from '@nestjs/common';
import {
  affiliateNetworkInput,
  postbackUrlProblem,
  type AffiliateNetwork,
  type PostbackLogFilters,
  type PostbackLogResponse,
} from '@app/contract';
import type { z } from 'zod';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { StaffChanges, type StaffPrincipal } from '../staff';

type Input = z.output<typeof affiliateNetworkInput>;
type Row = Awaited<ReturnType<PrismaService['affiliateNetwork']['findFirstOrThrow']>>;

/** The postback log's page size. */
export const POSTBACK_LOG_PAGE = 50;

const view = (row: Row): AffiliateNetwork => ({
  id: row.id,
  network: row.network,
  postback_url: row.postbackUrl,
  click_id_param: row.clickIdParam as AffiliateNetwork['click_id_param'],
  events: row.events as AffiliateNetwork['events'],
  enabled: row.enabled,
  updated_at: row.updatedAt.toISOString(),
});

/** A template that is not http(s), names its host by a macro or has unknown macros: 400. */
function checkUrl(input: Input): void {
  if (postbackUrlProblem(input.postback_url)) {
    throw new AppError('validation_failed', {}, 'postback_url');
  }
}

const data = (input: Input) => ({
  network: input.network,
  postbackUrl: input.postback_url,
  clickIdParam: input.click_id_param,
  events: input.events,
  enabled: input.enabled,
});

/**
 * Admins: the affiliate networks' postbacks (the URL template per network, which tracking field
 * holds the click id, the events it hears of) through StaffChanges (the change and its audit
 * row in one transaction), and the postback log.
 */
@Injectable()
export class AffiliateNetworks {
  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: StaffChanges,
  ) {}

  async list(): Promise<AffiliateNetwork[]> {
    const rows = await this.prisma.affiliateNetwork.findMany({ orderBy: { network: 'asc' } });
    return rows.map(view);
  }

  create(staff: StaffPrincipal, input: Input, ip?: string): Promise<AffiliateNetwork> {
    checkUrl(input);
    return this.changes.apply(staff, ip, null, async (tx) => {
      const row = await tx.affiliateNetwork.create({ data: data(input) });
      const after = view(row);
      return {
        result: after,
        audit: {
          action: 'affiliate_network.created',
          subjectType: 'affiliate_network',
          subjectId: row.id,
          after,
        },
      };
    });
  }

  update(staff: StaffPrincipal, id: number, input: Input, ip?: string): Promise<AffiliateNetwork> {
    return this.changes.apply(staff, ip, null, async (tx) => {
      const old = await tx.affiliateNetwork.findUnique({ where: { id } });
      if (!old) throw new AppError('not_found');
      checkUrl(input);
      const row = await tx.affiliateNetwork.update({ where: { id }, data: data(input) });
      const after = view(row);
      return {
        result: after,
        audit: {
          action: 'affiliate_network.updated',
          subjectType: 'affiliate_network',
          subjectId: id,
          before: view(old),
          after,
        },
      };
    });
  }

  remove(staff: StaffPrincipal, id: number, ip?: string): Promise<{ ok: true }> {
    return this.changes.apply(staff, ip, null, async (tx) => {
      const old = await tx.affiliateNetwork.findUnique({ where: { id } });
      if (!old) throw new AppError('not_found');
      await tx.affiliateNetwork.delete({ where: { id } });
      return {
        result: { ok: true as const },
        audit: {
          action: 'affiliate_network.deleted',
          subjectType: 'affiliate_network',
          subjectId: id,
          before: view(old),
        },
      };
    });
  }

  /** The postback log, newest first, a page at a time (`before`: the previous page's `next`). */
  async log(query: PostbackLogFilters): Promise<PostbackLogResponse> {
    const rows = await this.prisma.postback.findMany({
      where: {
        ...(query.network ? { network: query.network } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.before ? { id: { lt: query.before } } : {}),
      },
      orderBy: { id: 'desc' },
      take: POSTBACK_LOG_PAGE + 1,
    });
    const page = rows.slice(0, POSTBACK_LOG_PAGE);
    return {
      postbacks: page.map((row) => ({
        id: row.id,
        event_id: row.eventId,
        network: row.network,
        event: row.event as PostbackLogResponse['postbacks'][number]['event'],
        member_id: row.userId,
        amount_cents: row.amountCents,
        currency: row.currency,
        status: row.status as PostbackLogResponse['postbacks'][number]['status'],
        attempts: row.attempts,
        last_status_code: row.lastStatusCode,
        last_error: row.lastError,
        created_at: row.createdAt.toISOString(),
        sent_at: row.sentAt?.toISOString() ?? null,
      })),
      next: rows.length > POSTBACK_LOG_PAGE ? page[page.length - 1].id : null,
    };
  }
}
