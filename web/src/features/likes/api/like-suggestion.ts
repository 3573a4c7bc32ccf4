/**
 * The member the like popup offers: the member of a /members/{id}/... page (member.php), else
 * the first of the member's matches (signup-matches.php: of the gender the member seeks), else,
 * for a visitor, the first search result (search.php) of the gender chosen at signup's first
 * step when there was a choice; null when there is none. Not retried: the popup then stays
 * closed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  MemberResponse,
  ProfileCard,
  SearchResponse,
  SignupMatchesResponse,
} from '@app/contract';
import { apiRequest } from '../../../api/client';
import { readVisitorSeeking } from '../../../components/signup/seeking';

export const likeSuggestionQueryOptions = (pageMember: string | undefined, loggedIn: boolean) => {
  const gender = pageMember || loggedIn ? undefined : readVisitorSeeking();
  return queryOptions({
    queryKey: ['like-popup', pageMember ?? null, loggedIn, gender ?? null],
    retry: false,
    queryFn: async ({ signal }): Promise<ProfileCard | null> => {
      if (pageMember) {
        const page = await apiRequest<MemberResponse>('member', {
          query: { id: pageMember },
          signal,
        });
        return page.profile;
      }
      if (loggedIn) {
        const matches = await apiRequest<SignupMatchesResponse>('signup-matches', { signal });
        return matches.profiles[0] ?? null;
      }
      const found = await apiRequest<SearchResponse>('search', { query: { gender }, signal });
      return found.profiles[0] ?? null;
    },
  });
};

/** Asked only once the popup opens (`enabled`). */
export function useLikeSuggestion(
  pageMember: string | undefined,
  loggedIn: boolean,
  enabled: boolean,
) {
  return useQuery({ ...likeSuggestionQueryOptions(pageMember, loggedIn), enabled });
}
