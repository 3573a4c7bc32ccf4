import { Injectable } from '@nestjs/common';
import { Maintenance, type MaintenanceTask } from '../queue';
import { DataExportService } from './data-export.service';

/** Hourly: expired export ZIPs are removed; exports whose job was lost are queued again. */
@Injectable()
@Maintenance('data-export-housekeeping')
export class DataExportTask implements MaintenanceTask {
  constructor(private readonly exports: DataExportService) {}

  run(now = new Date()): Promise<Record<string, number>> {
    return this.exports.housekeeping(now);
  }
}
