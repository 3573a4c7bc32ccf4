import type { QueryClient } from '@tanstack/react-query';
import type { PublicPageData, SettingsResponse } from '@app/contract';
import { settingsQueryKey } from '../api/settings';
import { userQueryKey } from '../api/user';
import { companyInfoQueryKey } from '../api/companyinfo';
import { landersQueryKey } from '../features/landers';
import { packagesQueryOptions } from '../features/credits';
import { searchQueryOptions } from '../features/members';

/**
 * The answers a public page is rendered from, in the query cache, the same on the server and in
 * the browser: the settings, no member (the server renders these pages for visitors only), the
 * company's details, the lander's members, the credit packages and the visitor search's first
 * page (as the search's infinite query holds it: one page, asked without a cursor).
 */
export function seedPublicQueries(
  queryClient: QueryClient,
  settings: SettingsResponse,
  {
    landers,
    company,
    packages,
    results,
  }: Pick<PublicPageData, 'landers' | 'company' | 'packages' | 'results'>,
): void {
  queryClient.setQueryData(settingsQueryKey, settings);
  queryClient.setQueryData(userQueryKey, { user: null });
  if (company) queryClient.setQueryData(companyInfoQueryKey, company);
  // the packages a visitor sees (usePackages: the visitor's country as the settings say)
  if (packages) {
    const { queryKey } = packagesQueryOptions(settings.settings.geoip_selected_country);
    queryClient.setQueryData(queryKey, packages);
  }
  if (results) {
    const { queryKey } = searchQueryOptions(results.filters, {});
    queryClient.setQueryData(queryKey, { pages: [results.answer], pageParams: [null] });
  }
  if (landers) {
    queryClient.setQueryData(landersQueryKey(landers.count, landers.member), landers.answer);
  }
}
