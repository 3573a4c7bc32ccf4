/** The icebreakers (icebreakers.php), asked once their modal opens. */
import { useQuery } from '@tanstack/react-query';
import type { IcebreakersResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

export function useIcebreakers({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['icebreakers'] as const,
    queryFn: ({ signal }) => apiRequest<IcebreakersResponse>('icebreakers', { signal }),
    staleTime: Infinity,
    enabled,
  });
}
