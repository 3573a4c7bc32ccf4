/**
 * The console's live connection: one socket.io socket to the staff namespace (its own cookie,
 * `ssid`) while a staff member is signed in. `queue:changed` reloads that queue's queries (their
 * keys start with ['admin', <queue>]); a socket the server ended (the session ended) makes the
 * shell read /api/staff/me again, which sends a signed-out console to the sign-in.
 */
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useQueryClient } from '@tanstack/react-query';
import {
  SOCKET_PATH,
  STAFF_SOCKET_NAMESPACE,
  type StaffClientToServerEvents,
  type StaffServerToClientEvents,
} from '@app/contract';
import { ADMIN_KEY, staffMeQueryKey } from './api';

type StaffSocket = Socket<StaffServerToClientEvents, StaffClientToServerEvents>;

export function useStaffSocket(signedIn: boolean, url?: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const options = { path: SOCKET_PATH, withCredentials: true, transports: ['websocket'] };
    const target = `${url ?? ''}${STAFF_SOCKET_NAMESPACE}`;
    const socket: StaffSocket = io(target, options);
    socket.on('queue:changed', ({ queue }) => {
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, queue] });
    });
    const recheck = () => void queryClient.invalidateQueries({ queryKey: staffMeQueryKey });
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') recheck();
    });
    socket.on('connect_error', () => {
      if (!socket.active) recheck();
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [signedIn, url, queryClient]);
}
