import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { applyDomainLanguage } from '../i18n/locale';

export type RegionLabel =
  'province' | 'state' | 'canton' | 'county' | 'region' | 'territory' | 'voivodeship';

export interface SettingsCountry {
  code: string;
  name: string;
  region_label: RegionLabel;
  currency?: string;
}

export interface Settings {
  countries: SettingsCountry[];
  name: string;
  index_title: string;
  description: string;
  visible_profile_fields: string[];
  visible_profile_notes: string[];
  geoip_country: string;
  geoip_selected_country: string;
  cdn_prefix: string;
  message_credits: number;
  signup_credits: number;
  photo_credits: number;
  gift_credits: number;
  message_length: number;
  minimum_message_costs: Record<string, { costs: number; currency: string }>;
  support_email: string;
  support_phone: string;
  enable_site_entry_popup: boolean;
  push_public_key: string | null;
  search_fields: string[];
  domain: string;
  domain_language: string;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
  fictional_icon: string;
  refund_days: number;
  signups: 'all' | 'with_trafficsource' | string;
  logged_out_search: boolean;
  logged_out_search_trafficsource: boolean;
  interests: { id: number; slug: string; icon: string; kind: string }[];
  member_resell: boolean;
  region_data: Record<string, { label: RegionLabel; regions: number }>;
  min_age: number;
  /** Where a member goes after deleting the account; '' or absent = nowhere. */
  partner_redirect_url?: string;
}

export interface SettingsResponse {
  settings: Settings;
  domain_language: string;
}

export const settingsQueryKey = ['settings'] as const;

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

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: async ({ signal }) => {
      const response = await getSettings(signal);
      // pick the locale before anything renders with the new settings
      applyDomainLanguage(response.domain_language);
      return response;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { progress: true },
  });

/** Loading state for the shell, which waits for the settings. */
export function useSettingsQuery() {
  return useQuery(settingsQueryOptions());
}

/** The settings, inside the shell (which renders only once they are loaded). */
export function useSettings(): Settings {
  return useSuspenseQuery(settingsQueryOptions()).data.settings;
}
