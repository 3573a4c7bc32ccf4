import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { NEW_LIKERS } from './fast-reads';
import { notBlocked } from './not-blocked';

/**
 * What a notification to a member about another member shows ($1: the recipient, $2: the member
 * who wrote or liked): that member's profile name, if the recipient may still see them (an
 * active profile, no block either way; an invisible member who writes is a partner by then), and
 * the recipient's badge: unread messages plus new likes from members a list may show.
 */
const NOTIFICATION_FACTS_SQL = `SELECT
  (SELECT p.name FROM profiles p
    WHERE p.user_id = $2 AND p.status = 'active' AND ${notBlocked('p.user_id')}) AS actor_name,
  (SELECT coalesce(sum(cp.unread_count), 0)::int FROM conversation_participants cp
    WHERE cp.user_id = $1 AND cp.removed_at IS NULL) AS unread,
  (${NEW_LIKERS}) AS new_likes`;

export interface NotificationFacts {
  /** Null: the recipient may not see the member any more (blocked, gone): nothing to tell. */
  actorName: string | null;
  /** Unread messages plus new likes (the app badge). */
  badge: number;
}

/** The reads of the notification channels (web push, mail): one prepared statement per event. */
@Injectable()
export class NotificationReads {
  constructor(private readonly prisma: PrismaService) {}

  async facts(recipientId: number, actorId: number): Promise<NotificationFacts> {
    const { rows } = await this.prisma.pool.query<{
      actor_name: string | null;
      unread: number;
      new_likes: number;
    }>({
      name: 'notification-facts',
      text: NOTIFICATION_FACTS_SQL,
      values: [recipientId, actorId],
    });
    const row = rows[0];
    return { actorName: row.actor_name, badge: row.unread + row.new_likes };
  }
}
