/** Queue infrastructure: names, the producer/worker factories and the processor registry. */
export {
  Producer,
  QUEUES,
  closeWorker,
  requestConnection,
  finishedJobs,
  startWorker,
  workerConnection,
  type QueueName,
} from './queues';
export {
  Maintenance,
  OnQueueFailed,
  QueueJob,
  type FailedJob,
  type MaintenanceTask,
  type QueueCompanion,
  type QueueJobOptions,
} from './registry';
export { WorkerRegistry } from './worker-registry';
export { MaintenanceProcessor } from './maintenance.processor';
export { QueueModule } from './queue.module';
export {
  QueueInspector,
  QueueUnavailable,
  isQueueName,
  type RetryOutcome,
} from './queue-inspector';
export { HIDDEN, summarizeFailure, summarizePayload } from './job-summary';
