import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { Producer, QUEUES } from '../queue';
import type { MailTemplate } from './mail.templates';
import type { NotificationParams } from './notification-content';
import { z } from 'zod';

export const MAIL_JOB = 'mail';

/** A mail job carries only the id of its intent: no address, no token. */
/** A mail job's payload (checked by the worker: it may come from an older deploy). */
export const mailJob = z.object({ intentId: z.int().positive() });
export type MailJob = z.infer<typeof mailJob>;

/** What a statement, appeal or notice mail is about (rendered when it is sent). */
export interface StatementMailParams {
  statementId?: number;
  noticeId?: number;
  /** A visitor's language (a mail without a member). */
  language?: string;
}

export interface MailIntentInput {
  /** null: a mail to someone without an account (`recipient`; notice_received only). */
  userId: number | null;
  template: MailTemplate;
  /** A fixed recipient (notices to a previous address). */
  recipient?: string;
  /** The address an e-mail change confirms. */
  newEmail?: string;
  /** What a notification mail tells (notification-content.ts). */
  params?: NotificationParams | StatementMailParams;
}

/**
 * Retries with a doubling delay from 5 s, capped at 1 hour: 34 attempts span more than a day,
 * so a mail server that is down for a day still gets every mail.
 */
export const MAIL_ATTEMPTS = 34;
export function mailRetryDelay(attemptsMade: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attemptsMade - 1), 3_600_000);
}

/** A mail queued this long ago and still not sent has lost its job (Redis lost its data). */
const LOST_JOB_MS = 30 * 3_600_000;
/** Intents younger than this are still being dispatched by the request that wrote them. */
const FRESH_MS = 2_000;

/**
 * The producer side of mail: a transactional outbox. A service writes the intent inside the
 * transaction of the change that causes the mail, then dispatches it to the queue after the
 * commit. When Redis is down the dispatch fails fast and the request still succeeds; the
 * worker's relay queues what is left once Redis is back.
 */
@Injectable()
export class MailOutbox implements OnApplicationShutdown {
  private readonly logger = new Logger('MailOutbox');
  private readonly queue: Producer;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.queue = new Producer(QUEUES.mail, config, this.logger, {
      attempts: MAIL_ATTEMPTS,
      backoff: { type: 'capped' },
      // the job holds no personal data, but there is nothing to keep it for
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  /** Writes a mail intent in the caller's transaction; returns its id for `dispatch`. */
  async write(tx: Prisma.TransactionClient, intent: MailIntentInput): Promise<number> {
    const { params, ...rest } = intent;
    const row = await tx.mailIntent.create({
      data: { ...rest, ...(params ? { params: { ...params } } : {}) },
      select: { id: true },
    });
    return row.id;
  }

  /** Writes and dispatches one intent outside any other transaction. */
  async send(intent: MailIntentInput): Promise<void> {
    const id = await this.write(this.prisma, intent);
    await this.dispatch([id]);
  }

  /** Hands intents to the queue; never throws (what fails here, the relay sends later). */
  async dispatch(ids: number[]): Promise<void> {
    for (const id of ids) {
      const queued = await this.queue.add(
        MAIL_JOB,
        { intentId: id } satisfies MailJob,
        { jobId: `mail-${id}` },
        "the worker's relay will queue it",
      );
      if (!queued) return;
      try {
        await this.prisma.mailIntent.updateMany({
          where: { id, enqueuedAt: null },
          data: { enqueuedAt: new Date() },
        });
      } catch (error) {
        // the job is queued; without the mark the relay queues it once more, and the second
        // job finds the intent sent and gone
        this.logger.warn(`Mail intent ${id} queued but not marked: ${String(error)}`);
        return;
      }
    }
  }

  /**
   * The worker's relay: queues intents that no request could queue (Redis was down), and
   * those whose job was lost with Redis' data. Returns how many it handed over.
   */
  async relay(now = new Date()): Promise<number> {
    const pending = await this.prisma.mailIntent.findMany({
      where: {
        failedAt: null,
        OR: [
          { enqueuedAt: null, createdAt: { lt: new Date(now.getTime() - FRESH_MS) } },
          { enqueuedAt: { lt: new Date(now.getTime() - LOST_JOB_MS) } },
        ],
      },
      orderBy: { id: 'asc' },
      take: 500,
      select: { id: true },
    });
    if (pending.length === 0) return 0;
    // jobs of lost intents are queued again: clear the mark so dispatch sets it anew
    await this.prisma.mailIntent.updateMany({
      where: { id: { in: pending.map((p) => p.id) }, enqueuedAt: { not: null } },
      data: { enqueuedAt: null },
    });
    await this.dispatch(pending.map((p) => p.id));
    return pending.length;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
