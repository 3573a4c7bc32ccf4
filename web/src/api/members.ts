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

/**
 * A member's profile page (member.php): the profile as this viewer may see it and related
 * profiles. Shares the cache entry of useMemberCard; 404 (not visible) is an answer, not retried.
 */
export const memberProfileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: memberQueryKey(id),
    queryFn: ({ signal }) => apiRequest<MemberResponse>('member', { query: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // the relation and the online state change: a page opened again reads them again
    staleTime: 0,
  });

export function useMemberProfile(id: number) {
  return useQuery(memberProfileQueryOptions(id));
}
