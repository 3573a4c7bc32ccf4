import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { FavouriteStar } from '../../../components/member/FavouriteStar';
import { MemberCard } from '../../../components/member/MemberCard';
import { LoadError } from '../../../components/LoadStates';
import { usePageTitle } from '../../../components/usePageTitle';
import { useFormat } from '../../../i18n/format';
import { useRealtimeEvent } from '../../../realtime/hooks';
import { useVisitors, visitorsQueryKey } from '../api/visitors';
import { BlurredVisitorCard } from '../components/BlurredVisitorCard';

const SKELETONS = 8;

/** The page number of `?page=` (1 when missing or not a page). */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 9999 ? page : 1;
}

/**
 * "Bezoekers" (/visitors): who viewed the member's profile within the retention period, newest
 * first, a page at a time. Premium members see the visitors' cards; free members how many there
 * are and a blurred card per visit (the server sends them nothing of who it was), with the way
 * to premium. A new visit (`visits:changed`) reloads the page live.
 */
export function VisitorsPage() {
  const { t } = useTranslation();
  usePageTitle(t('visitors.title'));
  const format = useFormat();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const visitors = useVisitors(page);
  useRealtimeEvent('visits:changed', () => {
    void queryClient.invalidateQueries({ queryKey: visitorsQueryKey });
  });
  const data = visitors.data;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section className="container py-4 py-md-5 visitors-page" aria-labelledby="visitors-title">
      <div className="mb-4">
        <h1 id="visitors-title" className="h2 section-title mb-1">
          {t('visitors.title')}
        </h1>
        <p className="text-body-secondary mb-0">
          {t('visitors.intro', { count: data?.retention_days ?? 30 })}
        </p>
      </div>

      {visitors.isPending && (
        <ul
          className="row g-3 list-unstyled mb-0"
          aria-busy="true"
          aria-label={t('visitors.loading')}
        >
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li className="col-6 col-md-4 col-lg-3" key={i}>
              <div className="member-card member-card--skeleton card border-0 rounded-4 h-100" />
            </li>
          ))}
        </ul>
      )}

      {visitors.isError && !data && (
        <LoadError
          text={t('visitors.error')}
          onRetry={() => void visitors.refetch()}
          busy={visitors.isFetching}
          className="text-center py-5"
        />
      )}

      {data && (
        <>
          <p className="lead fw-semibold mb-3" data-testid="visitors-count">
            {t('visitors.count', { number: data.total })}
          </p>

          {!data.premium && data.total > 0 && (
            <div className="card border-0 shadow-sm rounded-4 p-3 p-md-4 mb-4 visitors-premium">
              <h2 className="h5 mb-2">{t('visitors.freeTitle')}</h2>
              <p className="text-body-secondary mb-3">{t('visitors.freeText')}</p>
              <div>
                <Link to="/premium" className="btn btn-warning rounded-pill px-4 fw-semibold">
                  {t('visitors.goPremium')}
                </Link>
              </div>
            </div>
          )}

          {data.total === 0 && (
            <div className="card border-0 shadow-sm rounded-4 text-center py-5 px-3">
              <div className="display-5 mb-3" aria-hidden="true">
                👀
              </div>
              <h2 className="h5 mb-2">{t('visitors.emptyTitle')}</h2>
              <p className="text-body-secondary mx-auto mb-4 visitors-empty__text">
                {t('visitors.emptyText')}
              </p>
              <div>
                <Link to="/profile" className="btn btn-primary rounded-pill px-4">
                  {t('visitors.toProfile')}
                </Link>
              </div>
            </div>
          )}

          {data.visitors.length > 0 && (
            <ul className="row g-3 list-unstyled mb-0" aria-label={t('visitors.listLabel')}>
              {data.visitors.map((visit, i) => (
                <li
                  className="col-6 col-md-4 col-lg-3"
                  key={visit.profile ? visit.profile.id : `${visit.visited_at}-${i}`}
                >
                  {visit.profile ? (
                    <MemberCard
                      member={visit.profile}
                      action={<FavouriteStar member={visit.profile.id} name={visit.profile.name} />}
                      badge={
                        <span className="badge rounded-pill text-bg-light visitor-date-badge">
                          {format.date(visit.visited_at)}
                        </span>
                      }
                    />
                  ) : (
                    <BlurredVisitorCard visitedAt={visit.visited_at} index={i} />
                  )}
                </li>
              ))}
            </ul>
          )}

          {data.pages > 1 && (
            <nav
              className="d-flex justify-content-center align-items-center gap-3 mt-4"
              aria-label={t('visitors.pagination')}
            >
              <button
                type="button"
                className="btn btn-outline-primary rounded-pill px-4"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                {t('visitors.previous')}
              </button>
              <span className="text-body-secondary">
                {t('visitors.pageOf', { page: data.page, pages: data.pages })}
              </span>
              <button
                type="button"
                className="btn btn-outline-primary rounded-pill px-4"
                disabled={page >= data.pages}
                onClick={() => goTo(page + 1)}
              >
                {t('visitors.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
