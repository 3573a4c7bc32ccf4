import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PrismaService } from '../prisma/prisma.service';
import { MAINTENANCE_JOBS, QUEUES, bullConnection } from './queues';

const HOUR_MS = 3_600_000;

/**
 * Housekeeping run by the worker process: expired sessions are deleted every hour, so the
 * sessions table holds only sessions that can still log someone in.
 */
@Injectable()
export class MaintenanceProcessor implements OnApplicationShutdown {
  private readonly logger = new Logger('Maintenance');
  private worker?: Worker;
  private queue?: Queue;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts processing; `schedule` also registers the hourly jobs (off in some tests). */
  async start({ schedule = true }: { schedule?: boolean } = {}): Promise<void> {
    const connection = bullConnection(this.config.REDIS_URL);
    this.queue = new Queue(QUEUES.maintenance, { connection });
    if (schedule) {
      await this.queue.upsertJobScheduler(
        MAINTENANCE_JOBS.purgeExpiredSessions,
        { every: HOUR_MS },
        { name: MAINTENANCE_JOBS.purgeExpiredSessions },
      );
    }
    this.worker = new Worker(QUEUES.maintenance, (job) => this.process(job), { connection });
    this.worker.on('failed', (job, error) =>
      this.logger.error(`${job?.name ?? 'job'} failed: ${error.message}`),
    );
  }

  async process(job: Job): Promise<{ deleted: number }> {
    switch (job.name) {
      case MAINTENANCE_JOBS.purgeExpiredSessions:
        return { deleted: await this.purgeExpiredSessions() };
      default:
        throw new Error(`Unknown maintenance job ${job.name}`);
    }
  }

  async purgeExpiredSessions(now = new Date()): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
    if (count) this.logger.log(`Deleted ${count} expired sessions`);
    return count;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
