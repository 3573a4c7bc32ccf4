import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { operatorsQueryOptions, reviewRangeOf } from '../api/operators';
import { useReviewFormats } from './formats';
import { RangeNav } from './RangeNav';

/**
 * Admins: every operator (and admin who answers) over a chosen period: the conversations they
 * answered, their replies (photos and gifts among them) and reply times (median, 90th
 * percentile); each opens their review with a sample of replies.
 */
export function OperatorsPage() {
  const { t } = useAdminTranslation();
  const f = useReviewFormats();
  const [params] = useSearchParams();
  const range = reviewRangeOf(params.get('days'));
  const query = useQuery(operatorsQueryOptions(range));
  return (
    <AdminPage title={t('operators.title')} intro={t('operators.intro')}>
      <RangeNav range={range} />
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.operators.length === 0 ? (
        <AdminEmpty>{t('operators.none')}</AdminEmpty>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle admin-operators">
            <caption className="visually-hidden">
              {t('operators.caption', { count: range })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('operators.columns.operator')}</th>
                <th scope="col" className="text-end">
                  {t('operators.columns.answered')}
                </th>
                <th scope="col" className="text-end">
                  {t('operators.columns.replies')}
                </th>
                <th scope="col" className="text-end">
                  {t('operators.columns.photosGifts')}
                </th>
                <th scope="col" className="text-end">
                  {t('operators.columns.median')}
                </th>
                <th scope="col" className="text-end">
                  {t('operators.columns.p90')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.operators.map((row) => (
                <tr key={row.operator.id}>
                  <th scope="row">
                    <Link to={`/admin/operators/${row.operator.id}?days=${range}`}>
                      {row.operator.name}
                    </Link>
                  </th>
                  <td className="text-end">{f.count(row.answered_conversations)}</td>
                  <td className="text-end">{f.count(row.replies)}</td>
                  <td className="text-end">
                    {f.count(row.photos)} / {f.count(row.gifts)}
                  </td>
                  <td className="text-end">{f.duration(row.median_seconds)}</td>
                  <td className="text-end">{f.duration(row.p90_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
