/**
 * Likes: POST /api/like.php likes a member, DELETE removes the like; the answer says whether the
 * viewer now likes the member and whether the two now like each other (a match). GET
 * /api/likes.php lists the likes given and received (the likes pages and the navigation badge);
 * GET /api/auto-like.php gives the newest new like for the Match / New like modal.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AutoLikeResponse,
  LikeRequest,
  LikeResponse,
  LikesResponse,
  MemberResponse,
} from '@app/contract';
import { apiRequest } from './client';
import { memberQueryKey } from './members';

/** POST /api/like.php {member}: the viewer likes the member (a like back is a match). */
export function likeMember(member: number): Promise<LikeResponse> {
  const body: LikeRequest = { member };
  return apiRequest<LikeResponse>('like', { method: 'POST', body });
}

/** DELETE /api/like.php {member}: the viewer takes the like back. */
export function unlikeMember(member: number): Promise<LikeResponse> {
  const body: LikeRequest = { member };
  return apiRequest<LikeResponse>('like', { method: 'DELETE', body });
}

export const likesQueryKey = ['likes'] as const;

/**
 * The viewer's likes (likes.php): the progress bar shows on the first load only; the list is
 * read again whenever a page using it mounts (opening a profile clears its new flag), on the
 * socket's `likes:changed` and by the refresh schedule (SPEC point 4, refresh: web/src/realtime).
 */
export const likesQueryOptions = () =>
  queryOptions({
    queryKey: likesQueryKey,
    queryFn: ({ signal }) => apiRequest<LikesResponse>('likes', { signal }),
    staleTime: 0,
    meta: { progress: true },
  });

export function useLikes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...likesQueryOptions(), enabled });
}

/** GET /api/auto-like.php: the newest received like still marked new (null when none). */
export function fetchAutoLike(): Promise<AutoLikeResponse> {
  return apiRequest<AutoLikeResponse>('auto-like');
}

/** What the Match / New like modal shows: the member, and whether the like is mutual. */
export type MatchModalProfile = NonNullable<AutoLikeResponse['profile']>;

/**
 * A new like from someone a free member may not see (auto-like.php's `hidden_like`): the modal
 * says someone liked them, and shows the way to premium instead of a profile.
 */
export const HIDDEN_LIKE = { hidden: true } as const;
export type MatchModalContent = MatchModalProfile | typeof HIDDEN_LIKE;

export const matchModalQueryKey = ['match-modal'] as const;

/** What the Match / New like modal shows now (null: closed); any screen may open it. */
export function useMatchModal() {
  const queryClient = useQueryClient();
  const { data } = useQuery<MatchModalContent | null>({
    queryKey: matchModalQueryKey,
    queryFn: () => null,
    enabled: false,
    initialData: null,
    staleTime: Infinity,
  });
  return {
    profile: data ?? null,
    open: (profile: MatchModalContent) => {
      queryClient.setQueryData(matchModalQueryKey, profile);
    },
    close: () => {
      queryClient.setQueryData(matchModalQueryKey, null);
    },
  };
}

/**
 * Likes or unlikes a member; the member's cached profile then shows the answer
 * (relation.liked), the likes lists are read again, and a match opens the Match modal.
 */
export function useLikeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, like }: { member: number; like: boolean }) =>
      like ? likeMember(member) : unlikeMember(member),
    onSuccess: ({ liked, match }, { member }) => {
      const data = queryClient.setQueryData<MemberResponse>(memberQueryKey(member), (data) =>
        data?.profile.relation
          ? { ...data, profile: { ...data.profile, relation: { ...data.profile.relation, liked } } }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: likesQueryKey });
      if (liked && match && data) {
        const { id, name, fictional, main_image } = data.profile;
        const opened: MatchModalProfile = { id, name, fictional, main_image, match: true };
        queryClient.setQueryData(matchModalQueryKey, opened);
      }
    },
  });
}
