/**
 * Notification preferences: GET /api/notifications.php reads them (and why e-mail is off, if it
 * is), PUT changes the ones named, POST ?enable_email=1 turns e-mail on again after a bounce, a
 * spam report or an unsubscribe.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesUpdate, NotificationSettingsResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';
import { userQueryKey } from '../../../api/user';

export const notificationSettingsQueryKey = ['notification-settings'] as const;

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest<NotificationSettingsResponse>('notifications', { signal }),
    staleTime: 0,
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** PUT /api/notifications.php with the preferences to change. */
export function updateNotificationPreferences(
  body: NotificationPreferencesUpdate,
): Promise<NotificationSettingsResponse> {
  return apiRequest<NotificationSettingsResponse>('notifications', { method: 'PUT', body });
}

/** Saves one change at a time; the answer (the stored preferences) replaces the cached ones. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (data) => queryClient.setQueryData(notificationSettingsQueryKey, data),
  });
}

/** POST /api/notifications.php?enable_email=1. */
export function enableEmail(): Promise<NotificationSettingsResponse> {
  return apiRequest<NotificationSettingsResponse>('notifications', {
    method: 'POST',
    query: { enable_email: 1 },
  });
}

/** Turns e-mail on again; the user (its notifications_disabled) and the preferences reload. */
export function useEnableEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableEmail,
    onSuccess: async (data) => {
      queryClient.setQueryData(notificationSettingsQueryKey, data);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
