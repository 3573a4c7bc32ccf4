import { z } from 'zod';

/**
 * Failed and stuck jobs of the worker's queues (admins): a failed job (given up after its
 * attempts, or unrecoverable at once) can be retried from the console; a stuck one is running
 * or waiting for longer than expected (a worker that stopped, a queue nobody works).
 */

/** A job running longer than this is stuck (the longest job, a data export, takes minutes). */
export const JOB_STUCK_ACTIVE_MINUTES = 15;
/** A job due longer than this ago and still waiting is stuck (no worker takes it). */
export const JOB_STUCK_WAITING_MINUTES = 30;
/** Jobs listed per queue and kind (the newest failures; the oldest stuck ones). */
export const JOBS_LISTED = 50;

export const JOBS_AUDIT_ACTIONS = ['job.retried'] as const;

export const JOB_PROBLEMS = ['failed', 'stuck_active', 'stuck_waiting'] as const;
export type JobProblem = (typeof JOB_PROBLEMS)[number];

/** A job's data as the console shows it: numbers, yes/no and ids only, anything else hidden. */
export const jobPayloadSummary = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean()]),
);

export const staffJob = z.object({
  queue: z.string(),
  id: z.string(),
  name: z.string(),
  problem: z.enum(JOB_PROBLEMS),
  payload: jobPayloadSummary,
  /** Why it failed (addresses taken out); null when it did not fail. */
  failed_reason: z.string().nullable(),
  attempts_made: z.number().int(),
  attempts_allowed: z.number().int(),
  /** When it was queued, started and finished (ISO), if it did. */
  queued_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Only a failed job can be retried. */
  retryable: z.boolean(),
});
export type StaffJob = z.infer<typeof staffJob>;

export const queueCounts = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCounts>;

/** GET /api/staff/jobs */
export const staffJobsResponse = z.object({
  queues: z.array(queueCounts),
  jobs: z.array(staffJob),
  stuck_active_minutes: z.number().int(),
  stuck_waiting_minutes: z.number().int(),
});
export type StaffJobsResponse = z.infer<typeof staffJobsResponse>;

/** POST /api/staff/jobs/:queue/:id/retry */
export const jobParams = z.object({
  queue: z.string().trim().min(1).max(40),
  id: z.string().trim().min(1).max(200),
});
export type JobParams = z.infer<typeof jobParams>;

export const jobRetryBody = z.object({
  /**
   * When the failure being retried ended (`finished_at` as the console showed it): a second
   * click, or another admin's, finds the job retried already and does not run it again.
   */
  failed_at: z.string().datetime(),
});
export type JobRetryRequest = z.infer<typeof jobRetryBody>;

export const jobRetryResponse = z.object({
  /** false: it had been retried already (by this click's twin or another admin); not again. */
  retried: z.boolean(),
  state: z.string(),
});
export type JobRetryResponse = z.infer<typeof jobRetryResponse>;
