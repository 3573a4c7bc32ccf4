import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import {
  Maintenance,
  QUEUES,
  Worker as QueueWorkerMark,
  closeWorker,
  startWorker,
  type MaintenanceTask,
  type QueueWorker,
} from '../queue';
import { PhotoScreening, SCREEN_JOB, type ScreenJob } from './photo-screening.service';

/**
 * The worker side of pre-screening: one job scores one photo. One at a time per worker process
 * (the model runs on the CPU; a second core gets a second worker process); the model is loaded
 * once per process, by the first job (a worker with no photos to score never loads it).
 */
@Injectable()
@QueueWorkerMark()
export class PhotoScreeningProcessor implements QueueWorker, BeforeApplicationShutdown {
  private readonly logger = new Logger('PhotoScreeningWorker');
  private worker?: Worker;

  constructor(
    private readonly screening: PhotoScreening,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = startWorker(
      QUEUES.photoScreen,
      async (job) => {
        if (job.name !== SCREEN_JOB) throw new Error(`Unknown photo screening job ${job.name}`);
        return this.screening.score((job.data as ScreenJob).screeningId);
      },
      this.config,
      this.logger,
      { concurrency: 1 },
    );
  }

  /** Stops taking jobs and lets a running one finish, while PostgreSQL and Redis are open. */
  async beforeApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
  }
}

/** Hourly: screenings whose job was lost are queued again. */
@Injectable()
@Maintenance('photo-screening-requeue')
export class PhotoScreeningTask implements MaintenanceTask {
  constructor(private readonly screening: PhotoScreening) {}

  run(now = new Date()): Promise<Record<string, number>> {
    return this.screening.requeueLost(now);
  }
}
