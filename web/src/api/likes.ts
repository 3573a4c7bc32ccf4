/**
 * Likes: POST /api/like.php likes a member, DELETE removes the like; the answer says whether the
 * viewer now likes the member and whether the two now like each other (a match).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeRequest, LikeResponse, MemberResponse } from '@app/contract';
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

/**
 * Likes or unlikes a member; the member's cached profile then shows the answer
 * (relation.liked). The answer's `match` tells the page to celebrate.
 */
export function useLikeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, like }: { member: number; like: boolean }) =>
      like ? likeMember(member) : unlikeMember(member),
    onSuccess: ({ liked }, { member }) => {
      queryClient.setQueryData<MemberResponse>(memberQueryKey(member), (data) =>
        data?.profile.relation
          ? { ...data, profile: { ...data.profile, relation: { ...data.profile.relation, liked } } }
          : data,
      );
    },
  });
}
