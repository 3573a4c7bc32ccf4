import { useEffect } from 'react';
import { useChats } from '../../api/chats';
import { useUser } from '../../api/user';
import { setTitleCount } from '../../components/usePageTitle';
import { setAppBadge } from '../app-badge';

/**
 * Unread messages and new likes for the navigation badges, the page title and the app badge:
 * the totals of chats.php, one query that the socket reloads on `chats:changed` and
 * `likes:changed` and the refresh schedule reloads every REFRESH_INTERVAL_MS (web/src/realtime).
 * Zero while logged out (nothing is asked then).
 */
export function useNavCounts(): { unreadMessages: number; newLikes: number } {
  const { user } = useUser();
  const chats = useChats({ enabled: !!user });
  if (!user || !chats.data) return { unreadMessages: 0, newLikes: 0 };
  return { unreadMessages: chats.data.unread_messages, newLikes: chats.data.new_likes };
}

/**
 * Shows unread messages plus new likes in the page title ("(3) <page> | <site>") and on the
 * installed app's icon; cleared on logout. Mounted once, in the root shell.
 */
export function useAttentionBadges(): void {
  const { unreadMessages, newLikes } = useNavCounts();
  const total = unreadMessages + newLikes;
  useEffect(() => {
    setTitleCount(total);
    setAppBadge(total);
  }, [total]);
}
