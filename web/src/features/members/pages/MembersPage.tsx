import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FIRST_SEARCH_ATTRIBUTE,
  type ProfileCard,
  type SearchCard,
  type User,
} from '@app/contract';
import { searchQueryOptions, useSearch, type SearchFilters } from '../api/search';
import { useSettings } from '../../../api/settings';
import { useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useTracking } from '../../../components/signup/tracking';
import { firstSearchGender } from '../../../components/signup/seeking';
import { BoostMark } from '../../../components/member/BoostMark';
import { FavouriteStar } from '../../../components/member/FavouriteStar';
import { MemberCard, type PhotoPriority } from '../../../components/member/MemberCard';
import { KEEP_SERVER_HTML, isTakingOver } from '../../../components/taking-over';
import { SearchFiltersForm } from '../search/SearchFiltersForm';
import { CLEARED, filtersOf, paramsOf, visitorFirstFilters } from '../search/first-search';

/** A phone's first two rows, a desktop's first row. */
const EAGER_PHOTOS = 4;

/**
 * How the photos of a list of results load: the first photo of the first screen is the page's
 * largest paint (fetched first), the rest of the first row or two at once, the others as they
 * scroll into view.
 */
function photoPriorities(profiles: ProfileCard[]): PhotoPriority[] {
  const first = profiles.findIndex((profile) => profile.main_image);
  return profiles.map((_, index) =>
    index === first && index < EAGER_PHOTOS ? 'high' : index < EAGER_PHOTOS ? 'eager' : 'lazy',
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
 * A list of result cards, rendered again only when its members change (not when the filters
 * are written to the address after a visitor's page is taken over, nor as the next page loads).
 */
const ResultCards = memo(function ResultCards({
  profiles,
  testId,
  below,
}: {
  /** Search results may be boosted (first, marked "Boost"); similar profiles never are. */
  profiles: (ProfileCard & Partial<Pick<SearchCard, 'boosted'>>)[];
  testId?: string;
  /** Below other results: every photo loads as it scrolls into view. */
  below?: boolean;
}) {
  // taken over from the server's HTML (the public entry, where a card is a plain link): the
  // server's cards stay as they are, not rendered again, until the members change
  const [kept] = useState(() => (isTakingOver() ? profiles : null));
  // members keep favourites: a star on each card (visitors have none)
  const member = !!useUser().user;
  const priorities = below ? [] : photoPriorities(profiles);
  if (kept === profiles) {
    return (
      <ul
        className="member-grid list-unstyled mb-0"
        data-testid={testId}
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      />
    );
  }
  return (
    <ul className="member-grid list-unstyled mb-0" data-testid={testId}>
      {profiles.map((profile, index) => (
        <li key={profile.id}>
          <MemberCard
            member={profile}
            photo={priorities[index]}
            badge={profile.boosted ? <BoostMark /> : undefined}
            action={member ? <FavouriteStar member={profile.id} name={profile.name} /> : undefined}
          />
        </li>
      ))}
    </ul>
  );
});

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
  const queryClient = useQueryClient();
  const cleared = params.has(CLEARED);
  const address = useMemo(() => filtersOf(params), [params]);
  const hasFilters = Object.keys(address).length > 0;
  // a visitor's page the server rendered with its first results (web/src/public): until the
  // first filters are in the address (written below, with the gender chosen at signup's first
  // step, which only this browser knows), the search the server rendered, from its answer
  const rendered = useMemo(() => {
    if (user || userPending || hasFilters || cleared) return null;
    const first = visitorFirstFilters('', settings.geoip_country);
    const answered = first && queryClient.getQueryData(searchQueryOptions(first, {}).queryKey);
    return answered ? first : null;
  }, [user, userPending, hasFilters, cleared, settings.geoip_country, queryClient]);
  const filters: SearchFilters = rendered ?? address;
  const searching = hasFilters || !!rendered;

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

  const search = useSearch(filters, source, allowed && searching && !cleared);
  const first = search.data?.pages[0];
  const pages = search.data?.pages;
  // each member once: a boost that began or ended between two pages could bring one twice
  const profiles = useMemo(() => {
    const seen = new Set<number>();
    return (pages?.flatMap((page) => page.profiles) ?? []).filter(
      (profile) => !seen.has(profile.id) && !!seen.add(profile.id),
    );
  }, [pages]);
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
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h3 mb-0">{t('search.title')}</h1>
          {user && (
            <Link
              to="/boost"
              className="btn btn-sm btn-warning rounded-pill px-3 fw-semibold"
              data-testid="search-boost-link"
            >
              <span aria-hidden="true">🚀 </span>
              {t('search.boostCta')}
            </Link>
          )}
        </div>
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
              key={cleared ? CLEARED : new URLSearchParams(paramsOf(filters)).toString()}
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
            // the server's default results: hidden from the first paint when this visit chose a
            // gender at signup (server/src/site-pages/search-check.ts), until that is searched
            {...(rendered ? { [FIRST_SEARCH_ATTRIBUTE]: '' } : {})}
          >
            {cleared && (
              <p className="text-body-secondary text-center py-5" data-testid="search-cleared">
                {t('search.cleared')}
              </p>
            )}
            {!cleared && search.isPending && searching && (
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
            {profiles.length > 0 && <ResultCards profiles={profiles} testId="search-results" />}
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
              <ResultCards profiles={first.similar.profiles} below={profiles.length > 0} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
