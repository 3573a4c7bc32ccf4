import { notBlocked } from './not-blocked.sql';

/**
 * Whether the chat list shows the conversation of the participant row `cp` of the member `me`
 * (SQL expressions): the other member's profile is active and neither of the two blocked the
 * other, the chat list's rule (correspondents.sql.ts). The counts told beside the list follow
 * it: the app badge of a push (notifications.sql.ts) and the unread-message reminder
 * (notification-mails/periodic-mails.sql.ts), so no count includes a conversation the member
 * cannot open.
 */
export function listedConversationSql(cp: string, me: string): string {
  return `EXISTS (SELECT 1 FROM conversation_participants listed_other
      JOIN profiles listed_p ON listed_p.user_id = listed_other.user_id
        AND listed_p.status = 'active'
      WHERE listed_other.conversation_id = ${cp}.conversation_id
        AND listed_other.user_id <> ${me} AND ${notBlocked('listed_other.user_id', me)})`;
}
