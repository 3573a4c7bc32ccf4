import { Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { REGISTRY_KEYS, type MaintenanceTask, type QueueWorker } from './registry';

/**
 * The processor registry: finds every provider of the worker process marked `@Worker()` or
 * `@Maintenance(name)`, so a feature adds a job by declaring it, and the worker process starts
 * what is there without knowing the features.
 */
@Injectable()
export class WorkerRegistry {
  private readonly logger = new Logger('Worker');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  private marked<T>(key: string): { instance: T; value: unknown }[] {
    return this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance)
      .map((wrapper) => ({
        instance: wrapper.instance as T,
        value: this.reflector.get<unknown>(key, wrapper.metatype as object as () => unknown),
      }))
      .filter((found) => found.value !== undefined);
  }

  workers(): QueueWorker[] {
    return this.marked<QueueWorker>(REGISTRY_KEYS.QUEUE_WORKER).map((found) => found.instance);
  }

  maintenanceTasks(): Map<string, MaintenanceTask> {
    const tasks = new Map<string, MaintenanceTask>();
    for (const { instance, value } of this.marked<MaintenanceTask>(
      REGISTRY_KEYS.MAINTENANCE_TASK,
    )) {
      const name = String(value);
      if (tasks.has(name)) throw new Error(`Two maintenance tasks named ${name}`);
      tasks.set(name, instance);
    }
    return tasks;
  }

  /** Starts every registered worker (the worker process's entry point calls this). */
  async startAll(): Promise<void> {
    const workers = this.workers();
    for (const worker of workers) await worker.start();
    this.logger.log(`Started ${workers.length} queue workers`);
  }
}
