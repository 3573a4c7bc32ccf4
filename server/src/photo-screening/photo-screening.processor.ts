import { Injectable } from '@nestjs/common';
import { Maintenance, QUEUES, QueueJob, type MaintenanceTask } from '../queue';
import { PhotoScreening, SCREEN_JOB, screenJob, type ScreenJob } from './photo-screening.service';

/**
 * The worker side of pre-screening: one job scores one photo. One at a time per worker process
 * (the model runs on the CPU; a second core gets a second worker process); the model is loaded
 * once per process, by the first job (a worker with no photos to score never loads it).
 */
@Injectable()
export class PhotoScreeningProcessor {
  constructor(private readonly screening: PhotoScreening) {}

  @QueueJob({ queue: QUEUES.photoScreen, name: SCREEN_JOB, schema: screenJob, concurrency: 1 })
  score(job: ScreenJob) {
    return this.screening.score(job.screeningId);
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
