import { useLikes } from '../../api/likes';

/**
 * Unread messages and new likes for the navigation badges, for a logged-in member (the menu is
 * only rendered for one). New likes come from likes.php, which reloads every
 * REFRESH_INTERVAL_MS; unread messages are zero until the chats work feeds them.
 */
export function useNavCounts(): { unreadMessages: number; newLikes: number } {
  const likes = useLikes();
  return { unreadMessages: 0, newLikes: likes.data?.new_likes ?? 0 };
}
