import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './client';

export interface UserProfile {
  id: number;
  name: string;
  status: string;
  country: string;
  gender: 'male' | 'female' | string;
  fictional?: boolean;
  invisible?: boolean;
  privacy_mode?: boolean;
  main_image: {
    filename: string;
    thumb_filename: string;
    status: string;
    match?: string;
  } | null;
}

export interface User {
  id: number;
  status: string;
  credits: number;
  paid_user: boolean;
  language: string;
  fictional_icon: string;
  signup_date: string;
  notifications_disabled: string[];
  profile: UserProfile | null;
}

export interface UserResponse {
  user: User | null;
}

export const userQueryKey = ['user'] as const;

/** `{"user": null}` or HTTP 403 both mean: logged out. */
export async function getUser(signal?: AbortSignal): Promise<UserResponse> {
  try {
    const response = await apiRequest<UserResponse>('user', { signal });
    return { user: response?.user ?? null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { user: null };
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => getUser(signal),
    staleTime: Infinity,
  });

export function useUser() {
  const query = useQuery(userQueryOptions());
  return { ...query, user: query.data?.user ?? null };
}

/** PUT /api/user.php with the member's language. */
export function updateUserLanguage(language: string): Promise<UserResponse> {
  return apiRequest<UserResponse>('user', { method: 'PUT', body: { language } });
}

/**
 * GET /api/logout.php. The server ends the session only when the request carries
 * X-Request-Type (so a link or image on another site cannot log a member out). As a GET that
 * changes state it is tried once.
 */
export function logout(): Promise<unknown> {
  return apiRequest('logout', { changesState: true });
}

/** Logs out and forgets the user, also when the server could not be reached. */
export function useLogout(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.setQueryData(userQueryKey, { user: null });
      onDone();
    },
  });
}
