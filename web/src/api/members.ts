import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';

/** A member's public card (GET /api/member.php, /api/signup-matches.php). */
export interface ProfileCard {
  id: number;
  name: string;
  age: number;
  gender: 'male' | 'female';
  country: string;
  region: string | null;
  city: string | null;
  /** A chat pal answered by staff: always shown with the fictional label. */
  fictional: boolean;
  online: boolean;
  main_image: { thumb: string; match?: string } | null;
}

export const memberQueryKey = (id: number) => ['member', id] as const;

/** One member's card; 404 (not visible) is an answer, which neither the client nor Query retries. */
export function useMemberCard(id: number) {
  return useQuery({
    queryKey: memberQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest<{ profile: ProfileCard }>('member', { query: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    select: (data) => data.profile,
  });
}

export function useSignupMatches() {
  return useQuery({
    queryKey: ['signup-matches'],
    queryFn: ({ signal }) => apiRequest<{ profiles: ProfileCard[] }>('signup-matches', { signal }),
    select: (data) => data.profiles,
  });
}
