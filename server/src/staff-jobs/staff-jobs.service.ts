import { Injectable } from '@nestjs/common';
import {
  JOB_STUCK_ACTIVE_MINUTES,
  JOB_STUCK_WAITING_MINUTES,
  type JobRetryResponse,
  type StaffJobsResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { QueueInspector, QueueUnavailable, type RetryOutcome } from '../queue';
import { AuditLog, type StaffPrincipal } from '../staff';

/** Thrown inside the retry's transaction when the job was not moved: the audit row goes too. */
class NotRetried extends Error {
  constructor(readonly outcome: RetryOutcome) {
    super('not retried');
  }
}

/**
 * Failed and stuck jobs for admins (issue 36, point 6), through QueueInspector (BullMQ's API on
 * the queues of the queue registry). A retry writes its audit row in a transaction that commits
 * only when the job was really moved back to waiting; a second retry of the same failure, or one
 * racing it, answers `retried: false` and writes nothing.
 */
@Injectable()
export class StaffJobs {
  constructor(
    private readonly prisma: PrismaService,
    private readonly inspector: QueueInspector,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<StaffJobsResponse> {
    const { queues, jobs } = await this.inspector.overview().catch((error: unknown) => {
      throw error instanceof QueueUnavailable ? new AppError('service_unavailable') : error;
    });
    return {
      queues,
      jobs,
      stuck_active_minutes: JOB_STUCK_ACTIVE_MINUTES,
      stuck_waiting_minutes: JOB_STUCK_WAITING_MINUTES,
    };
  }

  async retry(
    staff: StaffPrincipal,
    queue: string,
    id: string,
    failedAt: string,
    ip?: string,
  ): Promise<JobRetryResponse> {
    let outcome: RetryOutcome | null;
    try {
      outcome = await this.prisma.$transaction(async (tx) => {
        const result = await this.inspector.retry(queue, id, failedAt, () =>
          this.audit.record(
            tx,
            staff,
            {
              action: 'job.retried',
              subjectType: 'job',
              subjectId: `${queue}:${id}`.slice(0, 64),
              before: { state: 'failed', failed_at: failedAt },
            },
            ip,
          ),
        );
        if (result && !result.retried) throw new NotRetried(result);
        return result;
      });
    } catch (error) {
      if (error instanceof NotRetried) return error.outcome;
      if (error instanceof QueueUnavailable) throw new AppError('service_unavailable');
      throw error;
    }
    if (!outcome) throw new AppError('job_not_found');
    return outcome;
  }
}
