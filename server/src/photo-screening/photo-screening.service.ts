import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PHOTO_ABUSE_REASONS, PHOTO_SCREEN_FLAG_RISK } from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Prisma } from '../generated/prisma/client';
import { flagWaitingMatchesStatement, screeningFileStatement } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement, queryRows } from '../prisma/sql';
import { differenceHashOf } from '../common/photo-hash';
import { Producer, QUEUES } from '../queue';
import { Realtime } from '../realtime';
import { FileStorage } from '../storage';
import { riskOf, scorePhoto, SCREEN_MODEL } from './nsfw-model';
import {
  dropAbuseHashesStatement,
  keepAbuseHashStatement,
  recordScreeningStatement,
  unscoredStatement,
} from './photo-screening.sql';
import { z } from 'zod';

/** The job that scores one screening row. */
export const SCREEN_JOB = 'score';
/** A photo screening job's payload (checked by the worker: it may come from an older deploy). */
export const screenJob = z.object({ screeningId: z.int().positive() });
export type ScreenJob = z.infer<typeof screenJob>;

/** A screening the worker has not scored this long after the upload is queued again (hourly). */
const LOST_AFTER_MS = 10 * 60_000;
const REQUEUE_BATCH = 500;

type Tx = Prisma.TransactionClient;
type Target = { photoId: number } | { messageId: number };

const isAbuse = (reason: string | null): boolean =>
  reason !== null && (PHOTO_ABUSE_REASONS as readonly string[]).includes(reason);

/**
 * Pre-screening of new photos (issue 35, point 1): flags and orders, never decides. An upload
 * (profile or chat photo) writes a screening row with the photo's perceptual hash, matched at
 * once against the hashes kept of photos rejected for abuse, and queues a job; the worker scores
 * the stored photo with the model (nsfw-model.ts) and writes the scores. The inspection desk
 * serves the riskiest photo first (inspection.sql.ts) and shows the scores; a moderator decides.
 */
@Injectable()
export class PhotoScreening implements OnApplicationShutdown {
  private readonly logger = new Logger('PhotoScreening');
  private readonly queue: Producer;

  constructor(
    private readonly prisma: PrismaService,
    private readonly storage: FileStorage,
    private readonly realtime: Realtime,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.queue = new Producer(QUEUES.photoScreen, config, this.logger, {
      attempts: 3,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: true,
      removeOnFail: 100,
    });
  }

  /** The screening row of a new photo, in the transaction that adds it. */
  async record(tx: Tx | PrismaService, target: Target, hash: bigint): Promise<number> {
    const rows = await queryRows<{ id: number; abuseMatch: boolean }>(
      tx,
      recordScreeningStatement(target, hash),
    );
    return rows[0]!.id;
  }

  /** Queues the scoring of a recorded row (after its transaction); the hourly task retries. */
  async queueScoring(screeningId: number): Promise<void> {
    const job: ScreenJob = { screeningId };
    await this.queue.add(
      SCREEN_JOB,
      job,
      { jobId: `screen-${screeningId}` },
      'the hourly maintenance queues it again',
    );
  }

  /**
   * Records and queues a chat photo (its message is sent and paid already: a failure here is
   * logged, never the send's).
   */
  async screenChatPhoto(messageId: number, hash: bigint): Promise<void> {
    try {
      const id = await this.record(this.prisma, { messageId }, hash);
      await this.queueScoring(id);
    } catch (error) {
      this.logger.warn(`Chat photo of message ${messageId} not screened: ${String(error)}`);
    }
  }

  /**
   * In a deciding transaction: a photo rejected for abuse leaves its hash (reason and date only,
   * no member) and flags the waiting photos that match it; any other decision on it (approved
   * after all) drops what an earlier rejection kept.
   */
  async decided(
    tx: Tx,
    photo: { id: number; filename: string },
    decision: { id: bigint; action: 'approve' | 'reject'; reason: string | null },
  ): Promise<void> {
    await executeStatement(tx, dropAbuseHashesStatement(photo.id));
    if (decision.action !== 'reject' || !isAbuse(decision.reason)) return;
    const fallback = await this.hashOfStored(photo.filename);
    const kept = await queryRows<{ hash: bigint }>(
      tx,
      keepAbuseHashStatement(photo.id, fallback, decision.reason!, decision.id),
    );
    if (kept[0]) await executeStatement(tx, flagWaitingMatchesStatement(BigInt(kept[0].hash)));
  }

  /**
   * Whether the pre-screening flagged the photo: a match of a photo rejected for abuse, or a
   * risk of PHOTO_SCREEN_FLAG_RISK or more (what a statement of reasons tells the member).
   */
  async flagged(tx: Tx, photoId: number): Promise<boolean> {
    const row = await tx.photoScreening.findUnique({
      where: { photoId },
      select: { risk: true, abuseMatch: true },
    });
    return !!row && (row.abuseMatch || (row.risk ?? 0) >= PHOTO_SCREEN_FLAG_RISK);
  }

  /** In an undo's transaction: the undone rejection's hash goes. */
  async undone(tx: Tx, photoId: number): Promise<void> {
    await executeStatement(tx, dropAbuseHashesStatement(photoId));
  }

  /** A photo uploaded before pre-screening has no row: its hash is taken from its file. */
  private async hashOfStored(filename: string): Promise<bigint | null> {
    const has = await this.prisma.photoScreening.count({ where: { photo: { filename } } });
    if (has) return null;
    const file = await this.storage.get('photos', filename).catch(() => null);
    return file ? differenceHashOf(file) : null;
  }

  /**
   * The worker's job: scores the row's stored photo and writes the scores (a row scored already,
   * or whose photo is gone, is left as it is); the moderators' consoles reload their queue.
   */
  async score(screeningId: number, now = () => new Date()): Promise<'scored' | 'gone'> {
    const rows = await queryRows<{
      id: number;
      scoredAt: Date | null;
      photoFile: string | null;
      chatFile: string | null;
    }>(this.prisma, screeningFileStatement(screeningId));
    const row = rows[0];
    if (!row || row.scoredAt) return 'gone';
    const file = row.photoFile
      ? await this.storage.get('photos', row.photoFile)
      : row.chatFile
        ? await this.storage.get('chat', row.chatFile)
        : null;
    if (!file) return 'gone';
    const scores = await scorePhoto(file);
    const risk = riskOf(scores);
    await this.prisma.photoScreening.updateMany({
      where: { id: row.id, scoredAt: null },
      data: { scores, risk, model: SCREEN_MODEL, scoredAt: now() },
    });
    // a profile photo reorders the desk; a chat photo comes onto it once flagged
    if (row.photoFile || risk >= PHOTO_SCREEN_FLAG_RISK) {
      this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'photos' });
    }
    return 'scored';
  }

  /** Hourly: screenings whose job was lost (Redis away at the upload) are queued again. */
  async requeueLost(now = new Date()): Promise<Record<string, number>> {
    const rows = await queryRows<{ id: number }>(
      this.prisma,
      unscoredStatement(new Date(now.getTime() - LOST_AFTER_MS), REQUEUE_BATCH),
    );
    for (const row of rows) await this.queueScoring(row.id);
    return { requeued: rows.length };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
