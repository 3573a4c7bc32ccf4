import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobRetryResponse, StaffJob } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { jobsKey, jobsQueryOptions, retryJob } from '../api/jobs';

const COUNTS = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * The worker's queues (admins): counts per queue, then the failed jobs (newest first) and the
 * stuck ones (running or waiting too long), each with its name, a payload of ids only, why it
 * failed and its attempts; a failed job can be retried (once per failure; audited).
 */
export function JobsPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(jobsQueryOptions());
  // what the last retry did, said above the list (the retried job leaves the list)
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <AdminPage
      title={t('jobs.title')}
      intro={t('jobs.intro')}
      actions={
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('jobs.reload')}
        </button>
      }
    >
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <section aria-labelledby="jobs-queues" className="mb-4">
            <h2 className="h5" id="jobs-queues">
              {t('jobs.queues')}
            </h2>
            {/* scrolls sideways on a phone: reachable by keyboard */}
            <div
              className="table-responsive"
              tabIndex={0}
              role="region"
              aria-labelledby="jobs-queues"
            >
              <table className="table table-sm align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('jobs.queue')}</th>
                    {COUNTS.map((count) => (
                      <th scope="col" className="text-end" key={count}>
                        {t(`jobs.counts.${count}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {query.data.queues.map((queue) => (
                    <tr key={queue.queue}>
                      <th scope="row" className="fw-normal">
                        <code>{queue.queue}</code>
                      </th>
                      {COUNTS.map((count) => (
                        <td
                          key={count}
                          className={`text-end${count === 'failed' && queue.failed > 0 ? ' text-danger fw-semibold' : ''}`}
                        >
                          {queue[count]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="jobs-problems">
            <h2 className="h5" id="jobs-problems">
              {t('jobs.problems')}
            </h2>
            <p className="small text-body-secondary">
              {t('jobs.stuckRule', {
                active: t('jobs.minutes', { count: query.data.stuck_active_minutes }),
                waiting: t('jobs.minutes', { count: query.data.stuck_waiting_minutes }),
              })}
            </p>
            <p role="status" className={notice ? 'alert alert-info py-2' : 'visually-hidden'}>
              {notice}
            </p>
            {query.data.jobs.length === 0 ? (
              <AdminEmpty>{t('jobs.none')}</AdminEmpty>
            ) : (
              <ul className="list-unstyled d-grid gap-3">
                {query.data.jobs.map((job) => (
                  <li key={`${job.queue}:${job.id}:${job.problem}:${job.finished_at ?? ''}`}>
                    <JobCard
                      job={job}
                      onRetried={(result) =>
                        setNotice(
                          t(result.retried ? 'jobs.retried' : 'jobs.alreadyRetried', {
                            queue: job.queue,
                            name: job.name,
                          }),
                        )
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </AdminPage>
  );
}

function JobCard({
  job,
  onRetried,
}: {
  job: StaffJob;
  onRetried: (result: JobRetryResponse) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryJob(job),
    onSuccess: async (result) => {
      onRetried(result);
      await queryClient.invalidateQueries({ queryKey: jobsKey });
    },
  });
  const time = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(
          new Date(iso),
        )
      : '–';
  const payload = Object.entries(job.payload);
  const badge = job.problem === 'failed' ? 'text-bg-danger' : 'text-bg-warning';
  return (
    <article className="card" aria-label={t('jobs.jobLabel', { queue: job.queue, name: job.name })}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <span className={`badge ${badge}`}>{t(`jobs.problem.${job.problem}`)}</span>
          <h3 className="h6 mb-0 text-break">
            <code>{job.queue}</code> / <code>{job.name}</code>
          </h3>
          <span className="small text-body-secondary text-break">#{job.id}</span>
        </div>
        {job.failed_reason && (
          <p className="mb-2 text-break">
            <span className="fw-semibold">{t('jobs.reason')}</span> {job.failed_reason}
          </p>
        )}
        <dl className="row small mb-2">
          <dt className="col-5 col-md-2">{t('jobs.attempts')}</dt>
          <dd className="col-7 col-md-4">
            {t(
              job.attempts_made > job.attempts_allowed ? 'jobs.attemptsRetried' : 'jobs.attemptsOf',
              {
                made: job.attempts_made,
                allowed: job.attempts_allowed,
              },
            )}
          </dd>
          <dt className="col-5 col-md-2">{t('jobs.queuedAt')}</dt>
          <dd className="col-7 col-md-4">{time(job.queued_at)}</dd>
          <dt className="col-5 col-md-2">{t('jobs.startedAt')}</dt>
          <dd className="col-7 col-md-4">{time(job.started_at)}</dd>
          <dt className="col-5 col-md-2">{t('jobs.finishedAt')}</dt>
          <dd className="col-7 col-md-4">{time(job.finished_at)}</dd>
          <dt className="col-5 col-md-2">{t('jobs.payload')}</dt>
          <dd className="col-7 col-md-10 text-break">
            {payload.length === 0 ? (
              '–'
            ) : (
              <code>{payload.map(([key, value]) => `${key}: ${String(value)}`).join(', ')}</code>
            )}
          </dd>
        </dl>
        {job.retryable && (
          <div className="d-flex flex-wrap align-items-center gap-2">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={retry.isPending || retry.isSuccess}
              onClick={() => retry.mutate()}
            >
              {retry.isPending ? t('jobs.retrying') : t('jobs.retry')}
            </button>
            {retry.isError && <AdminError error={retry.error} />}
          </div>
        )}
      </div>
    </article>
  );
}
