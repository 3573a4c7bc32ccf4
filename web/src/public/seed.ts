import type { QueryClient } from '@tanstack/react-query';
import type { PublicPageData, SettingsResponse } from '@app/contract';
import { settingsQueryKey } from '../api/settings';
import { userQueryKey } from '../api/user';
import { companyInfoQueryKey } from '../api/companyinfo';
import { landersQueryKey } from '../features/landers/api/landers';

/**
 * The answers a public page is rendered from, in the query cache, the same on the server and in
 * the browser: the settings, no member (the server renders these pages for visitors only), the
 * company's details and the lander's members.
 */
export function seedPublicQueries(
  queryClient: QueryClient,
  settings: SettingsResponse,
  { landers, company }: Pick<PublicPageData, 'landers' | 'company'>,
): void {
  queryClient.setQueryData(settingsQueryKey, settings);
  queryClient.setQueryData(userQueryKey, { user: null });
  if (company) queryClient.setQueryData(companyInfoQueryKey, company);
  if (landers) {
    queryClient.setQueryData(landersQueryKey(landers.count, landers.member), landers.answer);
  }
}
