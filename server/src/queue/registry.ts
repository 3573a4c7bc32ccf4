import { SetMetadata } from '@nestjs/common';

const QUEUE_WORKER = 'queue:worker';
const MAINTENANCE_TASK = 'queue:maintenance-task';

/** A provider that runs a BullMQ worker in the worker process: it is started there. */
export interface QueueWorker {
  start(): void | Promise<void>;
}

/**
 * Housekeeping a feature needs done every hour in the worker process (the maintenance queue
 * schedules and runs it): returns counts for the job's result.
 */
export interface MaintenanceTask {
  run(now?: Date): Promise<Record<string, number>>;
}

/** Marks a provider as a queue worker the worker process starts (see WorkerRegistry). */
export const Worker = () => SetMetadata(QUEUE_WORKER, true);

/** Marks a provider as an hourly maintenance task under a unique job name. */
export const Maintenance = (name: string) => SetMetadata(MAINTENANCE_TASK, name);

export const REGISTRY_KEYS = { QUEUE_WORKER, MAINTENANCE_TASK } as const;
