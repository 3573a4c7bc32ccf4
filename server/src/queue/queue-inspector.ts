import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Queue, type Job } from 'bullmq';
import {
  JOBS_LISTED,
  JOB_STUCK_ACTIVE_MINUTES,
  JOB_STUCK_WAITING_MINUTES,
  type QueueCounts,
  type StaffJob,
} from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { within } from '../common/within';
import { summarizeFailure, summarizePayload } from './job-summary';
import { QUEUES, requestConnection, type QueueName } from './queues';

const MINUTE_MS = 60_000;
/** How long one look at the queues may take before the console is told Redis is away. */
const READ_TIMEOUT_MS = 3_000;

const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

/** Whether a name is one of QUEUES (the console's address names the queue). */
export function isQueueName(name: string): name is QueueName {
  return (Object.values(QUEUES) as string[]).includes(name);
}

/** Redis did not answer the console in time (or at all): the API says 503. */
export class QueueUnavailable extends Error {}

const unavailable = (error: unknown) =>
  new QueueUnavailable(error instanceof Error ? error.message : String(error));

/** What a retry found: retried now, or not (it had been already, or it is no longer failed). */
export interface RetryOutcome {
  retried: boolean;
  state: string;
}

/**
 * The console's look at the worker's queues through BullMQ's own API (issue 36, point 6): per
 * queue of QUEUES its counts, the newest failed jobs and the stuck ones (running longer than
 * JOB_STUCK_ACTIVE_MINUTES, or due longer than JOB_STUCK_WAITING_MINUTES ago and still waiting;
 * a delayed job, such as a purge's 14 days, is not stuck), each summarised without personal data
 * (job-summary.ts). A failed job is retried once per failure: `retry` checks the failure is
 * the one the console showed, and BullMQ's retry moves a job only out of the failed set (one
 * Redis script), so a double click or two admins at once start it once. Opened on first use on
 * request connections (no offline queue); reads that take longer than READ_TIMEOUT_MS reject.
 */
@Injectable()
export class QueueInspector implements OnModuleDestroy {
  private readonly logger = new Logger('QueueInspector');
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: requestConnection(this.config) });
      queue.on('error', (error) => this.logger.warn(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Every queue's counts, and its failed and stuck jobs (newest failures, oldest stuck first). */
  async overview(now = Date.now()): Promise<{ queues: QueueCounts[]; jobs: StaffJob[] }> {
    const names = Object.values(QUEUES);
    const parts = await within(
      Promise.all(names.map((name) => this.look(name, now))),
      READ_TIMEOUT_MS,
      'reading the queues',
    ).catch((error: unknown) => {
      throw unavailable(error);
    });
    return {
      queues: parts.map((part) => part.counts),
      jobs: parts.flatMap((part) => part.jobs),
    };
  }

  private async look(name: QueueName, now: number) {
    const queue = this.queue(name);
    const [counts, failed, active, waiting] = await Promise.all([
      queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'),
      queue.getJobs(['failed'], 0, JOBS_LISTED - 1, false),
      queue.getJobs(['active'], 0, JOBS_LISTED - 1, true),
      queue.getJobs(['wait', 'prioritized'], 0, JOBS_LISTED - 1, true),
    ]);
    const activeSince = now - JOB_STUCK_ACTIVE_MINUTES * MINUTE_MS;
    const dueSince = now - JOB_STUCK_WAITING_MINUTES * MINUTE_MS;
    const jobs: StaffJob[] = [
      ...failed.filter(Boolean).map((job) => present(name, job, 'failed')),
      ...active
        .filter((job) => job?.processedOn !== undefined && job.processedOn < activeSince)
        .map((job) => present(name, job, 'stuck_active')),
      ...waiting
        .filter((job) => job && job.timestamp + (job.opts.delay ?? 0) < dueSince)
        .map((job) => present(name, job, 'stuck_waiting')),
    ];
    return {
      counts: {
        queue: name,
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        completed: counts.completed ?? 0,
      },
      jobs,
    };
  }

  /**
   * Retries a failed job if it is still the failure the console showed (`failedAt`, its
   * finished_at); `started` runs inside the caller's transaction (the audit row) just before the
   * job is moved, so an audit row is kept only for a retry that happened.
   * Unknown queue or job: null.
   */
  async retry(
    name: string,
    id: string,
    failedAt: string,
    started: () => Promise<void>,
  ): Promise<RetryOutcome | null> {
    if (!isQueueName(name)) return null;
    const read = async () => {
      const found = await this.queue(name).getJob(id);
      return found ? { job: found, state: await found.getState() } : null;
    };
    const current = await within(read(), READ_TIMEOUT_MS, 'reading the job').catch(
      (error: unknown) => {
        throw unavailable(error);
      },
    );
    if (!current) return null;
    const { job, state } = current;
    if (state !== 'failed' || iso(job.finishedOn) !== new Date(failedAt).toISOString()) {
      return { retried: false, state };
    }
    await started();
    try {
      await job.retry('failed');
    } catch (error) {
      // another retry moved it first (BullMQ: the job is not in the failed state)
      if (error instanceof Error && /not in the failed state|-3/.test(error.message)) {
        return { retried: false, state: await job.getState() };
      }
      throw unavailable(error);
    }
    return { retried: true, state: await job.getState() };
  }

  async onModuleDestroy(): Promise<void> {
    const queues = [...this.queues.values()];
    this.queues.clear();
    await Promise.all(
      queues.map((queue) =>
        within(queue.close(), 2_000, 'closing a queue').catch(() => queue.disconnect()),
      ),
    );
  }
}

function present(queue: QueueName, job: Job, problem: StaffJob['problem']): StaffJob {
  return {
    queue,
    id: job.id ?? '',
    name: job.name,
    problem,
    payload: summarizePayload(job.data),
    failed_reason: problem === 'failed' ? summarizeFailure(job.failedReason) : null,
    attempts_made: job.attemptsMade,
    attempts_allowed: Math.max(job.opts.attempts ?? 1, 1),
    queued_at: new Date(job.timestamp).toISOString(),
    started_at: iso(job.processedOn),
    finished_at: iso(job.finishedOn),
    retryable: problem === 'failed',
  };
}
