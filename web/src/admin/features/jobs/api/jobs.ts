/** The jobs area's calls (contract api/staff-jobs.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { JobRetryResponse, StaffJob, StaffJobsResponse } from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

export const jobsKey = [...ADMIN_KEY, 'jobs'] as const;

/** GET /api/staff/jobs (admins): counts per queue, failed and stuck jobs. */
export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: jobsKey,
    queryFn: ({ signal }) => apiRequest<StaffJobsResponse>('staff/jobs', { signal }),
  });

/** POST /api/staff/jobs/:queue/:id/retry: once per failure (failed_at as listed). */
export function retryJob(job: StaffJob): Promise<JobRetryResponse> {
  return apiRequest<JobRetryResponse>(
    `staff/jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`,
    { method: 'POST', body: { failed_at: job.finished_at } },
  );
}
