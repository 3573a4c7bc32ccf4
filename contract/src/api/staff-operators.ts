import { z } from 'zod';
import { dbId, dbIdNumber, idParam } from './fields';
import { gift } from './chats';
import { inboxConversation } from './staff-partners';

/**
 * The operators' tools beyond the text reply (issue 38 item 5): a photo library per chat partner
 * (admins upload, operators send a library photo as the partner), gifts sent as the partner (free:
 * nothing is charged to anyone), the "next conversation" button (the longest-waiting conversation
 * nobody holds, claimed atomically), and the admins' review per operator (answered conversations,
 * reply times, a random sample of replies). Routes under /api/staff/partners/:id/library,
 * /api/staff/inbox and /api/staff/operators.
 */

/** The most photos one chat partner's library holds. */
export const PARTNER_LIBRARY_MAX = 100;
/** How many replies the review of an operator samples at random. */
export const OPERATOR_REVIEW_SAMPLE = 10;
/** The periods (days) the operators' figures and review are read for. */
export const OPERATOR_REVIEW_RANGES = [1, 7, 30, 90] as const;

/** What the operators' tools write to the audit log (contract staff.ts: STAFF_ACTIONS). */
export const OPERATOR_TOOL_ACTIONS = [
  'partner.library_photo_added',
  'partner.library_photo_removed',
  'inbox.photo_sent',
  'inbox.gift_sent',
  'inbox.next_claimed',
  'operator.review_viewed',
] as const;

// ------------------------------------------------------------------ the photo library

export const libraryPhoto = z.object({
  id: z.number().int(),
  /** Signed, expiring URLs that serve only to a staff session (operators and admins). */
  thumb_url: z.string(),
  full_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type LibraryPhoto = z.infer<typeof libraryPhoto>;

/**
 * GET /api/staff/partners/:id/library (admin) and GET /api/staff/inbox/:id/library (operator:
 * the library of the conversation's chat partner, and only that one).
 */
export const partnerLibraryResponse = z.object({
  partner: z.object({ id: z.number().int(), name: z.string(), fictional: z.literal(true) }),
  photos: z.array(libraryPhoto),
  max: z.number().int(),
});
export type PartnerLibraryResponse = z.infer<typeof partnerLibraryResponse>;

/** DELETE /api/staff/partners/:id/library/:photo */
export const libraryPhotoParam = idParam.extend({ photo: dbId });

// ------------------------------------------------------------------ sending as the partner

/** POST /api/staff/inbox/:id/photo (Idempotency-Key): a photo of the partner's own library. */
export const inboxPhotoBody = z.object({ photo: dbIdNumber });
export type InboxPhotoRequest = z.infer<typeof inboxPhotoBody>;

/** POST /api/staff/inbox/:id/gift (Idempotency-Key): a gift on offer, as the partner, free. */
export const inboxGiftBody = z.object({ gift: dbIdNumber });
export type InboxGiftRequest = z.infer<typeof inboxGiftBody>;

/** GET /api/staff/inbox/gifts: the gift catalogue on offer (what an operator may send). */
export const operatorGiftsResponse = z.object({ gifts: z.array(gift) });
export type OperatorGiftsResponse = z.infer<typeof operatorGiftsResponse>;

// ------------------------------------------------------------------ the next conversation

/**
 * POST /api/staff/inbox/next: the longest-waiting conversation nobody holds, now held by the
 * asking operator (their earlier holds released); null when none waits.
 */
export const nextConversationResponse = z.object({ conversation: inboxConversation.nullable() });
export type NextConversationResponse = z.infer<typeof nextConversationResponse>;

// ------------------------------------------------------------------ the review per operator

export const operatorReviewQuery = z.object({
  days: z
    .enum(['1', '7', '30', '90'])
    .optional()
    .default('7')
    .transform((d) => Number(d) as (typeof OPERATOR_REVIEW_RANGES)[number]),
});
export type OperatorReviewQuery = z.input<typeof operatorReviewQuery>;

export const operatorFigures = z.object({
  operator: z.object({ id: z.number().int(), name: z.string() }),
  /** Conversations the operator answered (at least one reply) in the period. */
  answered_conversations: z.number().int(),
  /** Replies in the period (text, photo and gift). */
  replies: z.number().int(),
  photos: z.number().int(),
  gifts: z.number().int(),
  /** From the member's first unanswered message to the reply, in seconds (null: none timed). */
  median_seconds: z.number().nullable(),
  p90_seconds: z.number().nullable(),
});
export type OperatorFigures = z.infer<typeof operatorFigures>;

/** GET /api/staff/operators?days= (admin): every operator (and admin) with their figures. */
export const operatorsResponse = z.object({
  days: z.number().int(),
  operators: z.array(operatorFigures),
});
export type OperatorsResponse = z.infer<typeof operatorsResponse>;

export const reviewedReply = z.object({
  message_id: z.number().int(),
  conversation_id: z.number().int(),
  at: z.string(),
  type: z.enum(['text', 'photo', 'gift']),
  /** The reply's text (null: a photo or a gift, or erased with its member). */
  text: z.string().nullable(),
  /** A gift's name key (`chat.gifts.<slug>`) and picture. */
  gift: z.object({ slug: z.string(), image: z.string() }).nullable(),
  /** How long the member had waited for it, in seconds (null: a reply that answered nothing). */
  waited_seconds: z.number().nullable(),
  partner: z
    .object({ id: z.number().int(), name: z.string(), fictional: z.literal(true) })
    .nullable(),
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The member's message it answered (the newest before it), for context. */
  in_reply_to: z.string().nullable(),
});
export type ReviewedReply = z.infer<typeof reviewedReply>;

/** GET /api/staff/operators/:id?days= (admin): one operator's figures and a random sample. */
export const operatorReviewResponse = z.object({
  days: z.number().int(),
  figures: operatorFigures,
  sample: z.array(reviewedReply),
});
export type OperatorReviewResponse = z.infer<typeof operatorReviewResponse>;
