import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptConsentsRequest, ConsentsResponse, PartnerSharingRequest } from '@app/contract';
import { apiRequest } from '../../../api/client';
import { userQueryKey } from '../../../api/user';

/** GET /api/consents.php: the documents still to accept, the partner-sharing opt-in. */
export const consentsQueryOptions = () =>
  queryOptions({
    queryKey: ['consents'] as const,
    queryFn: ({ signal }) => apiRequest<ConsentsResponse>('consents', { signal }),
  });

export function useConsents() {
  return useQuery(consentsQueryOptions());
}

/** The answer into the cache, and the user's documents still to accept with it. */
function useStoreAnswer() {
  const queryClient = useQueryClient();
  return (answer: ConsentsResponse) => {
    queryClient.setQueryData(consentsQueryOptions().queryKey, answer);
    queryClient.setQueryData(userQueryKey, (data) =>
      data?.user
        ? {
            ...data,
            user: { ...data.user, pending_consents: answer.pending.map((p) => p.document) },
          }
        : data,
    );
  };
}

/** POST /api/consents.php: accepts the versions shown (409 consent_version_outdated). */
export function useAcceptConsents() {
  const store = useStoreAnswer();
  return useMutation({
    mutationFn: (body: AcceptConsentsRequest) =>
      apiRequest<ConsentsResponse>('consents', { method: 'POST', body }),
    onSuccess: store,
  });
}

/** PUT /api/partner-sharing.php: gives or revokes sharing the profile with partner sites. */
export function useSetPartnerSharing() {
  const store = useStoreAnswer();
  return useMutation({
    mutationFn: (body: PartnerSharingRequest) =>
      apiRequest<ConsentsResponse>('partner-sharing', { method: 'PUT', body }),
    onSuccess: store,
  });
}
