/**
 * What the chat routes carry in the history entry's state (never in the URL).
 * - `startedWith`: on /chats/{id}, the member whose /members/{id}/chat page began the
 *   conversation; the page stays the same view (ConversationPage).
 * - `gift`: on /members/{id}/chat, a gift chosen on the member's profile, sent once when the
 *   conversation opens.
 */
export interface ChatRouteState {
  startedWith?: number;
  gift?: number;
}

export const MEMBER_CHAT_PATH = '/members/:id/chat';
