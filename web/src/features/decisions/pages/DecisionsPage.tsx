import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { fetchStatements } from '../api/decisions';
import { StatementCard } from '../components/StatementCard';

/**
 * /decisions ("Beslissingen"): the member's statements of reasons, each with its appeal. A
 * banned member, who cannot log in, opens it by the link of the ban mail (/decisions/access
 * ?token=): the same page, limited to their statements and appeals.
 */
export function DecisionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.decisions'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const queryClient = useQueryClient();
  const key = ['statements', token];
  const query = useQuery({ queryKey: key, queryFn: () => fetchStatements(token) });
  return (
    <section className="container py-4 py-md-5" aria-labelledby="decisions-title">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-8 d-grid gap-3">
          <div>
            <h1 className="h3" id="decisions-title">
              {t('decisions.title')}
            </h1>
            <p className="text-body-secondary mb-0">{t('decisions.intro')}</p>
          </div>
          {query.isPending ? (
            <div className="text-center p-5" role="status">
              <span className="spinner-border text-primary" aria-hidden="true" />
              <span className="visually-hidden">{t('decisions.loading')}</span>
            </div>
          ) : query.isError ? (
            <p className="alert alert-danger" role="alert">
              {query.error.message}
            </p>
          ) : query.data.statements.length === 0 ? (
            <p className="card border-0 shadow-sm rounded-4 p-4 mb-0">{t('decisions.empty')}</p>
          ) : (
            query.data.statements.map((statement) => (
              <StatementCard
                key={statement.id}
                statement={statement}
                token={token}
                onAppealed={() => void queryClient.invalidateQueries({ queryKey: key })}
              />
            ))
          )}
        </div>
      </div>
    </section>
  );
}
