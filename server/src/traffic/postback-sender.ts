import { Inject, Injectable, Logger } from '@nestjs/common';
import { centsToDecimal, postbackUrlProblem, type PostbackEvent } from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PrismaService } from '../prisma/prisma.service';
import { getStatus } from './public-request';

/** How long one call to a network may take. */
const CALL_TIMEOUT_MS = 10_000;

/** The values of a postback's macros. */
export interface PostbackValues {
  click_id: string;
  event: PostbackEvent;
  event_id: string;
  amount: string;
  currency: string;
  ref: string;
  sub1: string;
  sub2: string;
  sub3: string;
}

/** Where a URL goes: its scheme, host and port. */
const origin = (url: URL) => `${url.protocol}//${url.host}`;

/**
 * A postback URL from its template: every macro replaced by its value, URL-encoded, so no value
 * can change where the call goes; the result must go to the template's own scheme, host and
 * port (the host an admin configured: never another, whatever the member's tracking data
 * holds), over http or https.
 */
export function postbackUrlOf(template: string, values: PostbackValues): URL {
  if (postbackUrlProblem(template)) throw new Error('postback URL template refused');
  const configured = new URL(template.replace(/\{[a-z0-9_]+\}/g, 'x'));
  const url = new URL(
    template.replace(/\{([a-z0-9_]+)\}/g, (_, name: string) =>
      encodeURIComponent(values[name as keyof PostbackValues] ?? ''),
    ),
  );
  if (!['http:', 'https:'].includes(url.protocol) || origin(url) !== origin(configured)) {
    throw new Error('postback URL leaves its configured host');
  }
  return url;
}

export type PostbackOutcome = 'sent' | 'done' | 'dropped';

/**
 * One attempt of one postback (the postback queue's worker): reads the row, its network's
 * template and the member's tracking data, calls the URL (GET, no redirects followed, at most
 * CALL_TIMEOUT_MS), and records the attempt (count, status code, error). A 2xx answer sends it;
 * anything else throws, so the queue retries with its backoff; {event_id} is the same on every
 * attempt, so the network can drop a repeat.
 */
@Injectable()
export class PostbackSender {
  private readonly logger = new Logger('Postbacks');

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(id: number): Promise<PostbackOutcome> {
    const postback = await this.prisma.postback.findUnique({
      where: { id },
      select: {
        id: true,
        eventId: true,
        userId: true,
        network: true,
        event: true,
        amountCents: true,
        currency: true,
        status: true,
        user: {
          select: { tracking: { select: { ref: true, sub1: true, sub2: true, sub3: true } } },
        },
      },
    });
    // gone with its member (purged), or sent by an earlier attempt
    if (!postback || postback.status !== 'pending') return 'done';
    const network = await this.prisma.affiliateNetwork.findUnique({
      where: { network: postback.network },
    });
    if (!network?.enabled) {
      await this.record(id, { status: 'failed', lastError: 'network_not_configured' });
      return 'dropped';
    }
    const tracking = postback.user.tracking;
    const field = (name: 'ref' | 'sub1' | 'sub2' | 'sub3') => tracking?.[name] ?? '';
    const url = postbackUrlOf(network.postbackUrl, {
      click_id: field(network.clickIdParam as 'ref' | 'sub1' | 'sub2' | 'sub3'),
      event: postback.event as PostbackEvent,
      event_id: postback.eventId,
      amount: postback.amountCents === null ? '' : centsToDecimal(postback.amountCents),
      currency: postback.currency ?? '',
      ref: field('ref'),
      sub1: field('sub1'),
      sub2: field('sub2'),
      sub3: field('sub3'),
    });
    let status: number;
    try {
      // only to public addresses (POSTBACK_ALLOW_PRIVATE_ADDRESSES: tests, development)
      status = await getStatus(url, {
        timeoutMs: CALL_TIMEOUT_MS,
        allowPrivate: this.config.POSTBACK_ALLOW_PRIVATE_ADDRESSES,
        headers: { 'User-Agent': 'vonkje-postback/1' },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.record(id, { lastError: message.slice(0, 500), lastStatusCode: null });
      throw new Error(`postback ${id} to ${postback.network}: ${message}`);
    }
    if (status >= 200 && status < 300) {
      await this.record(id, {
        status: 'sent',
        sentAt: new Date(),
        lastStatusCode: status,
        lastError: null,
      });
      return 'sent';
    }
    await this.record(id, { lastStatusCode: status, lastError: `HTTP ${status}` });
    throw new Error(`postback ${id} to ${postback.network}: HTTP ${status}`);
  }

  /** The last attempt failed: the postback is given up (the log shows it). */
  async giveUp(id: number): Promise<void> {
    await this.prisma.postback.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'failed' },
    });
    this.logger.warn(`Postback ${id} given up`);
  }

  private async record(
    id: number,
    data: {
      status?: 'sent' | 'failed';
      sentAt?: Date;
      lastStatusCode?: number | null;
      lastError?: string | null;
    },
  ): Promise<void> {
    await this.prisma.postback.updateMany({
      where: { id, status: 'pending' },
      data: { ...data, attempts: { increment: 1 } },
    });
  }
}
