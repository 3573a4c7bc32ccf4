import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { NotificationsDisabled } from './notifications-disabled';

/** A webhook call signed longer ago (or later) than this is refused: a replay window. */
export const MAILGUN_MAX_AGE_SECONDS = 300;

/**
 * Mailgun's webhook payload (docs/features/accounts.md, "Mail"): the signature and the event. Only
 * what is read is described; the rest of `event-data` is let through.
 */
export const mailgunEventRequest = z.object({
  signature: z.object({
    timestamp: z.string().regex(/^\d{1,12}$/),
    token: z.string().min(10).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  'event-data': z
    .object({
      event: z.string().max(40),
      severity: z.string().max(20).optional(),
      recipient: z.string().max(320).optional(),
    })
    .loose(),
});
export type MailgunEvent = z.infer<typeof mailgunEventRequest>;

/** The campaign id a campaign's mail carried in its Mailgun variables, if any. */
function campaignOfEvent(event: MailgunEvent['event-data']): number | null {
  const variables = (event as { 'user-variables'?: unknown })['user-variables'];
  if (typeof variables !== 'object' || variables === null) return null;
  const id = Number((variables as Record<string, unknown>).campaign_id);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Bounces and spam complaints reported by Mailgun: a permanent failure ("failed", severity
 * "permanent") adds bounce, a complaint ("complained") adds fbl to the notifications_disabled
 * of the member with that address. The call is authenticated by Mailgun's signature
 * (HMAC-SHA256 of timestamp + token with the webhook signing key), recent, and its token used
 * once (Redis SET NX): a recorded call cannot be played again. An unknown address or another
 * event is accepted and changes nothing.
 */
@Injectable()
export class MailgunEvents {
  private readonly logger = new Logger('MailgunEvents');

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly disabled: NotificationsDisabled,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(body: MailgunEvent, now = new Date()): Promise<'bounce' | 'fbl' | 'ignored'> {
    const { timestamp, token, signature } = body.signature;
    const key = this.config.MAILGUN_WEBHOOK_SIGNING_KEY;
    if (!key) throw new AppError('forbidden');
    const expected = createHmac('sha256', key)
      .update(timestamp + token)
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new AppError('forbidden');
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAILGUN_MAX_AGE_SECONDS) {
      throw new AppError('forbidden');
    }
    const seen = `mailgun:token:${token}`;
    const fresh = await this.redis.set(seen, '1', 'EX', MAILGUN_MAX_AGE_SECONDS * 2, 'NX');
    if (fresh !== 'OK') throw new AppError('forbidden');
    try {
      return await this.apply(body['event-data']);
    } catch (error) {
      // not handled: Mailgun's retry with the same token must be let in
      await this.redis.del(seen);
      throw error;
    }
  }

  private async apply(event: MailgunEvent['event-data']): Promise<'bounce' | 'fbl' | 'ignored'> {
    const reason =
      event.event === 'complained'
        ? 'fbl'
        : event.event === 'failed' && event.severity === 'permanent'
          ? 'bounce'
          : null;
    if (!reason || !event.recipient) return 'ignored';
    const user = await this.prisma.user.findUnique({
      where: { email: event.recipient.trim().toLowerCase() },
      select: { id: true },
    });
    if (!user) return 'ignored';
    // a campaign's mail (its X-Mailgun-Variables come back as user-variables): counted to it
    const campaignId = campaignOfEvent(event);
    if (reason === 'bounce' && campaignId !== null) {
      await this.prisma.campaignRecipient.updateMany({
        where: { campaignId, userId: user.id },
        data: { status: 'bounced' },
      });
    }
    if (await this.disabled.add(user.id, reason)) {
      this.logger.log(`Member ${user.id}: e-mail notifications off (${reason})`);
    }
    return reason;
  }
}
