import { numbered } from '../prisma/sql';
import { notBlocked } from './not-blocked.sql';

/** The owner's side of the conversation says they wrote (and have not removed it since). */
const wrote = (side: string) => `${side}.wrote_at IS NOT NULL`;

/**
 * The privacy-mode partner, defined once (docs/features/member-access.md): a
 * member in privacy mode shows their photos to a viewer only when they have written to that
 * viewer, that is when
 * - the owner sent a visible message (text, photo or gift; never a held one) in the pair's
 *   conversation since they last removed it: their side's `wrote_at`, set by the send's own
 *   statement (chats/sends.service.ts, the operator's reply too) and by the release of held
 *   messages, and cleared when the owner removes the conversation; a message of the viewer, held
 *   or not, answered or not, changes nothing;
 * - and neither blocked the other (while a block stands; lifting it restores the conversation,
 *   and with it what the owner wrote).
 * `owner` and `viewer` are SQL expressions of account ids (`$1`, `p.user_id`). Every reader of
 * the photo rule uses this fragment (the `partner` columns of the chat list and likes page, the cards, the
 * profile page, reported photos): two unique-index probes per member (the pair's conversation,
 * the owner's side of it), whatever number of conversations either has, and the viewer's blocks
 * read once per statement.
 */
export function privacyPartnerSql(owner: string, viewer: string): string {
  return `(EXISTS (SELECT 1 FROM conversation_participants pw
    WHERE pw.conversation_id = (SELECT pc.id FROM conversations pc
        WHERE pc.user_low_id = LEAST(${owner}, ${viewer})
          AND pc.user_high_id = GREATEST(${owner}, ${viewer}))
      AND pw.user_id = ${owner} AND ${wrote('pw')})
    AND ${notBlocked(owner, viewer)})`;
}

/**
 * The same rule where the statement already holds the owner's side (`side`, an alias of
 * conversation_participants) of their conversation with the viewer (the chat list).
 */
export function privacyPartnerOfSideSql(side: string, viewer: string): string {
  return `(${wrote(side)} AND ${notBlocked(`${side}.user_id`, viewer)})`;
}

/** Which of these owners ($2) have the viewer ($1) as their privacy-mode partner. */
export const privacyPartnersStatement = numbered<
  { user_id: number },
  [viewer: number, owners: number[]]
>(
  'privacy-partners',
  `SELECT o.id AS user_id FROM unnest($2::int[]) AS o(id)
  WHERE ${privacyPartnerSql('o.id', '$1')}`,
);
