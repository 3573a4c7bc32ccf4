import { ONLINE_MINUTES, type SearchQuery } from '@app/contract';
import { AppError } from '../common/app-error';
import type { CitiesNear } from '../geo';
import type { ListCriteria } from '../member-access';

/** The UTC date `years` before today: the birth date of someone turning that age today. */
function yearsAgo(now: Date, years: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
}

/**
 * A search's filters as list criteria: ages become birth-date bounds (inclusive: born on or
 * before the day that makes them min_age, after the day that makes them max_age + 1), online
 * becomes activity within ONLINE_MINUTES, a distance becomes the cities within it (`near`, none
 * when the member has no city) and, without a country, their countries (so the country index
 * serves it); `favourites` becomes the viewer's favourites (members only).
 */
export function searchCriteria(
  query: SearchQuery,
  now: Date,
  near: CitiesNear | null,
  viewerId: number | null = null,
): ListCriteria {
  const [low, high] = [query.min_age, query.max_age];
  if (low && high && low > high) throw new AppError('validation_failed', {}, 'max_age');
  // favourites are a member's own: a visitor has none to search
  if (query.favourites && viewerId === null) throw new AppError('authentication_required');
  return {
    gender: query.gender,
    countries: query.country ? [query.country] : near?.countries,
    regionId: query.countryregion,
    bornOnOrBefore: low ? yearsAgo(now, low) : undefined,
    bornAfter: high ? yearsAgo(now, high + 1) : undefined,
    withPhoto: query.with_photo || undefined,
    verified: query.verified || undefined,
    activeSince: query.online ? new Date(now.getTime() - ONLINE_MINUTES * 60_000) : undefined,
    cityIds: near?.cities,
    favouritesOf: query.favourites && viewerId !== null ? viewerId : undefined,
  };
}
