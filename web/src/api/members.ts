import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberResponse, SignupMatchesResponse } from '@app/contract';
import { apiRequest } from './client';

export const memberQueryKey = (id: number) => ['member', id] as const;
export const signupMatchesQueryKey = ['signup-matches'] as const;

/** One member's card; 404 (not visible) is an answer, which neither the client nor Query retries. */
export const memberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: memberQueryKey(id),
    queryFn: ({ signal }) => apiRequest<MemberResponse>('member', { query: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    select: (data) => data.profile,
  });

export function useMemberCard(id: number) {
  return useQuery(memberQueryOptions(id));
}

export const signupMatchesQueryOptions = () =>
  queryOptions({
    queryKey: signupMatchesQueryKey,
    queryFn: ({ signal }) => apiRequest<SignupMatchesResponse>('signup-matches', { signal }),
    select: (data) => data.profiles,
  });

export function useSignupMatches() {
  return useQuery(signupMatchesQueryOptions());
}
