import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { jobParams, jobRetryBody, jobRetryResponse, staffJobsResponse } from '@app/contract';
import { Returns } from '../common/responses';
import { createZodDto } from '../common/zod-dto';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { StaffJobs } from './staff-jobs.service';

class JobParamsDto extends createZodDto(jobParams) {}
class JobRetryBodyDto extends createZodDto(jobRetryBody) {}
class JobRetryResponseDto extends createZodDto(jobRetryResponse) {}
class StaffJobsResponseDto extends createZodDto(staffJobsResponse) {}

/** Admins: the worker's failed and stuck jobs, and retrying a failed one. */
@ApiTags('staff')
@Controller('api/staff/jobs')
export class StaffJobsController {
  constructor(private readonly jobs: StaffJobs) {}

  @Get()
  @Staff('admin')
  @Returns(StaffJobsResponseDto)
  @ApiOperation({
    summary:
      'Admin: per queue its counts, the newest failed jobs and the stuck ones (running or ' +
      'waiting too long); payloads shown as ids only; 503 service_unavailable without Redis',
  })
  list() {
    return this.jobs.list();
  }

  @Post(':queue/:id/retry')
  @HttpCode(200)
  @Staff('admin')
  @Returns(JobRetryResponseDto)
  @ApiOperation({
    summary:
      'Admin: retry a failed job once per failure (failed_at as listed; audited): a repeat ' +
      'answers retried false; 404 job_not_found',
  })
  retry(
    @Param() params: JobParamsDto,
    @Body() body: JobRetryBodyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.jobs.retry(staff, params.queue, params.id, body.failed_at, req.ip);
  }
}
