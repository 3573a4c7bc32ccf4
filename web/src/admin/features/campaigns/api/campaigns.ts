/**
 * The campaigns area's calls (admins): the list, one campaign, writing and changing a draft,
 * the preview of one language, a test send to oneself, the audience's size, scheduling and
 * cancelling. A change answers with the campaign; the list and the campaign are read again.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  CampaignAudience,
  CampaignBody,
  CampaignConsent,
  CampaignPreview,
  Language,
  StaffCampaign,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

const BASE = 'staff/campaigns';

export const campaignsKey = [...ADMIN_KEY, 'campaigns'] as const;
export const campaignKey = (id: number) => [...campaignsKey, id] as const;

export const campaignsOptions = () =>
  queryOptions({
    queryKey: campaignsKey,
    queryFn: ({ signal }) => apiRequest<{ campaigns: StaffCampaign[] }>(BASE, { signal }),
  });

export const campaignOptions = (id: number) =>
  queryOptions({
    queryKey: campaignKey(id),
    queryFn: ({ signal }) => apiRequest<{ campaign: StaffCampaign }>(`${BASE}/${id}`, { signal }),
  });

export function saveCampaign(
  id: number | null,
  body: CampaignBody,
): Promise<{ campaign: StaffCampaign }> {
  return id === null
    ? apiRequest<{ campaign: StaffCampaign }>(BASE, { method: 'POST', body })
    : apiRequest<{ campaign: StaffCampaign }>(`${BASE}/${id}`, { method: 'PUT', body });
}

export function previewCampaign(body: {
  language: Language;
  subject: string;
  body: string;
}): Promise<CampaignPreview> {
  return apiRequest<CampaignPreview>(`${BASE}/preview`, { method: 'POST', body });
}

export function testCampaign(id: number, language: Language): Promise<{ to: string }> {
  return apiRequest<{ to: string }>(`${BASE}/${id}/test`, { method: 'POST', body: { language } });
}

export function audienceSize(
  consent: CampaignConsent,
  audience: CampaignAudience,
): Promise<{ members: number }> {
  return apiRequest<{ members: number }>(`${BASE}/audience-size`, {
    method: 'POST',
    body: { consent, audience },
  });
}

export function scheduleCampaign(id: number, at: string): Promise<{ campaign: StaffCampaign }> {
  return apiRequest<{ campaign: StaffCampaign }>(`${BASE}/${id}/schedule`, {
    method: 'POST',
    body: { at },
  });
}

export function cancelCampaign(id: number): Promise<{ campaign: StaffCampaign }> {
  return apiRequest<{ campaign: StaffCampaign }>(`${BASE}/${id}/cancel`, { method: 'POST' });
}
