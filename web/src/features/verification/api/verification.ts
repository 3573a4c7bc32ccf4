/**
 * The member's verification: GET verification.php (badge and latest request), POST
 * verification.php (a gesture), POST verification-selfie.php (the selfie, multipart).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnVerificationResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

export const verificationQueryKey = ['verification'] as const;

export const verificationQueryOptions = () =>
  queryOptions({
    queryKey: verificationQueryKey,
    queryFn: ({ signal }) => apiRequest<OwnVerificationResponse>('verification', { signal }),
    // a moderator's decision arrives while the page is open
    refetchInterval: (query) => (query.state.data?.request?.status === 'pending' ? 30_000 : false),
  });

export function useVerification() {
  return useQuery(verificationQueryOptions());
}

/** Asking for a gesture and sending the selfie: both answer the new state. */
export function useVerificationActions() {
  const queryClient = useQueryClient();
  const settle = (data: OwnVerificationResponse) =>
    queryClient.setQueryData(verificationQueryKey, data);
  const requestGesture = useMutation({
    mutationFn: () => apiRequest<OwnVerificationResponse>('verification', { method: 'POST' }),
    onSuccess: settle,
  });
  const sendSelfie = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('photo', file, file.name || 'selfie');
      return apiRequest<OwnVerificationResponse>('verification-selfie', {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: settle,
  });
  return { requestGesture, sendSelfie };
}
