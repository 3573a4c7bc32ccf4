import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PrismaService } from '../prisma/prisma.service';
import { DeletionService } from '../deletion/deletion.service';
import { MAINTENANCE_JOBS, QUEUES, closeWorker, workerConnection } from './queues';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Used or expired links and given-up mails are kept this long for support questions. */
const KEEP_USED_LINKS_MS = 30 * DAY_MS;

/**
 * Housekeeping run by the worker process every hour:
 * - expired sessions are deleted, so the sessions table holds only live ones;
 * - every deletion whose 14 days are over is purged (the guarantee behind the delayed jobs);
 * - used and expired links, expired trusted browsers and given-up mails are removed.
 */
@Injectable()
export class MaintenanceProcessor implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Maintenance');
  private worker?: Worker;
  private queue?: Queue;

  constructor(
    private readonly prisma: PrismaService,
    private readonly deletion: DeletionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts processing; `schedule` also registers the hourly jobs (off in some tests). */
  async start({ schedule = true }: { schedule?: boolean } = {}): Promise<void> {
    const connection = workerConnection(this.config);
    this.queue = new Queue(QUEUES.maintenance, { connection });
    this.queue.on('error', (error) => this.logger.warn(`Maintenance queue: ${error.message}`));
    if (schedule) {
      for (const name of Object.values(MAINTENANCE_JOBS)) {
        await this.queue.upsertJobScheduler(name, { every: HOUR_MS }, { name });
      }
    }
    this.worker = new Worker(QUEUES.maintenance, (job) => this.process(job), { connection });
    this.worker.on('error', (error) => this.logger.warn(`Maintenance worker: ${error.message}`));
    this.worker.on('failed', (job, error) =>
      this.logger.error(`${job?.name ?? 'job'} failed: ${error.message}`),
    );
  }

  async process(job: Job): Promise<Record<string, number>> {
    switch (job.name) {
      case MAINTENANCE_JOBS.purgeExpiredSessions:
        return { deleted: await this.purgeExpiredSessions() };
      case MAINTENANCE_JOBS.purgeDueDeletions:
        return this.deletion.purgeDue();
      case MAINTENANCE_JOBS.purgeExpiredTokens:
        return this.purgeExpiredTokens();
      default:
        throw new Error(`Unknown maintenance job ${job.name}`);
    }
  }

  async purgeExpiredSessions(now = new Date()): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
    if (count) this.logger.log(`Deleted ${count} expired sessions`);
    return count;
  }

  async purgeExpiredTokens(now = new Date()): Promise<Record<string, number>> {
    const before = new Date(now.getTime() - KEEP_USED_LINKS_MS);
    const [links, devices, mails] = await this.prisma.$transaction([
      this.prisma.emailToken.deleteMany({
        where: { OR: [{ expiresAt: { lte: before } }, { usedAt: { lte: before } }] },
      }),
      this.prisma.trustedDevice.deleteMany({ where: { expiresAt: { lte: now } } }),
      this.prisma.mailIntent.deleteMany({ where: { failedAt: { lte: before } } }),
    ]);
    return { links: links.count, devices: devices.count, mails: mails.count };
  }

  /** Stops taking jobs and lets the running ones finish, while PostgreSQL and Redis are open. */
  async beforeApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
    await this.queue?.close();
  }
}
