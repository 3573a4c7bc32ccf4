import { createContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@app/contract';
import { reportAuthFailure } from '../api/client';
import { chatsQueryKey } from '../api/chats';
import { likesQueryKey } from '../api/likes';
import { ownPhotosQueryKey, ownProfileQueryKey } from '../api/own-data';
import { setCachedCredits, userQueryKey, useUser } from '../api/user';
import { RealtimeConnection, type RealtimeSocketOptions } from './connection';
import { reloadMemberData, useRefreshSchedule } from './refresh';

export const RealtimeContext = createContext<RealtimeConnection | null>(null);

/**
 * The member's live connection (SPEC point 9, chat and realtime): one socket.io socket to the
 * page's own origin at SOCKET_PATH while a member is logged in, closed when the user becomes
 * null. Built in:
 * - `chats:changed` reloads chats.php; `likes:changed` likes.php and chats.php (whose new_likes
 *   feeds the badges); `credits:changed` writes the balance into the cached user;
 *   `photos:changed` (a moderator's decision) reloads photos.php and the user (the photo alert),
 *   `profile:changed` the own profile and the user;
 * - after a reconnect that socket.io did not recover (every reconnect: the server has no
 *   connection state recovery), the user, chats and likes reload (and `useRealtimeReconnect`
 *   handlers run);
 * - when the server ends the socket or refuses the handshake, and once the member's own requests
 *   have settled (a logout or an account deletion ends the session and finishes its own way),
 *   the user is read again if there still is one: a session that ended logs the member out as
 *   any 403 does; otherwise the socket connects again;
 * - the refresh schedule (refresh.ts).
 *
 * `url` and `socketOptions` are for tests (another origin, short reconnection delays).
 */
export function RealtimeProvider({
  children,
  url,
  socketOptions,
}: {
  children: ReactNode;
  url?: string;
  socketOptions?: RealtimeSocketOptions;
}) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  const memberId = user?.id ?? null;
  const [connection] = useState(
    () =>
      new RealtimeConnection(url, socketOptions, {
        onUnrecoveredReconnect: () => reloadMemberData(queryClient),
        onServerDisconnect: async () => {
          // a session ended by the member's own request (logging out, deleting the account) is
          // that request's to finish: its answer may come after the socket's end
          await mutationsSettled(queryClient);
          // the member has left already: nothing to check, nobody to send to the login
          if (!queryClient.getQueryData<UserResponse>(userQueryKey)?.user) return false;
          await queryClient.refetchQueries({ queryKey: userQueryKey, exact: true });
          const loggedIn = !!queryClient.getQueryData<UserResponse>(userQueryKey)?.user;
          if (!loggedIn) reportAuthFailure();
          return loggedIn;
        },
      }),
  );

  useEffect(() => {
    if (memberId === null) return;
    connection.open();
    return () => connection.close();
  }, [connection, memberId]);

  useEffect(() => {
    const offs = [
      connection.on('chats:changed', () => {
        void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
      }),
      connection.on('likes:changed', () => {
        void queryClient.invalidateQueries({ queryKey: likesQueryKey });
        void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
      }),
      connection.on('credits:changed', ({ credits }) => setCachedCredits(queryClient, credits)),
      // staff banned the account: the server ends the socket next; the tab shows the ban page
      connection.on('account:banned', () => {
        queryClient.setQueryData<UserResponse>(userQueryKey, { user: null });
        reportAuthFailure('banned');
      }),
      // a moderator decided on a photo or a profile text: the photo alert and lists follow
      connection.on('photos:changed', () => {
        void queryClient.invalidateQueries({ queryKey: ownPhotosQueryKey });
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      }),
      connection.on('profile:changed', () => {
        void queryClient.invalidateQueries({ queryKey: ownProfileQueryKey });
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [connection, queryClient]);

  useRefreshSchedule(memberId);

  return <RealtimeContext.Provider value={connection}>{children}</RealtimeContext.Provider>;
}

/** Resolves once no mutation of this client is under way. */
function mutationsSettled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isMutating() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const off = queryClient.getMutationCache().subscribe(() => {
      if (queryClient.isMutating() > 0) return;
      off();
      resolve();
    });
  });
}
