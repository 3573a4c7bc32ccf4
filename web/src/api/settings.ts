import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import {
  INLINE_SETTINGS_ID,
  offeredLanguages,
  type Language,
  type Settings,
  type SettingsResponse,
} from '@app/contract';
import { apiRequest } from './client';
import { applyDomainLanguage } from '../i18n/locale';

/** The page's own query parameters pass through, plus the host the visitor came to. */
export function settingsParams(location: Pick<Location, 'search' | 'hostname'>): URLSearchParams {
  const params = new URLSearchParams(location.search);
  params.set('forced_domain', location.hostname);
  return params;
}

export function getSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return apiRequest<SettingsResponse>('settings', {
    query: settingsParams(window.location),
    signal,
  });
}

/**
 * The settings answer the server put into the page, taken once (a later load asks the server):
 * a first visit renders without waiting for GET /api/settings.php.
 */
export function takeInlineSettings(doc: Document = document): SettingsResponse | null {
  const element = doc.getElementById(INLINE_SETTINGS_ID);
  if (!element) return null;
  element.remove();
  try {
    const answer = JSON.parse(element.textContent ?? '') as SettingsResponse;
    return answer && typeof answer === 'object' && 'settings' in answer ? answer : null;
  } catch {
    return null;
  }
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'] as const,
    queryFn: async ({ signal }) => {
      const response = takeInlineSettings() ?? (await getSettings(signal));
      // pick the locale before anything renders with the new settings
      applyDomainLanguage(response.domain_language, response.settings.languages_offered);
      return response;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { progress: true },
  });

/** The key, typed by its answer (a SettingsResponse). */
export const settingsQueryKey = settingsQueryOptions().queryKey;

/** Loading state for the shell, which waits for the settings. */
export function useSettingsQuery() {
  return useQuery(settingsQueryOptions());
}

/** The settings, inside the shell (which renders only once they are loaded). */
export function useSettings(): Settings {
  return useSuspenseQuery(settingsQueryOptions()).data.settings;
}

/**
 * The languages members and visitors may choose (the setting languages_offered: nl always, by
 * default nl only), in the site's order: every language menu shows these.
 */
export function useOfferedLanguages(): Language[] {
  return offeredLanguages(useSettings().languages_offered);
}
