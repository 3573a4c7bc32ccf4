import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { reloadMemberData } from '../../realtime/refresh';
import { recordPushMessage } from '../../features/push';
import { isPushPayload, readWorkerMessage, SW_MESSAGE } from './sw-protocol';

/**
 * What the service worker tells open pages: a push arrived (reload chats, likes and the user:
 * SPEC point 4, "a pushed message reloads chats and likes"), or a notification was clicked
 * (show its page here).
 */
export function useWorkerMessages(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const message = readWorkerMessage(event.data);
      if (!message) return;
      if (message.type === SW_MESSAGE.push) {
        reloadMemberData(queryClient);
        const payload: unknown = (event.data as { payload?: unknown }).payload;
        recordPushMessage(isPushPayload(payload) ? payload : null);
      } else {
        void navigate(message.url);
      }
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [queryClient, navigate]);
}
