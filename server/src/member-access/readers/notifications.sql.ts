import { numbered } from '../../prisma/sql';
import { listedConversationSql } from '../listed-conversation.sql';
import { notBlocked } from '../not-blocked.sql';
import { NEW_LIKERS } from './likes-page.sql';

/**
 * What a notification to a member about another member shows ($1: the recipient, $2: the member
 * who wrote or liked): that member's profile name, if the recipient may still see them (an
 * active profile, no block either way; an invisible member who writes is a partner by then), and
 * the recipient's badge: unread messages of the conversations the chat list shows (no block
 * either way) plus new likes from members a list may show.
 */
const NOTIFICATION_FACTS_SQL = `SELECT
  (SELECT p.name FROM profiles p
    WHERE p.user_id = $2 AND p.status = 'active' AND ${notBlocked('p.user_id')}) AS actor_name,
  (SELECT coalesce(sum(cp.unread_count), 0)::int FROM conversation_participants cp
    WHERE cp.user_id = $1 AND cp.removed_at IS NULL AND cp.unread_count > 0
      AND ${listedConversationSql('cp', '$1')}) AS unread,
  (${NEW_LIKERS}) AS new_likes`;

/** A push's facts: one prepared statement per event. */
export const notificationFactsStatement = numbered<
  { actor_name: string | null; unread: number; new_likes: number },
  [recipient: number, actor: number]
>('notification-facts', NOTIFICATION_FACTS_SQL);
