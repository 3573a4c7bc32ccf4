import { Module } from '@nestjs/common';
import { QueueInspector } from '../queue';
import { StaffJobsController } from './staff-jobs.controller';
import { StaffJobs } from './staff-jobs.service';

/** Admins see the worker's failed and stuck jobs (/api/staff/jobs) and retry a failed one. */
@Module({
  controllers: [StaffJobsController],
  providers: [QueueInspector, StaffJobs],
})
export class StaffJobsModule {}
