/**
 * Favourites (issue 38 item 2): a member's private list of profiles. GET /api/favourites.php
 * lists the member's own (the stars on cards and profile pages read its ids, the favourites page
 * its cards); PUT /api/favourite.php adds one, DELETE removes it (both idempotent). The star
 * changes at once (optimistic) and goes back when the server refuses.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouriteRequest, FavouriteResponse, FavouritesResponse } from '@app/contract';
import { apiRequest } from './client';

export const favouritesQueryKey = ['favourites'] as const;

export const favouritesQueryOptions = () =>
  queryOptions({
    queryKey: favouritesQueryKey,
    queryFn: ({ signal }) => apiRequest<FavouritesResponse>('favourites', { signal }),
    staleTime: 30_000,
  });

export function useFavourites({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...favouritesQueryOptions(), enabled });
}

function setFavourite(member: number, favourite: boolean): Promise<FavouriteResponse> {
  const body: FavouriteRequest = { member };
  return apiRequest<FavouriteResponse>('favourite', {
    method: favourite ? 'PUT' : 'DELETE',
    body,
  });
}

/** The cached list with `member` in or out of it (the star's optimistic state). */
export function withFavourite(
  data: FavouritesResponse | undefined,
  member: number,
  favourite: boolean,
): FavouritesResponse | undefined {
  if (!data) return data;
  const ids = data.ids.filter((id) => id !== member);
  return {
    ids: favourite ? [member, ...ids] : ids,
    profiles: favourite ? data.profiles : data.profiles.filter((card) => card.id !== member),
  };
}

/**
 * Stars or unstars a member: the cached list changes at once, is put back as it was when the
 * call fails, and is read again after either (the page gets the new card).
 */
export function useFavouriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, favourite }: { member: number; favourite: boolean }) =>
      setFavourite(member, favourite),
    onMutate: async ({ member, favourite }) => {
      await queryClient.cancelQueries({ queryKey: favouritesQueryKey });
      const previous = queryClient.getQueryData<FavouritesResponse>(favouritesQueryKey);
      queryClient.setQueryData<FavouritesResponse>(favouritesQueryKey, (data) =>
        withFavourite(data ?? { ids: [], profiles: [] }, member, favourite),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(favouritesQueryKey, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesQueryKey }),
  });
}
