import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PaymentStatus } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';
import { QUEUES, finishedJobs, workerConnection } from '../queue';
import { Metrics } from './metrics.service';

/** The states a queue's depth is reported in. */
const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/** A scrape waits at most this long for Redis or PostgreSQL; a series it misses stays empty. */
const COLLECT_TIMEOUT_MS = 2_000;

/**
 * The worker process's series: the depth of every queue (shared by all processes, so one
 * process reports them), the jobs it ran and how they ended, and payments by status
 * (from PostgreSQL at each scrape). The photo inspection queue is the inspection feature's
 * (InspectionMetrics).
 */
@Injectable()
export class WorkerMetrics implements OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private readonly queues: Queue[];
  private readonly countJob: (queue: string, outcome: 'completed' | 'failed') => void;

  constructor(
    private readonly metrics: Metrics,
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const connection = {
      ...(workerConnection(config) as object),
      commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
    };
    this.queues = Object.values(QUEUES).map((name) => new Queue(name, { connection }));
    for (const queue of this.queues) {
      queue.on('error', (error) => this.logger.warn(`Queue ${queue.name}: ${error.message}`));
    }
    this.countJob = (queue, outcome) => metrics.jobs.inc({ queue, outcome });
    finishedJobs.on('finished', this.countJob);
    const depths: Gauge<'queue' | 'state'> = new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed, prioritized, failed)',
      labelNames: ['queue', 'state'] as const,
      registers: [metrics.registry],
      collect: () =>
        this.guarded(depths, 'queue depths', async () => {
          for (const queue of this.queues) {
            const counts = await queue.getJobCounts(...JOB_STATES);
            for (const state of JOB_STATES)
              depths.set({ queue: queue.name, state }, counts[state] ?? 0);
          }
        }),
    });
    const payments: Gauge<'status'> = new Gauge({
      name: 'payments',
      help: 'Payments by status (pending, paid, failed, cancelled, expired, refunded)',
      labelNames: ['status'] as const,
      registers: [metrics.registry],
      collect: () =>
        this.guarded(payments, 'payments', async () => {
          const rows = await this.prisma.payment.groupBy({
            by: ['status'],
            _count: { _all: true },
          });
          // every status, 0 when there is none: an alert can compare it with its past
          for (const status of Object.values(PaymentStatus)) payments.set({ status }, 0);
          for (const row of rows) payments.set({ status: row.status }, row._count._all);
        }),
    });
  }

  /**
   * Refills `gauge` within COLLECT_TIMEOUT_MS; a failure is logged and the series left empty
   * (an alert on a missing series tells that Redis or PostgreSQL did not answer the scrape).
   */
  private async guarded(
    gauge: Gauge<string>,
    what: string,
    collect: () => Promise<void>,
  ): Promise<void> {
    gauge.reset();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        collect(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), COLLECT_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      this.logger.warn(`Metrics: ${what} not collected: ${String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    finishedJobs.off('finished', this.countJob);
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
  }
}
