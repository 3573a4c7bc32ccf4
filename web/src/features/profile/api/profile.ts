/**
 * The member's own profile (the profile editor): GET /api/profile.php, and PUT with the whole
 * form in one validated call. PUT changes state, so the client tries it once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfileResponse, ProfileUpdateRequest } from '@app/contract';
import { apiRequest } from '../../../api/client';
import { ownProfileQueryKey } from '../../../api/own-data';

export function getOwnProfile(signal?: AbortSignal): Promise<OwnProfileResponse> {
  return apiRequest<OwnProfileResponse>('profile', { signal });
}

/**
 * 400 with `field`: invalid_name_email, invalid_name_at, birthdate_required, invalid_birthdate,
 * invalid_region, invalid_city, invalid_interest, validation_failed (also with `issues`).
 */
export function updateOwnProfile(body: ProfileUpdateRequest): Promise<OwnProfileResponse> {
  return apiRequest<OwnProfileResponse>('profile', { method: 'PUT', body });
}

export const ownProfileQueryOptions = () =>
  queryOptions({
    queryKey: ownProfileQueryKey,
    queryFn: ({ signal }) => getOwnProfile(signal),
    select: (data) => data.profile,
  });

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions());
}
