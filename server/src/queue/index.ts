/** Queue infrastructure: names, the producer/worker factories and the processor registry. */
export {
  Producer,
  QUEUES,
  closeWorker,
  finishedJobs,
  startWorker,
  workerConnection,
} from './queues';
export { Maintenance, Worker, type MaintenanceTask, type QueueWorker } from './registry';
export { WorkerRegistry } from './worker-registry';
export { MaintenanceProcessor } from './maintenance.processor';
export { QueueModule } from './queue.module';
