/** The gift catalogue (gifts.php), asked once the picker opens. */
import { useQuery } from '@tanstack/react-query';
import type { GiftsResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

export function useGifts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['gifts'] as const,
    queryFn: ({ signal }) => apiRequest<GiftsResponse>('gifts', { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}
