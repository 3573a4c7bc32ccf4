import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { z } from 'zod';
import type { PostbackEvent } from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Producer, QUEUES } from '../queue';
import { postbackInsertStatement } from './traffic.sql';

export const POSTBACK_JOB = 'postback';
/** A postback job carries only its row's id (the worker reads the rest). */
export const postbackJob = z.object({ postbackId: z.int().positive() });
export type PostbackJob = z.infer<typeof postbackJob>;

/**
 * Attempts and their delays: doubling from 2 s, capped at an hour; 20 attempts span about ten
 * hours, so a network that is down for an evening still hears of every conversion.
 */
export const POSTBACK_ATTEMPTS = 20;
export function postbackRetryDelay(attemptsMade: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attemptsMade - 1), 3_600_000);
}
/** Rows younger than this are still being dispatched by the request that wrote them. */
const FRESH_MS = 2_000;
/** A row queued this long ago and still pending has lost its job (Redis lost its data). */
const LOST_JOB_MS = 12 * 3_600_000;

/**
 * The producer side of the affiliate postbacks: a transactional outbox like the mail's. The
 * signup, the activation and the settlement of a first purchase write the postback row in
 * their own transaction (`write`: only for members from a network whose postback is on, once
 * per member and event), and hand it to the postback queue after the commit (`dispatch`). A
 * row no request could queue (Redis down) or whose job was lost is queued by the worker's relay.
 */
@Injectable()
export class PostbackOutbox implements OnApplicationShutdown {
  private readonly logger = new Logger('Postbacks');
  private readonly queue: Producer;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.queue = new Producer(QUEUES.postback, config, this.logger, {
      attempts: POSTBACK_ATTEMPTS,
      backoff: { type: 'capped' },
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  /** The postback of a member's event, in the caller's transaction; its id, or none. */
  async write(
    tx: Prisma.TransactionClient,
    userId: number,
    event: PostbackEvent,
    money: { amountCents: number; currency: string; paymentId: number } | null = null,
  ): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(tx, postbackInsertStatement(userId, event, money));
    return rows.map((row) => row.id);
  }

  /** Hands rows to the queue; never throws (what fails here, the relay queues later). */
  async dispatch(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      const queued = await this.queue.add(
        POSTBACK_JOB,
        { postbackId: id } satisfies PostbackJob,
        { jobId: `postback-${id}` },
        "the worker's relay will queue it",
      );
      if (!queued) return;
      try {
        await this.prisma.postback.updateMany({
          where: { id, enqueuedAt: null },
          data: { enqueuedAt: new Date() },
        });
      } catch (error) {
        this.logger.warn(`Postback ${id} queued but not marked: ${String(error)}`);
        return;
      }
    }
  }

  /** The worker's relay: queues pending rows never queued, or whose job was lost. */
  async relay(now = new Date()): Promise<number> {
    const pending = await this.prisma.postback.findMany({
      where: {
        status: 'pending',
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
    await this.prisma.postback.updateMany({
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
