import { useEffect } from 'react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Gender, LoggedInResponse, UpdateUserRequest, UserResponse } from '@app/contract';
import { ApiError, apiRequest } from './client';
import { applyMemberLanguage, chooseLanguage } from '../i18n/locale';
import type { Language } from '../config/constants';

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
    queryKey: ['user'] as const,
    queryFn: ({ signal }) => getUser(signal),
    staleTime: Infinity,
  });

/** The key, typed by its answer: setQueryData(userQueryKey, ...) takes a UserResponse only. */
export const userQueryKey = userQueryOptions().queryKey;

/** A balance the server told (a send's answer, credits:changed) into the cached user, unread. */
export function setCachedCredits(queryClient: QueryClient, credits: number): void {
  queryClient.setQueryData(userQueryKey, (data) =>
    data?.user ? { ...data, user: { ...data.user, credits } } : data,
  );
}

/**
 * The gender the member now seeks (their saved profile's answer) into the cached user at once:
 * the next search starts with it even before user.php is read again.
 */
export function setCachedSeekingGender(queryClient: QueryClient, seeking: Gender | null): void {
  queryClient.setQueryData(userQueryKey, (data) =>
    data?.user?.profile
      ? {
          ...data,
          user: { ...data.user, profile: { ...data.user.profile, seeking_gender: seeking } },
        }
      : data,
  );
}

export function useUser() {
  const query = useQuery(userQueryOptions());
  return { ...query, user: query.data?.user ?? null };
}

/** PUT /api/user.php with the member's language. */
export function updateUserLanguage(
  language: UpdateUserRequest['language'],
): Promise<LoggedInResponse> {
  const body: UpdateUserRequest = { language };
  return apiRequest<LoggedInResponse>('user', { method: 'PUT', body });
}

/** Shows the site in the logged-in member's stored language (once per member and language). */
export function useMemberLanguage(): void {
  const { user } = useUser();
  const id = user?.id;
  const language = user?.language;
  useEffect(() => {
    if (id !== undefined && language) applyMemberLanguage(language);
  }, [id, language]);
}

/**
 * The one way to choose the site's language (the language page and the navigation's dropdown):
 * the page switches at once and the locale cookie remembers it (365 days); a logged-in member's
 * account stores it too (PUT /api/user.php), so mails and other devices follow.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language): Promise<LoggedInResponse | null> => {
      chooseLanguage(language);
      const member = queryClient.getQueryData(userQueryKey)?.user;
      return member ? updateUserLanguage(language) : null;
    },
    onSuccess: (response) => {
      if (response) queryClient.setQueryData(userQueryKey, { user: response.user });
    },
  });
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
