/**
 * Baseline: the essence of GET /api/likes.php in hand-written SQL through `pg`: the session
 * (one prepared statement), then one prepared statement for the likes given and received with
 * the card of each member a list may show (active, confirmed, not invisible, not blocked either
 * way; privacy mode: the main photo only for members it wrote to, else locked). The same JSON
 * as the app. Own process; prints `{"port":N}`. Env: DATABASE_URL, MEDIA_SECRET.
 */
import { CARD_COLUMNS, CARD_JOINS, card, pool, serve, type CardRow } from './common.ts';

const LIKES_SQL = `
  SELECT l.liker_id, l.liked_id, l.is_new, l.created_at, ${CARD_COLUMNS},
    p.user_id, EXISTS (
      SELECT 1 FROM conversation_participants a JOIN conversation_participants b
        ON b.conversation_id = a.conversation_id
      WHERE a.user_id = $1 AND b.user_id = p.user_id AND b.wrote_at IS NOT NULL) AS partner
  FROM likes l
  JOIN users u ON u.id = CASE WHEN l.liker_id = $1 THEN l.liked_id ELSE l.liker_id END
    AND u.status = 'confirmed'
  JOIN profiles p ON p.user_id = u.id AND p.status = 'active' AND NOT p.invisible
  ${CARD_JOINS}
  WHERE (l.liker_id = $1 OR l.liked_id = $1) AND u.id <> $1
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = u.id AND b.blocked_id = $1)
                                            OR (b.blocker_id = $1 AND b.blocked_id = u.id))`;

interface Row extends CardRow {
  liker_id: number;
  liked_id: number;
  is_new: boolean;
  created_at: Date;
  user_id: number;
  partner: boolean;
}

serve(async (viewer) => {
  const { rows } = await pool.query<Row>({ name: 'likes', text: LIKES_SQL, values: [viewer] });
  const now = new Date();
  const cards = new Map<number, ReturnType<typeof card>>();
  for (const row of rows) {
    if (!cards.has(row.user_id))
      cards.set(row.user_id, card(row, !row.privacy_mode || row.partner, now));
  }
  const given = rows
    .filter((row) => row.liker_id === viewer)
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.liked_id - a.liked_id)
    .map((row) => ({ id: row.profile_id, created_at: row.created_at.toISOString() }));
  const received = rows
    .filter((row) => row.liked_id === viewer)
    .sort(
      (a, b) =>
        Number(b.is_new) - Number(a.is_new) ||
        b.created_at.getTime() - a.created_at.getTime() ||
        b.liker_id - a.liker_id,
    )
    .map((row) => ({
      id: row.profile_id,
      like_new: row.is_new,
      created_at: row.created_at.toISOString(),
    }));
  return {
    profiles: [...cards.values()],
    likes: given,
    liked_by: received,
    new_likes: received.filter((like) => like.like_new).length,
  };
});
