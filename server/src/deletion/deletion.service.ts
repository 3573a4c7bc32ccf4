import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Prisma } from '../generated/prisma/client';
import { DELETION_RECONSIDERATION_DAYS } from '@app/contract';
import { AppError } from '../common/app-error';
import { consumeToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';
import { MailOutbox } from '../mail';
import { PasswordGate, type AttemptSource } from '../auth';
import { PurgeRegistry, type StoredFile } from '../purge';
import { Producer, QUEUES } from '../queue';
import { FileStorage } from '../storage';
import type { DeleteAccountBody } from './deletion.dto';
import { z } from 'zod';

const DAY_MS = 86_400_000;
export const PURGE_JOB = 'purge-member';
export const PURGE_ATTEMPTS = 10;

/**
 * A purge job's payload (checked by the worker: a purge waits 14 days, so it is usually queued
 * by an older deploy).
 */
export const purgeJob = z.object({ userId: z.int().positive(), requestId: z.int().positive() });
export type PurgeJob = z.infer<typeof purgeJob>;

/**
 * Deletion (SPEC point 4): the account is deleted at once for everyone else (after the member
 * typed the password again), can be reactivated by an e-mail link for 14 days, and is then
 * purged. The purge is guaranteed by the database, not by a queue: the delayed job is only the
 * fast path, and an hourly sweep purges every request that is due, whatever happened to Redis.
 */
@Injectable()
export class DeletionService implements OnApplicationShutdown {
  private readonly logger = new Logger('Deletion');
  private readonly queue: Producer;

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: MailOutbox,
    private readonly gate: PasswordGate,
    private readonly purges: PurgeRegistry,
    private readonly storage: FileStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.queue = new Producer(QUEUES.purge, config, this.logger, {
      attempts: PURGE_ATTEMPTS,
      backoff: { type: 'exponential', delay: 60_000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  /**
   * The member asks for deletion: the step before confirming it (reason, password). The deletion
   * offer (a personal retention code, discounts) is issued and accepted only from here until the
   * member stays (`stay`) or confirms; starting again later just moves the time.
   */
  async start(userId: number, now = new Date()): Promise<void> {
    await this.prisma.user.update({ where: { id: userId }, data: { deletionStartedAt: now } });
  }

  /** The member stays after all: the deletion they began, and with it its offer, is over. */
  async stay(userId: number): Promise<void> {
    await this.prisma.user.update({ where: { id: userId }, data: { deletionStartedAt: null } });
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
      // the begun deletion is done: a reactivated account has no deletion offer
      await tx.user.update({
        where: { id: userId },
        data: { status: 'deleted', deletedAt: now, deletionStartedAt: null },
      });
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
    await this.queue.add(
      PURGE_JOB,
      job,
      { delay: Math.max(0, purgeAt.getTime() - Date.now()), jobId: `purge-${job.requestId}` },
      'the hourly sweep will purge it',
    );
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
   * Erases a member's personal data: every feature's purge step (`@Purges()`, see
   * server/src/purge/), files first (missing ones are fine), then every row in one
   * transaction that re-checks the request as its first statement. Does nothing for a cancelled
   * request or before purgeAt, so it is safe to run twice or early; a failure anywhere leaves
   * the request unpurged, to be tried again.
   */
  async purge(
    job: PurgeJob,
    now = new Date(),
    alsoInTransaction?: (tx: Prisma.TransactionClient) => Promise<void>,
  ): Promise<'purged' | 'cancelled' | 'not_due'> {
    const request = await this.prisma.deletionRequest.findUnique({ where: { id: job.requestId } });
    if (!request || request.cancelledAt || request.purgedAt) return 'cancelled';
    if (request.purgeAt > now) return 'not_due';
    await this.purges.assertComplete();
    const userId = request.userId;
    const steps = this.purges.steps();
    for (const step of steps) {
      for (const file of (await step.files?.(userId)) ?? []) await this.removeFile(file);
    }
    const done = await this.prisma.$transaction(async (tx) => {
      const claimed = await tx.deletionRequest.updateMany({
        where: { id: request.id, cancelledAt: null, purgedAt: null, purgeAt: { lte: now } },
        data: { purgedAt: now, remarks: null },
      });
      if (claimed.count === 0) return false;
      for (const step of steps) await step.purge(tx, userId, now);
      await alsoInTransaction?.(tx);
      return true;
    });
    if (!done) return 'cancelled';
    this.logger.log(`Purged member ${userId}`);
    return 'purged';
  }

  /**
   * Erase now (the console, GDPR art. 17 without the 14 days): the member's open deletion
   * request (or a new one, reason `other`) becomes due at once and is purged like any other;
   * `alsoInTransaction` (the staff's audit row) commits with the purge or not at all.
   */
  async eraseNow(
    userId: number,
    alsoInTransaction: (tx: Prisma.TransactionClient) => Promise<void>,
    now = new Date(),
  ): Promise<'purged' | 'cancelled' | 'not_due'> {
    const request = await this.prisma.$transaction(async (tx) => {
      const open = await tx.deletionRequest.findFirst({
        where: { userId, cancelledAt: null, purgedAt: null },
        orderBy: { id: 'desc' },
        select: { id: true },
      });
      if (open) {
        return tx.deletionRequest.update({ where: { id: open.id }, data: { purgeAt: now } });
      }
      return tx.deletionRequest.create({
        data: { userId, reason: 'other', createdAt: now, purgeAt: now },
      });
    });
    return this.purge({ userId, requestId: request.id }, now, alsoInTransaction);
  }

  /** Removes a stored file (local disk or S3); one that is already gone is fine. */
  private async removeFile(file: StoredFile): Promise<void> {
    await this.storage.delete(file.kind, file.name);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
