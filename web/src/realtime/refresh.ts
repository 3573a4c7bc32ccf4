/**
 * SPEC point 4 (Refresh) and point 9: while a member is logged in, the user, chats and likes
 * reload every REFRESH_INTERVAL_MS (REFRESH_INTERVAL_PUSH_MS while push-subscribed), the first
 * time REFRESH_START_DELAY_MS after load. This is the one polling of the app; the socket's events
 * make most changes show at once, the polling covers what a lost event would miss.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatsQueryKey } from '../api/chats';
import { likesQueryKey } from '../api/likes';
import { userQueryKey } from '../api/user';
import {
  REFRESH_INTERVAL_MS,
  REFRESH_INTERVAL_PUSH_MS,
  REFRESH_START_DELAY_MS,
} from '../config/constants';

/**
 * Whether this browser holds a push subscription for the site: through the service worker's
 * pushManager when one is registered; no service worker (or no support) means not subscribed.
 */
export async function isPushSubscribed(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    return !!subscription;
  } catch {
    return false;
  }
}

/** Reloads the member's user, chats and likes (those on screen now; the others when next used). */
export function reloadMemberData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: userQueryKey });
  void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
  void queryClient.invalidateQueries({ queryKey: likesQueryKey });
}

/** Runs the refresh schedule while `memberId` is set (a new member starts it again). */
export function useRefreshSchedule(memberId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (memberId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      reloadMemberData(queryClient);
      const subscribed = await isPushSubscribed();
      if (!stopped)
        timer = setTimeout(
          () => void tick(),
          subscribed ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS,
        );
    };
    timer = setTimeout(() => void tick(), REFRESH_START_DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [memberId, queryClient]);
}
