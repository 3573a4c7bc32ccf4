import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { DELETION_RECONSIDERATION_DAYS, type Language } from '../common/constants';
import { PrismaService } from '../prisma/prisma.service';
import { MailQueue } from '../mail/mail.jobs';
import { hashToken } from '../accounts/session.service';
import { newEmailToken, reactivationPath } from '../accounts/tokens';
import { QUEUES, bullConnection } from '../jobs/queues';
import type { DeleteAccountBody } from './deletion.dto';

const DAY_MS = 86_400_000;
export const PURGE_JOB = 'purge-member';

export interface PurgeJob {
  userId: number;
  requestId: number;
}

/**
 * Deletion (SPEC point 4): the account is deleted at once for everyone else, can be reactivated
 * by an e-mail link for 14 days, and is then purged by a delayed job: personal data, photos on
 * storage, message texts, likes, blocks and sessions go; payments and the credit ledger stay
 * for bookkeeping, tied to a row without personal data.
 */
@Injectable()
export class DeletionService implements OnApplicationShutdown {
  private readonly logger = new Logger('Deletion');
  private queue?: Queue;

  constructor(
    private readonly prisma: PrismaService,
    private readonly mailQueue: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get purgeQueue(): Queue {
    this.queue ??= new Queue(QUEUES.purge, {
      connection: bullConnection(this.config.REDIS_URL),
      defaultJobOptions: { attempts: 10, backoff: { type: 'exponential', delay: 60_000 } },
    });
    return this.queue;
  }

  async delete(userId: number, input: DeleteAccountBody, now = new Date()) {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      include: { profile: true },
    });
    const purgeAt = new Date(now.getTime() + DELETION_RECONSIDERATION_DAYS * DAY_MS);
    const { token, tokenHash } = newEmailToken();
    const request = await this.prisma.$transaction(async (tx) => {
      await tx.user.update({
        where: { id: userId },
        data: {
          status: 'deleted',
          deletedAt: now,
          profile: user.profile ? { update: { status: 'disabled' } } : undefined,
          emailTokens: { create: { type: 'reactivation', tokenHash, expiresAt: purgeAt } },
        },
      });
      await tx.session.deleteMany({ where: { userId } });
      return tx.deletionRequest.create({
        data: { userId, reason: input.reason, remarks: input.remarks, createdAt: now, purgeAt },
      });
    });
    await this.purgeQueue.add(PURGE_JOB, { userId, requestId: request.id } satisfies PurgeJob, {
      delay: Math.max(0, purgeAt.getTime() - Date.now()),
      jobId: `purge-${request.id}`,
    });
    if (user.email) {
      await this.mailQueue.send({
        userId,
        to: user.email,
        name: user.profile?.name ?? '',
        language: user.language as Language,
        template: 'reactivation',
        path: reactivationPath(token),
      });
    }
    return request;
  }

  /** A reactivation link inside the 14 days restores the account as it was. */
  async reactivate(token: string | undefined, now = new Date()): Promise<boolean> {
    if (!token) return false;
    const found = await this.prisma.emailToken.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { user: true },
    });
    if (!found || found.type !== 'reactivation' || found.usedAt || found.expiresAt <= now) {
      return false;
    }
    if (found.user.status !== 'deleted') return false;
    const confirmed = found.user.confirmedAt !== null;
    await this.prisma.$transaction([
      this.prisma.emailToken.update({ where: { id: found.id }, data: { usedAt: now } }),
      this.prisma.deletionRequest.updateMany({
        where: { userId: found.userId, cancelledAt: null, purgedAt: null },
        data: { cancelledAt: now },
      }),
      this.prisma.user.update({
        where: { id: found.userId },
        data: {
          status: confirmed ? 'confirmed' : 'not_confirmed',
          deletedAt: null,
          profile: { update: { status: confirmed ? 'active' : 'disabled' } },
        },
      }),
    ]);
    return true;
  }

  /**
   * The delayed purge. Does nothing for a cancelled request or before purgeAt (a job run early
   * is not a reason to erase anyone), so it is safe to run twice.
   */
  async purge(job: PurgeJob, now = new Date()): Promise<'purged' | 'cancelled' | 'not_due'> {
    const request = await this.prisma.deletionRequest.findUnique({ where: { id: job.requestId } });
    if (!request || request.cancelledAt || request.purgedAt) return 'cancelled';
    if (request.purgeAt > now) return 'not_due';
    const userId = job.userId;
    const photos = await this.prisma.photo.findMany({
      where: { profile: { userId } },
      select: { filename: true, thumbFilename: true },
    });
    await this.prisma.$transaction([
      this.prisma.message.updateMany({
        where: { senderId: userId },
        data: { body: null, imageFilename: null, contentPurgedAt: now },
      }),
      this.prisma.like.deleteMany({ where: { OR: [{ likerId: userId }, { likedId: userId }] } }),
      this.prisma.block.deleteMany({
        where: { OR: [{ blockerId: userId }, { blockedId: userId }] },
      }),
      this.prisma.swipeDecision.deleteMany({
        where: { OR: [{ swiperId: userId }, { swipedId: userId }] },
      }),
      this.prisma.session.deleteMany({ where: { userId } }),
      this.prisma.emailToken.deleteMany({ where: { userId } }),
      this.prisma.trackingData.deleteMany({ where: { userId } }),
      this.prisma.pushSubscription.deleteMany({ where: { userId } }),
      this.prisma.notificationPreference.deleteMany({ where: { userId } }),
      this.prisma.alertDismissal.deleteMany({ where: { userId } }),
      this.prisma.directDebitMandate.deleteMany({ where: { userId } }),
      this.prisma.profile.deleteMany({ where: { userId } }),
      this.prisma.deletionRequest.update({
        where: { id: request.id },
        data: { purgedAt: now, remarks: null },
      }),
      this.prisma.user.update({
        where: { id: userId },
        data: {
          status: 'purged',
          email: null,
          passwordHash: null,
          signupIp: null,
          signupDomain: null,
          notificationsDisabled: [],
        },
      }),
    ]);
    const dir = path.resolve(this.config.STORAGE_DIR, 'photos');
    for (const photo of photos) {
      for (const file of [photo.filename, photo.thumbFilename]) {
        await rm(path.join(dir, path.basename(file)), { force: true });
      }
    }
    this.logger.log(`Purged member ${userId}`);
    return 'purged';
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close();
  }
}
