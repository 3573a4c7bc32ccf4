import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchParams, User } from '@app/contract';
import { SEARCH_FILTER_KEYS, useSearch, type SearchFilters } from '../api/search';
import { useSettings } from '../../../api/settings';
import { useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useTracking } from '../../../components/signup/tracking';
import { firstSearchGender } from '../../../components/signup/seeking';
import { MemberCard } from '../../../components/member/MemberCard';
import { SearchFiltersForm } from '../search/SearchFiltersForm';

const CLEARED = 'cleared';

/** The filters in the address, as written there (the server checks them). */
function filtersOf(params: URLSearchParams): SearchFilters {
  const filters: Record<string, string> = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters as SearchFilters;
}

function paramsOf(filters: SearchParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]),
  );
}

/**
 * A first visit searches the gender the member seeks (a visitor: the one chosen at signup's
 * first step; everyone when nothing is known), in their country.
 */
function defaultFilters(user: User | null, country: string): SearchFilters {
  return {
    gender: firstSearchGender(user),
    country: user?.profile?.country ?? (country || undefined),
  };
}

/**
 * Member search (/members): the filters, the number of results, result cards a page at a
 * time as the member scrolls (or taps "more"), similar profiles when few match. The filters live
 * in the URL (the search survives navigation and reload, and pages already loaded are kept for
 * a minute); clearing empties filters, results and count. Visitors search when the settings
 * allow it, else they are asked to log in or sign up (SPEC point 6).
 */
export function MembersPage() {
  const { t } = useTranslation();
  usePageTitle(t('search.title'));
  const settings = useSettings();
  const { user, isPending: userPending } = useUser();
  const [params, setParams] = useSearchParams();
  const cleared = params.has(CLEARED);
  const filters = useMemo(() => filtersOf(params), [params]);
  const hasFilters = Object.keys(filters).length > 0;

  const tracking = useTracking();
  const source = paramsOf({ network: tracking.network, ref: tracking.ref });
  const allowed =
    !!user ||
    settings.logged_out_search ||
    (settings.logged_out_search_trafficsource && !!(tracking.network || tracking.ref));

  // the first visit (didInit): the default filters, written to the URL
  useEffect(() => {
    if (!hasFilters && !cleared && !userPending) {
      setParams(paramsOf(defaultFilters(user, settings.geoip_country)), { replace: true });
    }
  }, [hasFilters, cleared, userPending, user, settings.geoip_country, setParams]);

  const search = useSearch(filters, source, allowed && hasFilters && !cleared);
  const first = search.data?.pages[0];
  const profiles = search.data?.pages.flatMap((page) => page.profiles) ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  // on phones the filters fold away under a button once there are results to look at
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = Object.keys(filters).length;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;

  // the next page loads as the member scrolls near the end
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: '600px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="container py-4 search-page">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('search.title')}</h1>
        {first && !cleared && (
          <p className="mb-0 text-body-secondary" aria-live="polite" data-testid="num-results">
            {first.num_results_capped
              ? t('search.countCapped', { number: first.num_results })
              : t('search.count', { number: first.num_results })}
          </p>
        )}
      </div>

      {!allowed ? (
        <div
          className="card border-0 shadow-sm rounded-4 p-4 text-center"
          data-testid="search-login"
        >
          <h2 className="h5">{t('search.loginTitle')}</h2>
          <p className="text-body-secondary">{t('errors.search_login_required')}</p>
          <div className="d-flex gap-2 justify-content-center">
            <Link to="/login?redirect=%2Fmembers" className="btn btn-outline-primary">
              {t('search.login')}
            </Link>
            <SignupLink className="btn btn-primary">{t('search.signup')}</SignupLink>
          </div>
        </div>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-outline-primary w-100 d-md-none mb-2"
            aria-expanded={filtersOpen || cleared}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {t('search.filtersToggle', { number: activeFilters })}
          </button>
          <div
            id={filtersId}
            className={`search-filters-wrap${filtersOpen || cleared ? ' is-open' : ''}`}
          >
            <SearchFiltersForm
              key={params.toString()}
              initial={filters}
              member={!!user}
              onApply={(next) => {
                setFiltersOpen(false);
                setParams(paramsOf(next));
              }}
              onClear={() => setParams({ [CLEARED]: '1' })}
            />
          </div>

          <section
            className="mt-4"
            aria-label={t('search.resultsTitle')}
            aria-busy={search.isFetching}
          >
            {cleared && (
              <p className="text-body-secondary text-center py-5" data-testid="search-cleared">
                {t('search.cleared')}
              </p>
            )}
            {!cleared && search.isPending && hasFilters && (
              <div
                className="member-grid"
                role="status"
                aria-busy="true"
                aria-label={t('search.loading')}
              >
                {Array.from({ length: 8 }, (_, i) => (
                  <div key={i} className="card border-0 shadow-sm rounded-4 placeholder-glow">
                    <div className="placeholder member-grid__skeleton rounded-top-4" />
                    <div className="card-body">
                      <span className="placeholder col-8" />
                    </div>
                  </div>
                ))}
              </div>
            )}
            {search.isError && (
              <div
                className="alert alert-danger d-flex align-items-center justify-content-between gap-2"
                role="alert"
              >
                <span>{search.error.message || t('search.error')}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  onClick={() => void search.refetch()}
                >
                  {t('search.retry')}
                </button>
              </div>
            )}
            {search.isSuccess && profiles.length === 0 && !first?.similar && (
              <div className="text-center py-5" data-testid="search-empty">
                <p className="h5">{t('search.emptyTitle')}</p>
                <p className="text-body-secondary">{t('search.emptyText')}</p>
              </div>
            )}
            {profiles.length > 0 && (
              <ul className="member-grid list-unstyled mb-0" data-testid="search-results">
                {profiles.map((profile) => (
                  <li key={profile.id}>
                    <MemberCard member={profile} />
                  </li>
                ))}
              </ul>
            )}
            <div ref={sentinel} />
            {hasNextPage && (
              <div className="text-center mt-4">
                <button
                  type="button"
                  className="btn btn-outline-primary px-4"
                  disabled={isFetchingNextPage}
                  onClick={() => void fetchNextPage()}
                >
                  {isFetchingNextPage ? t('search.loadingMore') : t('search.more')}
                </button>
              </div>
            )}
          </section>

          {first?.similar && (
            <section className="mt-5" aria-labelledby="similar-title" data-testid="search-similar">
              <h2 className="h5" id="similar-title">
                {t('search.similarTitle', { number: first.similar.count })}
              </h2>
              <p className="small text-body-secondary">
                {t('search.similarText', {
                  widened: first.similar.widened.map((w) => t(`search.widened.${w}`)).join(', '),
                })}
              </p>
              <ul className="member-grid list-unstyled mb-0">
                {first.similar.profiles.map((profile) => (
                  <li key={profile.id}>
                    <MemberCard member={profile} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
