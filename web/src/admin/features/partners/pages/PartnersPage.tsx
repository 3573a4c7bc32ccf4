import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { REPLY_TIME_RANGES } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { formatNumber } from '../../../../i18n/format';
import { replyTimesQueryOptions } from '../../../shared/api';
import { partnersQueryOptions } from '../api/partners';
import { FictionalBadge } from './FictionalBadge';

/** Admins: the chat partners, and the operators' reply times. */
export function PartnersPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(partnersQueryOptions());
  return (
    <AdminPage
      title={t('partners.title')}
      intro={t('partners.intro')}
      actions={
        <Link to="/admin/partners/new" className="btn btn-primary btn-sm">
          {t('partners.new')}
        </Link>
      }
    >
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.partners.length === 0 ? (
        <AdminEmpty>{t('partners.none')}</AdminEmpty>
      ) : (
        <ul className="row g-2 list-unstyled">
          {query.data.partners.map((p) => (
            <li key={p.id} className="col-12 col-md-6 col-xl-4">
              <div className="card card-body d-flex flex-row gap-2 align-items-center">
                {p.photo ? (
                  <img
                    src={p.photo}
                    alt=""
                    width={56}
                    height={56}
                    className="rounded object-fit-cover"
                  />
                ) : (
                  <span className="admin-avatar" aria-hidden="true">
                    🎭
                  </span>
                )}
                <div className="me-auto">
                  <Link to={`/admin/partners/${p.id}`} className="fw-semibold">
                    {p.name}, {p.age}
                  </Link>{' '}
                  <FictionalBadge />
                  <div className="small text-body-secondary">
                    {p.city ?? '—'} · {t('partners.conversations', { count: p.conversations })}
                  </div>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ReplyTimes />
    </AdminPage>
  );
}

function ReplyTimes() {
  const { t } = useAdminTranslation();
  const [days, setDays] = useState<number>(30);
  const query = useQuery(replyTimesQueryOptions(days));
  const minutes = (seconds: number) =>
    t('partners.times.minutes', {
      value: formatNumber(seconds / 60, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    });
  return (
    <section className="mt-4" aria-labelledby="reply-times">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto" id="reply-times">
          {t('partners.times.title')}
        </h2>
        <div className="btn-group btn-group-sm" role="group" aria-label={t('partners.times.range')}>
          {REPLY_TIME_RANGES.map((range) => (
            <button
              key={range}
              type="button"
              className={`btn ${range === days ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={range === days}
              onClick={() => setDays(range)}
            >
              {t('partners.times.days', { count: range })}
            </button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.operators.length === 0 ? (
        <AdminEmpty>{t('partners.times.none')}</AdminEmpty>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t('partners.times.operator')}</th>
                <th scope="col" className="text-end">
                  {t('partners.times.replies')}
                </th>
                <th scope="col" className="text-end">
                  {t('partners.times.median')}
                </th>
                <th scope="col" className="text-end">
                  {t('partners.times.p90')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.operators.map((row) => (
                <tr key={row.operator?.id ?? 'erased'}>
                  <td>{row.operator?.name ?? '—'}</td>
                  <td className="text-end">{row.replies}</td>
                  <td className="text-end">{minutes(row.median_seconds)}</td>
                  <td className="text-end">{minutes(row.p90_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
