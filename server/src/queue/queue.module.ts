import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MaintenanceProcessor } from './maintenance.processor';
import { WorkerRegistry } from './worker-registry';

/** The worker process's side of the queues: the registry and the hourly maintenance runner. */
@Module({
  imports: [DiscoveryModule],
  providers: [WorkerRegistry, MaintenanceProcessor],
  exports: [WorkerRegistry, MaintenanceProcessor],
})
export class QueueModule {}
