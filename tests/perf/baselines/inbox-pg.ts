/**
 * Baseline: the essence of GET /api/staff/inbox in hand-written SQL through `pg`: the staff
 * session (`ssid`: live, a confirmed account whose roles are the session's), then ONE prepared
 * statement for the first page of conversations waiting for a chat partner's reply (longest wait
 * first, the member's newest message, a live lock) with the number waiting. The same JSON as the
 * app. Own process; prints `{"port":N}`. Env: DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { INBOX_COUNT_CAP, INBOX_PAGE, asksIfReal } from '@app/contract';
import { pool, serve } from './common.ts';

const SESSION_SQL = `SELECT u.id FROM staff_sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > now() AND u.status = 'confirmed'
    AND cardinality(u.roles) > 0 AND s.roles @> u.roles AND u.roles @> s.roles`;

const INBOX_SQL = `
  SELECT c.id, c.awaiting_reply_since AS waiting_since,
    pp.id AS partner_id, pp.name AS partner_name, mp.id AS member_id, mp.name AS member_name,
    lm.body, l.operator_id AS lock_operator,
    COALESCE(ou.staff_name, split_part(ou.email, '@', 1)) AS lock_name, l.expires_at AS lock_expires,
    (SELECT count(*)::int FROM (SELECT 1 FROM conversations w
      WHERE w.awaiting_reply_since IS NOT NULL LIMIT $2) wc) AS waiting
  FROM (SELECT w.id, w.user_low_id, w.user_high_id, w.awaiting_reply_since FROM conversations w
    WHERE w.awaiting_reply_since IS NOT NULL ORDER BY w.awaiting_reply_since, w.id LIMIT $1) c
  JOIN profiles pl ON pl.user_id = c.user_low_id
  JOIN profiles ph ON ph.user_id = c.user_high_id
  CROSS JOIN LATERAL (SELECT CASE WHEN pl.fictional THEN pl.id ELSE ph.id END AS id,
      CASE WHEN pl.fictional THEN pl.name ELSE ph.name END AS name) pp
  JOIN profiles mp ON mp.id = CASE WHEN pl.fictional THEN ph.id ELSE pl.id END
  LEFT JOIN LATERAL (SELECT m.body FROM messages m
    WHERE m.conversation_id = c.id AND NOT m.held ORDER BY m.seq DESC LIMIT 1) lm ON true
  LEFT JOIN operator_locks l ON l.conversation_id = c.id AND l.expires_at > now()
  LEFT JOIN users ou ON ou.id = l.operator_id
  WHERE pl.fictional <> ph.fictional
  ORDER BY c.awaiting_reply_since, c.id`;

interface Row {
  id: number;
  waiting_since: Date;
  partner_id: number;
  partner_name: string;
  member_id: number;
  member_name: string;
  body: string | null;
  lock_operator: number | null;
  lock_name: string | null;
  lock_expires: Date | null;
  waiting: number;
}

async function staffId(cookie: string | undefined): Promise<number | null> {
  const token = /(?:^|;\s*)ssid=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) return null;
  const hash = createHash('sha256').update(decodeURIComponent(token)).digest('hex');
  const { rows } = await pool.query<{ id: number }>({
    name: 'staff',
    text: SESSION_SQL,
    values: [hash],
  });
  return rows[0]?.id ?? null;
}

async function inbox(viewer: number) {
  const { rows } = await pool.query<Row>({
    name: 'inbox',
    text: INBOX_SQL,
    values: [INBOX_PAGE + 1, INBOX_COUNT_CAP + 1],
  });
  const shown = rows.slice(0, INBOX_PAGE);
  const last = shown[shown.length - 1];
  return {
    conversations: shown.map((row) => ({
      conversation_id: row.id,
      partner: { id: row.partner_id, name: row.partner_name, fictional: true },
      member: { id: row.member_id, name: row.member_name },
      waiting_since: row.waiting_since.toISOString(),
      preview: row.body,
      asks_real: asksIfReal(row.body),
      lock:
        row.lock_operator !== null && row.lock_expires !== null
          ? {
              operator: { id: row.lock_operator, name: row.lock_name ?? '—' },
              mine: row.lock_operator === viewer,
              expires_at: row.lock_expires.toISOString(),
            }
          : null,
    })),
    waiting: Math.min(rows[0]?.waiting ?? 0, INBOX_COUNT_CAP),
    waiting_capped: (rows[0]?.waiting ?? 0) > INBOX_COUNT_CAP,
    next:
      rows.length > INBOX_PAGE && last ? `${last.waiting_since.toISOString()}_${last.id}` : null,
  };
}

serve(inbox, staffId);
