/**
 * Baseline: the essence of GET /api/likes.php in hand-written SQL through `pg`: the session
 * (one prepared statement), then one prepared statement for the likes given and received with
 * the card of each member a list may show (active, confirmed, not invisible, not blocked either
 * way; privacy mode: the main photo only for members it wrote to, else locked). Who liked the
 * viewer is named when the viewer is premium, free members see likers (the admin setting
 * free_members_see_likes, read once at start) or the viewer likes them too. The same JSON
 * as the app. Own process; prints `{"port":N}`. Env: DATABASE_URL, MEDIA_SECRET.
 */
import { CARD_COLUMNS, CARD_JOINS, card, pool, serve, type CardRow } from './common.ts';

const LIKES_SQL = `
  SELECT (SELECT paid_user FROM users WHERE id = $1) AS viewer_paid,
    l.liker_id, l.liked_id, l.is_new, l.created_at, ${CARD_COLUMNS},
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
  viewer_paid: boolean;
  liker_id: number;
  liked_id: number;
  is_new: boolean;
  created_at: Date;
  user_id: number;
  partner: boolean;
}

const stored = await pool.query<{ value: unknown }>(
  `SELECT value FROM settings WHERE key = 'free_members_see_likes'`,
);
const freeSeeLikers = stored.rows[0]?.value === 'everything';

serve(async (viewer) => {
  const { rows } = await pool.query<Row>({ name: 'likes', text: LIKES_SQL, values: [viewer] });
  const paid =
    rows[0]?.viewer_paid ??
    (
      await pool.query<{ paid_user: boolean }>('SELECT paid_user FROM users WHERE id = $1', [
        viewer,
      ])
    ).rows[0]?.paid_user ??
    false;
  const shown = paid || freeSeeLikers;
  const now = new Date();
  const cards = new Map<number, ReturnType<typeof card>>();
  for (const row of rows) {
    if (!cards.has(row.user_id))
      cards.set(row.user_id, card(row, !row.privacy_mode || row.partner, now));
  }
  const givenRows = rows
    .filter((row) => row.liker_id === viewer)
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.liked_id - a.liked_id);
  // a liker is named when the viewer sees likers, or likes them too (a match)
  const liked = new Set(givenRows.map((row) => row.user_id));
  const named = (userId: number) => shown || liked.has(userId);
  const received = rows
    .filter((row) => row.liked_id === viewer)
    .sort(
      (a, b) =>
        Number(b.is_new) - Number(a.is_new) ||
        b.created_at.getTime() - a.created_at.getTime() ||
        b.liker_id - a.liker_id,
    )
    .map((row) => ({
      id: named(row.user_id) ? row.profile_id : null,
      like_new: row.is_new,
      created_at: row.created_at.toISOString(),
    }));
  return {
    profiles: [...cards].filter(([userId]) => named(userId)).map(([, shownCard]) => shownCard),
    likes: givenRows.map((row) => ({
      id: row.profile_id,
      created_at: row.created_at.toISOString(),
    })),
    liked_by: received,
    new_likes: received.filter((like) => like.like_new).length,
    likers_shown: shown,
  };
});
