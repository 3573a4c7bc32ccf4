/**
 * Blocks: POST /api/block.php blocks a member, DELETE unblocks (the web asks for confirmation of
 * both first); GET /api/blocks.php lists the members the viewer blocked, newest first.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockRequest, BlocksResponse, MemberResponse, OkResponse } from '@app/contract';
import { apiRequest } from './client';
import { memberQueryKey } from './members';

export const blocksQueryKey = ['blocks'] as const;

export const blocksQueryOptions = () =>
  queryOptions({
    queryKey: blocksQueryKey,
    queryFn: ({ signal }) => apiRequest<BlocksResponse>('blocks', { signal }),
    select: (data) => data.blocked,
    staleTime: 0,
  });

export function useBlocks() {
  return useQuery(blocksQueryOptions());
}

/** POST /api/block.php {member}: the member can no longer see the viewer or contact them. */
export function blockMember(member: number): Promise<OkResponse> {
  const body: BlockRequest = { member };
  return apiRequest<OkResponse>('block', { method: 'POST', body });
}

/** DELETE /api/block.php {member}: ends the block. */
export function unblockMember(member: number): Promise<OkResponse> {
  const body: BlockRequest = { member };
  return apiRequest<OkResponse>('block', { method: 'DELETE', body });
}

/**
 * Blocks or unblocks a member; afterwards the member's cached profile knows it (relation.blocked)
 * and the list of blocked members is read again.
 */
export function useBlockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, block }: { member: number; block: boolean }) =>
      block ? blockMember(member) : unblockMember(member),
    onSuccess: (_answer, { member, block }) => {
      queryClient.setQueryData<MemberResponse>(memberQueryKey(member), (data) =>
        data?.profile.relation
          ? {
              ...data,
              profile: { ...data.profile, relation: { ...data.profile.relation, blocked: block } },
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: blocksQueryKey });
    },
  });
}
