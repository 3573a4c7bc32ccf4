/** GET / PUT /api/visitor-settings.php: browsing without leaving visits (premium members). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VisitorSettingsRequest, VisitorSettingsResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

const visitorSettingsQueryKey = ['visitor-settings'] as const;

export function useVisitorSettings() {
  return useQuery({
    queryKey: visitorSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest<VisitorSettingsResponse>('visitor-settings', { signal }),
  });
}

export function useUpdateVisitorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitorSettingsRequest) =>
      apiRequest<VisitorSettingsResponse>('visitor-settings', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(visitorSettingsQueryKey, data),
  });
}
