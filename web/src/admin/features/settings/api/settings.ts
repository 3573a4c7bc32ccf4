import { queryOptions } from '@tanstack/react-query';
import type { SettingsChange, StaffSettingsResponse } from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

export const staffSettingsKey = [...ADMIN_KEY, 'settings'] as const;

export const staffSettingsOptions = () =>
  queryOptions({
    queryKey: staffSettingsKey,
    queryFn: ({ signal }) => apiRequest<StaffSettingsResponse>('staff/settings', { signal }),
  });

export function changeSettings(change: SettingsChange): Promise<StaffSettingsResponse> {
  return apiRequest<StaffSettingsResponse>('staff/settings', { method: 'PUT', body: change });
}
