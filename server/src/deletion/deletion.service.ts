import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { DELETION_RECONSIDERATION_DAYS } from '../common/constants';
import { AppError } from '../common/app-error';
import { consumeToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';
import { MailOutbox } from '../mail/mail-outbox.service';
import { PasswordGate, type AttemptSource } from '../auth';
import { QUEUES, producerQueue, within } from '../queue';
import type { DeleteAccountBody } from './deletion.dto';

const DAY_MS = 86_400_000;
export const PURGE_JOB = 'purge-member';
export const PURGE_ATTEMPTS = 10;

export interface PurgeJob {
  userId: number;
  requestId: number;
}

/**
 * What the purge does with every column that points at a member (a foreign key to users):
 * `delete` the rows, `anonymise` them, or `keep` them for a stated reason. A test compares
 * this list with the database's foreign keys, so a new table cannot be forgotten.
 */
export const PURGE_COVERAGE: Record<string, 'delete' | 'anonymise' | `keep: ${string}`> = {
  'sessions.user_id': 'delete',
  'email_tokens.user_id': 'delete',
  'mail_intents.user_id': 'delete',
  'trusted_devices.user_id': 'delete',
  'tracking_data.user_id': 'delete',
  'deletion_requests.user_id': 'anonymise',
  'alert_dismissals.user_id': 'delete',
  'profiles.user_id': 'delete',
  'notification_preferences.user_id': 'delete',
  'push_subscriptions.user_id': 'delete',
  'direct_debit_mandates.user_id': 'delete',
  'likes.liker_id': 'delete',
  'likes.liked_id': 'delete',
  'swipe_decisions.swiper_id': 'delete',
  'swipe_decisions.swiped_id': 'delete',
  'blocks.blocker_id': 'delete',
  'blocks.blocked_id': 'delete',
  'messages.sender_id': 'anonymise',
  'complaints.reporter_id': 'anonymise',
  'discount_codes.user_id': 'delete',
  'invites.created_by_id': 'keep: an invite code holds no personal data',
  'invites.used_by_id': 'keep: an invite code holds no personal data',
  'conversation_participants.user_id':
    'keep: the other member keeps the conversation; its messages from this member are emptied',
  'messages.operator_id': 'keep: staff accounts are not members',
  'photos.moderated_by_id': 'keep: staff accounts are not members',
  'complaints.reported_user_id':
    'keep: a complaint about a member is a moderation record written by someone else',
  'payments.user_id': 'keep: bookkeeping (7 years), tied to a row without personal data',
  'credit_ledger.user_id': 'keep: bookkeeping, tied to a row without personal data',
  'discount_redemptions.user_id': 'keep: bookkeeping of a discount given',
};

/**
 * Deletion (SPEC point 4): the account is deleted at once for everyone else (after the member
 * typed the password again), can be reactivated by an e-mail link for 14 days, and is then
 * purged. The purge is guaranteed by the database, not by a queue: the delayed job is only the
 * fast path, and an hourly sweep purges every request that is due, whatever happened to Redis.
 */
@Injectable()
export class DeletionService implements OnApplicationShutdown {
  private readonly logger = new Logger('Deletion');
  private queue?: Queue;

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: MailOutbox,
    private readonly gate: PasswordGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get purgeQueue(): Queue {
    this.queue ??= producerQueue(QUEUES.purge, this.config, this.logger, {
      attempts: PURGE_ATTEMPTS,
      backoff: { type: 'exponential', delay: 60_000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
    return this.queue;
  }

  async delete(userId: number, input: DeleteAccountBody, source: AttemptSource, now = new Date()) {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, passwordHash: true },
    });
    const checked = await this.gate.check(user.email ?? '', user, input.password, source);
    if (!checked.ok) throw new AppError('wrong_password', {}, 'password');
    const purgeAt = new Date(now.getTime() + DELETION_RECONSIDERATION_DAYS * DAY_MS);
    const { request, mails } = await this.prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id: userId }, data: { status: 'deleted', deletedAt: now } });
      await tx.profile.updateMany({ where: { userId }, data: { status: 'disabled' } });
      await tx.session.deleteMany({ where: { userId } });
      const created = await tx.deletionRequest.create({
        data: { userId, reason: input.reason, remarks: input.remarks, createdAt: now, purgeAt },
      });
      const mail = await this.outbox.write(tx, { userId, template: 'reactivation' });
      return { request: created, mails: [mail] };
    });
    await this.schedulePurge({ userId, requestId: request.id }, purgeAt);
    await this.outbox.dispatch(mails);
    return request;
  }

  /** The delayed job; when Redis cannot take it now, the hourly sweep still purges in time. */
  private async schedulePurge(job: PurgeJob, purgeAt: Date): Promise<void> {
    try {
      await within(
        this.purgeQueue.add(PURGE_JOB, job, {
          delay: Math.max(0, purgeAt.getTime() - Date.now()),
          jobId: `purge-${job.requestId}`,
        }),
        2_000,
        'scheduling a purge',
      );
    } catch (error) {
      this.logger.warn(
        `Purge of request ${job.requestId} not scheduled (${error instanceof Error ? error.message : String(error)}); the hourly sweep will purge it`,
      );
    }
  }

  /** A reactivation link inside the 14 days restores the account as it was. */
  async reactivate(token: string | undefined, now = new Date()): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const used = await consumeToken(tx, token, 'reactivation', now);
      if (!used) return false;
      const user = await tx.user.findUniqueOrThrow({
        where: { id: used.userId },
        select: { status: true, confirmedAt: true },
      });
      const cancelled = await tx.deletionRequest.updateMany({
        where: { userId: used.userId, cancelledAt: null, purgedAt: null, purgeAt: { gt: now } },
        data: { cancelledAt: now },
      });
      if (user.status !== 'deleted' || cancelled.count === 0) return false;
      const confirmed = user.confirmedAt !== null;
      await tx.user.update({
        where: { id: used.userId },
        data: { status: confirmed ? 'confirmed' : 'not_confirmed', deletedAt: null },
      });
      await tx.profile.updateMany({
        where: { userId: used.userId },
        data: { status: confirmed ? 'active' : 'disabled' },
      });
      return true;
    });
  }

  /**
   * The hourly sweep: purges every request that is due and not cancelled, whether or not its
   * delayed job ever ran. A failure is logged loudly and tried again at the next sweep.
   */
  async purgeDue(now = new Date()): Promise<{ purged: number; failed: number }> {
    const due = await this.prisma.deletionRequest.findMany({
      where: { purgeAt: { lte: now }, cancelledAt: null, purgedAt: null },
      orderBy: { purgeAt: 'asc' },
      take: 200,
      select: { id: true, userId: true },
    });
    let purged = 0;
    let failed = 0;
    for (const request of due) {
      try {
        if ((await this.purge({ userId: request.userId, requestId: request.id }, now)) === 'purged')
          purged += 1;
      } catch (error) {
        failed += 1;
        this.logger.error(
          `PURGE FAILED for deletion request ${request.id} (member ${request.userId}); the next sweep retries`,
          error instanceof Error ? error.stack : String(error),
        );
      }
    }
    return { purged, failed };
  }

  /**
   * Erases a member's personal data (see PURGE_COVERAGE). Does nothing for a cancelled request
   * or before purgeAt, so it is safe to run twice or early. Files go first (missing ones are
   * fine), then every row in one transaction that re-checks the request as its first statement:
   * a failure anywhere leaves the request unpurged, to be tried again.
   */
  async purge(job: PurgeJob, now = new Date()): Promise<'purged' | 'cancelled' | 'not_due'> {
    const request = await this.prisma.deletionRequest.findUnique({ where: { id: job.requestId } });
    if (!request || request.cancelledAt || request.purgedAt) return 'cancelled';
    if (request.purgeAt > now) return 'not_due';
    const userId = request.userId;
    const [photos, images] = await Promise.all([
      this.prisma.photo.findMany({
        where: { profile: { userId } },
        select: { filename: true, thumbFilename: true },
      }),
      this.prisma.message.findMany({
        where: { senderId: userId, imageFilename: { not: null } },
        select: { imageFilename: true },
      }),
    ]);
    await this.removeFiles(
      'photos',
      photos.flatMap((p) => [p.filename, p.thumbFilename]),
    );
    await this.removeFiles(
      'chat',
      images.map((m) => m.imageFilename as string),
    );

    const done = await this.prisma.$transaction(async (tx) => {
      const claimed = await tx.deletionRequest.updateMany({
        where: { id: request.id, cancelledAt: null, purgedAt: null, purgeAt: { lte: now } },
        data: { purgedAt: now, remarks: null },
      });
      if (claimed.count === 0) return false;
      await tx.message.updateMany({
        where: { senderId: userId },
        data: { body: null, imageFilename: null, contentPurgedAt: now },
      });
      await tx.complaint.updateMany({
        where: { reporterId: userId },
        data: { name: null, email: null, subject: '', message: '' },
      });
      const byUser = { where: { userId } };
      await tx.like.deleteMany({ where: { OR: [{ likerId: userId }, { likedId: userId }] } });
      await tx.block.deleteMany({ where: { OR: [{ blockerId: userId }, { blockedId: userId }] } });
      await tx.swipeDecision.deleteMany({
        where: { OR: [{ swiperId: userId }, { swipedId: userId }] },
      });
      await tx.session.deleteMany(byUser);
      await tx.emailToken.deleteMany(byUser);
      await tx.mailIntent.deleteMany(byUser);
      await tx.trustedDevice.deleteMany(byUser);
      await tx.trackingData.deleteMany(byUser);
      await tx.pushSubscription.deleteMany(byUser);
      await tx.notificationPreference.deleteMany(byUser);
      await tx.alertDismissal.deleteMany(byUser);
      await tx.directDebitMandate.deleteMany(byUser);
      await tx.discountCode.deleteMany({ where: { userId, redemptions: { none: {} } } });
      await tx.profile.deleteMany(byUser);
      await tx.deletionRequest.updateMany({ where: { userId }, data: { remarks: null } });
      await tx.user.update({
        where: { id: userId },
        data: {
          status: 'purged',
          email: null,
          passwordHash: null,
          signupIp: null,
          signupDomain: null,
          lastLoginAt: null,
          lastSeenAt: null,
          notificationsDisabled: [],
        },
      });
      return true;
    });
    if (!done) return 'cancelled';
    this.logger.log(`Purged member ${userId}`);
    return 'purged';
  }

  /** Removes stored files by name; a file that is already gone is fine. */
  private async removeFiles(kind: 'photos' | 'chat', names: string[]): Promise<void> {
    const dir = path.resolve(this.config.STORAGE_DIR, kind);
    for (const name of names) {
      await rm(path.join(dir, path.basename(name)), { force: true });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close();
  }
}
