import { Injectable } from '@nestjs/common';
import { Maintenance, type MaintenanceTask } from '../queue';
import { DeletionService } from './deletion.service';

/** Hourly: every deletion whose 14 days are over is purged (the guarantee behind the delayed jobs). */
@Injectable()
@Maintenance('purge-due-deletions')
export class DeletionSweepTask implements MaintenanceTask {
  constructor(private readonly deletion: DeletionService) {}

  run(now = new Date()): Promise<Record<string, number>> {
    return this.deletion.purgeDue(now);
  }
}
