import { apiRequest } from '../../../api/client';

/** POST /api/chat-read.php: read up to `seq` (the list's unread count drops to 0). */
export function markRead(conversation: number, seq: number): Promise<unknown> {
  return apiRequest('chat-read', { method: 'POST', body: { conversation, seq } });
}
