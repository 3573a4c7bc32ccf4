/**
 * Baseline: the essence of GET /api/chats.php in hand-written SQL through `pg`: the session
 * (one prepared statement), then one prepared statement for the member's conversations with
 * their newest message, the other member's card (visible and contactable: active, confirmed,
 * not blocked either way) and the count of new likes from members a list may show. The same
 * JSON as the app. Own process; prints `{"port":N}`. Env: DATABASE_URL, MEDIA_SECRET.
 */
import { CARD_COLUMNS, CARD_JOINS, card, pool, serve, type CardRow } from './common.ts';

const HISTORY_DAYS = Number(process.env.CHAT_HISTORY_DAYS ?? 365);

const CHATS_SQL = `
  SELECT cp.conversation_id, cp.unread_count, cp.last_read_seq, cp.last_delivered_seq,
    o.last_read_seq AS other_read, o.last_delivered_seq AS other_delivered,
    m.id AS message_id, m.seq, m.sender_id, m.type::text AS type, m.held,
    left(m.body, 100) AS preview, m.created_at, ${CARD_COLUMNS},
    (SELECT count(*)::int FROM likes l
      JOIN users lu ON lu.id = l.liker_id JOIN profiles lp ON lp.user_id = l.liker_id
      WHERE l.liked_id = $1 AND l.is_new AND lp.status = 'active' AND lu.status = 'confirmed'
        AND NOT lp.invisible
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = l.liker_id AND b.blocked_id = $1)
                                                OR (b.blocker_id = $1 AND b.blocked_id = l.liker_id))
    ) AS new_likes
  FROM (SELECT 1) one
  LEFT JOIN conversation_participants cp ON cp.user_id = $1
  LEFT JOIN conversation_participants o
    ON o.conversation_id = cp.conversation_id AND o.user_id <> cp.user_id
  LEFT JOIN messages m ON m.id = cp.last_message_id
  LEFT JOIN users u ON u.id = o.user_id AND u.status = 'confirmed'
  LEFT JOIN profiles p ON p.user_id = u.id AND p.status = 'active'
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p.user_id AND b.blocked_id = $1)
                                            OR (b.blocker_id = $1 AND b.blocked_id = p.user_id))
  ${CARD_JOINS}
  ORDER BY m.seq DESC`;

interface Row extends CardRow {
  conversation_id: number | null;
  unread_count: number;
  last_read_seq: string;
  last_delivered_seq: string;
  other_read: string;
  other_delivered: string;
  message_id: number | null;
  seq: string;
  sender_id: number;
  type: string;
  held: boolean;
  preview: string | null;
  created_at: Date;
  new_likes: number;
}

function status(held: boolean, seq: number, read: number, delivered: number) {
  if (held) return 'held';
  if (seq <= read) return 'read';
  return seq <= delivered ? 'delivered' : 'sent';
}

serve(async (viewer) => {
  const { rows } = await pool.query<Row>({ name: 'chats', text: CHATS_SQL, values: [viewer] });
  const now = new Date();
  const oldest = now.getTime() - HISTORY_DAYS * 86_400_000;
  const chats = [];
  let unread = 0;
  for (const row of rows) {
    if (row.message_id === null || row.profile_id === null) continue;
    const mine = row.sender_id === viewer;
    const seq = Number(row.seq);
    unread += row.unread_count;
    chats.push({
      conversation: { id: row.conversation_id },
      profile: card(row, true, now),
      num_unread_messages: row.unread_count,
      last_message:
        row.created_at.getTime() < oldest
          ? null
          : {
              id: row.message_id,
              type: row.type,
              preview: row.type === 'text' ? row.preview : null,
              mine,
              status: mine
                ? status(row.held, seq, Number(row.other_read), Number(row.other_delivered))
                : status(row.held, seq, Number(row.last_read_seq), Number(row.last_delivered_seq)),
              created_at: row.created_at.toISOString(),
            },
      updated_at: row.created_at.toISOString(),
    });
  }
  return { chats, unread_messages: unread, new_likes: rows[0]?.new_likes ?? 0 };
});
