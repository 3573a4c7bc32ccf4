/**
 * Unread messages and new likes for the navigation badges. The chats and likes queries (later
 * work) feed these; until then they are zero.
 */
export function useNavCounts(): { unreadMessages: number; newLikes: number } {
  return { unreadMessages: 0, newLikes: 0 };
}
