import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { DATA_EXPORT_LINK_HOURS, type ErrorCode } from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AppError } from '../common/app-error';
import { hashToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { PasswordGate, type AttemptSource } from '../auth';
import { ExportRegistry } from '../export-steps';
import { MailOutbox } from '../mail';
import { SettingsService, seesWho } from '../settings';
import { Producer, QUEUES } from '../queue';
import { FileStorage } from '../storage';
import { readyExportStatement, type ReadyExportRow } from './data-export.sql';
import { z } from 'zod';

const HOUR_MS = 3_600_000;
export const DATA_EXPORT_JOB = 'build-export';
export const DATA_EXPORT_ATTEMPTS = 5;
/** The ZIP outlives its link by this much: the mail is sent (and its 24 hours start) after it is ready. */
const MAIL_SLACK_MS = HOUR_MS;
/** A pending export whose job is this old was lost (Redis lost it): the hourly task queues it again. */
const LOST_JOB_MS = 15 * 60_000;

/** JSON of database rows: dates as ISO strings (their own toJSON), BigInts as numbers. */
function exportJson(value: unknown): Buffer {
  return Buffer.from(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v), 2),
  );
}

/** A data export job's payload (checked by the worker: it may come from an older deploy). */
export const dataExportJob = z.object({ exportId: z.int().positive() });
export type DataExportJob = z.infer<typeof dataExportJob>;

export type DownloadFailure = Extract<
  ErrorCode,
  | 'data_export_login_required'
  | 'data_export_link_invalid'
  | 'data_export_link_used'
  | 'data_export_link_expired'
>;

export type Download =
  | { ok: true; stream: Readable; size: number | null; fileName: string; exportId: number }
  | { ok: false; error: DownloadFailure };

/**
 * "Download my data" (GDPR art. 15 and 20): the member asks with their password; the worker
 * builds a ZIP (JSON files and the member's photos, streamed into a temporary file, never whole
 * in memory), stores it privately (storage kind `exports`) and mails a single-use link through
 * the outbox; the link, followed while logged in as that member, downloads it once.
 */
@Injectable()
export class DataExportService implements OnApplicationShutdown {
  private readonly logger = new Logger('DataExport');
  private readonly queue: Producer;

  constructor(
    private readonly prisma: PrismaService,
    private readonly gate: PasswordGate,
    private readonly outbox: MailOutbox,
    private readonly storage: FileStorage,
    private readonly steps: ExportRegistry,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.queue = new Producer(QUEUES.dataExport, config, this.logger, {
      attempts: DATA_EXPORT_ATTEMPTS,
      backoff: { type: 'exponential', delay: 30_000 },
      removeOnComplete: true,
      removeOnFail: 100,
    });
  }

  /** Checks the password and queues an export of the member's data. */
  async request(userId: number, password: string, source: AttemptSource): Promise<void> {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, passwordHash: true },
    });
    const checked = await this.gate.check(user.email ?? '', user, password, source);
    if (!checked.ok) throw new AppError('wrong_password', {}, 'password');
    const row = await this.prisma.dataExport.create({ data: { userId }, select: { id: true } });
    await this.enqueue(row.id);
  }

  private enqueue(exportId: number): Promise<boolean> {
    return this.queue.add(
      DATA_EXPORT_JOB,
      { exportId } satisfies DataExportJob,
      { jobId: `export-${exportId}` },
      'the hourly data-export task will queue it again',
    );
  }

  /**
   * The worker's job: builds and stores the ZIP of a pending export, marks it ready and writes
   * the mail with its link in the same transaction; older exports of the member are removed.
   */
  async build(exportId: number, now = new Date()): Promise<'built' | 'gone'> {
    const row = await this.prisma.dataExport.findUnique({ where: { id: exportId } });
    if (!row || row.status !== 'pending') return 'gone';
    const user = await this.prisma.user.findUnique({
      where: { id: row.userId },
      select: { status: true },
    });
    if (!user || !['confirmed', 'not_confirmed'].includes(user.status)) {
      await this.prisma.dataExport.delete({ where: { id: exportId } });
      return 'gone';
    }
    const fileName = `export-${exportId}-${randomBytes(12).toString('hex')}.zip`;
    const temporary = path.join(tmpdir(), fileName);
    try {
      const size = await this.writeZip(row.userId, temporary);
      await this.storage.putFile('exports', fileName, temporary, 'application/zip');
      const older = await this.prisma.$transaction(async (tx) => {
        const [ready] = await tx.dataExport.updateManyAndReturn({
          where: { id: exportId, status: 'pending' },
          data: {
            status: 'ready',
            fileName,
            sizeBytes: size,
            readyAt: now,
            expiresAt: new Date(now.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS + MAIL_SLACK_MS),
          },
        });
        if (!ready) return null;
        // one export per member: a newer one replaces the older (the links lead to the newest)
        const replaced = await tx.dataExport.updateManyAndReturn({
          where: { userId: row.userId, status: 'ready', id: { lt: exportId } },
          data: { status: 'expired', finishedAt: now },
        });
        const mail = await this.outbox.write(tx, { userId: row.userId, template: 'data_export' });
        return { replaced, mail };
      });
      if (!older) {
        await this.storage.delete('exports', fileName);
        return 'gone';
      }
      await this.outbox.dispatch([older.mail]);
      await this.removeFiles(older.replaced.map((r) => r.fileName));
      this.logger.log(`Data export ${exportId} of member ${row.userId} ready (${size} bytes)`);
      return 'built';
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /** Streams the ZIP into `file`: JSON files, then the stored photos one after another. */
  private async writeZip(userId: number, file: string): Promise<number> {
    // who liked the member, as their likes page shows it (free_members_see_likes)
    const { paidUser } = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { paidUser: true },
    });
    const likersShown = seesWho('likes', { paidUser }, await this.settings.stored());
    // every feature's export step (@Exports), a few at a time, on the worker's budgets
    const contents = await this.steps.collect(userId, { likersShown });
    const zip = new ZipFile();
    const out = createWriteStream(file, { mode: 0o600 });
    zip.outputStream.pipe(out);
    const written = finished(out);
    for (const [name, value] of Object.entries(contents.json)) {
      zip.addBuffer(exportJson(value), name);
    }
    for (const stored of contents.files) {
      const stream = await this.storage.open(stored.kind, stored.name);
      if (!stream) continue; // a file already gone (a photo removed meanwhile)
      const read = finished(stream);
      zip.addReadStream(stream, stored.path);
      await read;
    }
    zip.end();
    await written;
    return (await stat(file)).size;
  }

  /**
   * The mailed link: consumes the token atomically (only for the member it was mailed to, who
   * must be logged in), then hands over the member's newest ready export once.
   */
  async download(token: string | undefined, userId: number | null, now = new Date()) {
    if (!token) return this.failure('data_export_link_invalid');
    if (userId === null) return this.failure('data_export_login_required');
    const tokenHash = hashToken(token);
    const [consumed] = await this.prisma.emailToken.updateManyAndReturn({
      where: { tokenHash, type: 'data_export', userId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
      select: { id: true },
    });
    if (!consumed) {
      const found = await this.prisma.emailToken.findUnique({ where: { tokenHash } });
      if (!found || found.type !== 'data_export' || found.userId !== userId) {
        return this.failure('data_export_link_invalid');
      }
      return this.failure(found.usedAt ? 'data_export_link_used' : 'data_export_link_expired');
    }
    const [ready] = await queryRows<ReadyExportRow>(this.prisma, readyExportStatement(userId, now));
    if (!ready) return this.failure('data_export_link_expired');
    const [taken] = await this.prisma.dataExport.updateManyAndReturn({
      where: { id: ready.id, status: 'ready' },
      data: { status: 'downloaded', finishedAt: now },
    });
    const stream = taken?.fileName ? await this.storage.open('exports', taken.fileName) : null;
    if (!taken?.fileName || !stream) return this.failure('data_export_link_expired');
    return {
      ok: true as const,
      stream,
      size: taken.sizeBytes,
      fileName: taken.fileName,
      exportId: taken.id,
    };
  }

  /** Removes a downloaded export's file (once its answer is sent or broken off). */
  async removeDownloaded(exportId: number, fileName: string): Promise<void> {
    await this.removeFiles([fileName]);
    await this.prisma.dataExport.update({ where: { id: exportId }, data: { fileName: null } });
  }

  private failure(error: DownloadFailure): Download {
    return { ok: false, error };
  }

  private async removeFiles(names: (string | null)[]): Promise<void> {
    for (const name of names) {
      if (name) await this.storage.delete('exports', name);
    }
  }

  /**
   * Hourly: removes the ZIPs whose link has expired (and any left after a download), and queues
   * again the pending exports whose job was lost.
   */
  async housekeeping(now = new Date()): Promise<Record<string, number>> {
    const expired = await this.prisma.dataExport.updateManyAndReturn({
      where: { status: 'ready', expiresAt: { lte: now } },
      data: { status: 'expired', finishedAt: now },
    });
    const finished = await this.prisma.dataExport.findMany({
      where: { status: { in: ['downloaded', 'expired'] }, fileName: { not: null } },
      select: { id: true, fileName: true },
    });
    await this.removeFiles(finished.map((f) => f.fileName));
    await this.prisma.dataExport.updateMany({
      where: { id: { in: finished.map((f) => f.id) } },
      data: { fileName: null },
    });
    const lost = await this.prisma.dataExport.findMany({
      where: {
        status: 'pending',
        createdAt: {
          lt: new Date(now.getTime() - LOST_JOB_MS),
          gte: new Date(now.getTime() - 24 * HOUR_MS),
        },
      },
      select: { id: true },
    });
    // a day of failed attempts: given up (the member may ask again)
    const given = await this.prisma.dataExport.deleteMany({
      where: { status: 'pending', createdAt: { lt: new Date(now.getTime() - 24 * HOUR_MS) } },
    });
    for (const { id } of lost) await this.enqueue(id);
    return {
      expired: expired.length,
      files_removed: finished.length,
      requeued: lost.length,
      given_up: given.count,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
