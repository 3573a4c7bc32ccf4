import { z } from 'zod';
import { dbId, dbIdNumber } from './fields';
import { photoStatus } from './photos';

/**
 * Inspection (staff: moderators and admins): new photos and changed profile texts wait in a
 * queue (photos: the riskiest first, see PHOTO_SCREEN_WAIT_SECONDS; texts: the oldest first). A
 * moderator claims the next item (nobody else gets it while the claim holds), approves or
 * rejects it with a reason of a fixed list (the member sees the reason in their own language),
 * and may undo the decision for a few seconds. Routes under /api/staff/inspection/.
 */

/** Why a photo is refused; the member reads `photos.rejectReasons.<reason>`. */
export const PHOTO_REJECT_REASONS = [
  'no_face',
  'not_yourself',
  'nudity',
  'contact_details',
  'poor_quality',
  'offensive',
  'copyright',
  'abuse',
] as const;
export const photoRejectReason = z.enum(PHOTO_REJECT_REASONS);
export type PhotoRejectReason = z.infer<typeof photoRejectReason>;

/**
 * The reasons of abuse (violence, exploitation, intimate images shared without consent): a photo
 * rejected with one of them leaves its perceptual hash behind, and a re-upload of it (resized,
 * re-encoded) is flagged on the desk at once. Never an automatic rejection.
 */
export const PHOTO_ABUSE_REASONS = ['abuse'] as const satisfies readonly PhotoRejectReason[];

/** Two photos whose 64-bit perceptual hashes differ in at most this many bits are one photo. */
export const PHOTO_HASH_MATCH_BITS = 6;

/**
 * Pre-screening: the worker scores every new photo with a model (nsfwjs). The desk serves a
 * photo matching one rejected for abuse first, then the riskiest; a photo not scored yet waits
 * behind the scored ones for at most this long, then counts as the riskiest (so a stopped worker
 * turns the desk back into upload order, never hides a photo).
 */
export const PHOTO_SCREEN_WAIT_SECONDS = 120;
/**
 * From this risk on (porn + hentai + sexy, 0-1) the pre-screening counts as having flagged the
 * photo: a rejection's statement of reasons then says automated means flagged it (DSA art. 17),
 * as it does for a match of a photo rejected for abuse. The moderator decides either way.
 */
export const PHOTO_SCREEN_FLAG_RISK = 0.5;

/** The model's five classes, each a probability (they add up to 1). */
export const PHOTO_SCREEN_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;
export type PhotoScreenClass = (typeof PHOTO_SCREEN_CLASSES)[number];

/**
 * What the pre-screening says of a photo: `risk` (porn + hentai + sexy, 0 to 1) and the five
 * scores once scored (null before), and whether it matches a photo rejected for abuse.
 */
export const photoScreening = z.object({
  risk: z.number().nullable(),
  scores: z.record(z.enum(PHOTO_SCREEN_CLASSES), z.number()).nullable(),
  abuse_match: z.boolean(),
  scored_at: z.string().nullable(),
});
export type PhotoScreening = z.infer<typeof photoScreening>;

/** Why a profile text is refused; the member reads `profileEditor.textRejected.reasons.<reason>`. */
export const TEXT_REJECT_REASONS = [
  'contact_details',
  'offensive',
  'sexual',
  'advertising',
  'not_a_name',
] as const;
export const textRejectReason = z.enum(TEXT_REJECT_REASONS);
export type TextRejectReason = z.infer<typeof textRejectReason>;

/** The profile texts reviewed when they change. */
export const REVIEWED_TEXT_FIELDS = ['name', 'about'] as const;
export type ReviewedTextField = (typeof REVIEWED_TEXT_FIELDS)[number];

/** A claim holds this long (taking the next item or deciding renews nothing else). */
export const INSPECTION_CLAIM_SECONDS = 120;
/** A decision can be undone by the one who made it for this long. */
export const INSPECTION_UNDO_SECONDS = 10;
/** The queue's first page. */
export const INSPECTION_PAGE = 20;

/** How long the queue is: waiting items and the creation time of the oldest (null: empty). */
export const inspectionStats = z.object({
  waiting: z.number().int(),
  oldest_at: z.string().nullable(),
});
export type InspectionStats = z.infer<typeof inspectionStats>;

/** GET /api/staff/inspection/stats: both queues. */
export const inspectionStatsResponse = z.object({
  photos: inspectionStats,
  texts: inspectionStats,
});
export type InspectionStatsResponse = z.infer<typeof inspectionStatsResponse>;

/**
 * GET /api/staff/inspection/photos: the photos waiting (claimed ones too), in the desk's order:
 * a match of a photo rejected for abuse first, then the riskiest (PHOTO_SCREEN_WAIT_SECONDS),
 * then the oldest.
 */
export const photoQueueEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  profile: z.object({ id: z.number().int(), name: z.string() }),
  thumb_url: z.string(),
  claimed: z.boolean(),
  /** Null: uploaded before pre-screening, or by staff. */
  screening: photoScreening.nullable(),
});
export const photoQueueResponse = z.object({
  photos: z.array(photoQueueEntry),
  stats: inspectionStats,
});
export type PhotoQueueResponse = z.infer<typeof photoQueueResponse>;

/** What a moderator sees of the member beside the item (never e-mail, IP or payments). */
export const inspectedMember = z.object({
  user_id: z.number().int(),
  profile_id: z.number().int(),
  name: z.string(),
  gender: z.string(),
  age: z.number().int(),
  country: z.string(),
  city: z.string().nullable(),
  about: z.string().nullable(),
  member_since: z.string(),
  fictional: z.boolean(),
  photos: z.array(
    z.object({
      id: z.number().int(),
      status: photoStatus,
      main: z.boolean(),
      thumb_url: z.string(),
      full_url: z.string(),
    }),
  ),
});
export type InspectedMember = z.infer<typeof inspectedMember>;

export const inspectionPhoto = z.object({
  id: z.number().int(),
  created_at: z.string(),
  full_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  claimed_until: z.string(),
  screening: photoScreening.nullable(),
  member: inspectedMember,
});
export type InspectionPhoto = z.infer<typeof inspectionPhoto>;

/**
 * POST /api/staff/inspection/photos/next: claims the first photo in the queue's order that
 * nobody else holds (the caller's own claim comes back again), except `exclude` (the one on screen, so the console
 * can claim the following one ahead). Null when none is left.
 */
export const inspectionNextBody = z.object({
  exclude: z.array(dbIdNumber).max(10).default([]),
});
export type InspectionNextRequest = z.input<typeof inspectionNextBody>;
export const photoNextResponse = z.object({
  photo: inspectionPhoto.nullable(),
  stats: inspectionStats,
});
export type PhotoNextResponse = z.infer<typeof photoNextResponse>;

/** POST /api/staff/inspection/photos/{id}/decision */
export const photoDecisionBody = z
  .object({
    action: z.enum(['approve', 'reject']),
    reason: photoRejectReason.optional(),
  })
  .refine((input) => input.action === 'approve' || !!input.reason, {
    path: ['reason'],
    message: 'required',
  });
export type PhotoDecisionRequest = z.input<typeof photoDecisionBody>;

/** A decision taken: undo it with its id until `undo_until`. */
export const inspectionDecisionResponse = z.object({
  decision: z.string(),
  undo_until: z.string(),
  stats: inspectionStats,
});
export type InspectionDecisionResponse = z.infer<typeof inspectionDecisionResponse>;

/** POST /api/staff/inspection/decisions/{id}/undo: the item is waiting again, held by the caller. */
export const inspectionUndoResponse = z.object({
  kind: z.enum(['photo', 'text']),
  id: z.number().int(),
  stats: inspectionStats,
});
export type InspectionUndoResponse = z.infer<typeof inspectionUndoResponse>;

// ------------------------------------------------------------------------------ texts

export const inspectionText = z.object({
  id: z.number().int(),
  field: z.enum(REVIEWED_TEXT_FIELDS),
  previous: z.string().nullable(),
  text: z.string().nullable(),
  created_at: z.string(),
  claimed_until: z.string(),
  member: inspectedMember,
});
export type InspectionText = z.infer<typeof inspectionText>;

export const textQueueResponse = z.object({
  texts: z.array(
    z.object({
      id: z.number().int(),
      field: z.enum(REVIEWED_TEXT_FIELDS),
      created_at: z.string(),
      profile: z.object({ id: z.number().int(), name: z.string() }),
      claimed: z.boolean(),
    }),
  ),
  stats: inspectionStats,
});
export type TextQueueResponse = z.infer<typeof textQueueResponse>;

export const textNextResponse = z.object({
  text: inspectionText.nullable(),
  stats: inspectionStats,
});
export type TextNextResponse = z.infer<typeof textNextResponse>;

/** POST /api/staff/inspection/texts/{id}/decision: a rejection puts the previous text back. */
export const textDecisionBody = z
  .object({
    action: z.enum(['approve', 'reject']),
    reason: textRejectReason.optional(),
  })
  .refine((input) => input.action === 'approve' || !!input.reason, {
    path: ['reason'],
    message: 'required',
  });
export type TextDecisionRequest = z.input<typeof textDecisionBody>;

/** The audit log's names of inspection actions. */
export const INSPECTION_ACTIONS = [
  'photo.approve',
  'photo.reject',
  'photo.undo',
  'text.approve',
  'text.reject',
  'text.undo',
  'chat_photo.keep',
  'chat_photo.remove',
] as const;

/**
 * Chat photos on the photo desk (moderators and admins). A chat photo is delivered when sent
 * (nothing waits for a moderator), and it is private to the two members: the desk shows one only
 * when the pre-screening flagged it (a match of a photo rejected for abuse, or a risk of
 * PHOTO_SCREEN_FLAG_RISK or more), abuse matches first, then the riskiest, until a moderator
 * keeps it or removes it (hidden from both members, with a statement of reasons to the sender
 * saying automated means flagged it). GET /api/staff/inspection/chat-photos.
 */
export const CHAT_PHOTO_DESK_PAGE = 20;
export const chatPhotoMember = z.object({
  user_id: z.number().int(),
  /** null: the profile is gone (deleted, purged). */
  profile_id: z.number().int().nullable(),
  name: z.string().nullable(),
});
export const chatPhotoQueueEntry = z.object({
  message_id: z.number().int(),
  conversation_id: z.number().int(),
  sent_at: z.string(),
  /** The staff route that serves the file while the photo is on the desk (no-store). */
  image_url: z.string(),
  screening: photoScreening,
  /** Who sent it, and to whom: the conversation it is in, nothing of what else was said. */
  sender: chatPhotoMember,
  recipient: chatPhotoMember,
});
export type ChatPhotoQueueEntry = z.infer<typeof chatPhotoQueueEntry>;
export const chatPhotoQueueResponse = z.object({
  photos: z.array(chatPhotoQueueEntry),
  stats: inspectionStats,
});
export type ChatPhotoQueueResponse = z.infer<typeof chatPhotoQueueResponse>;

/**
 * POST /api/staff/inspection/chat-photos/{messageId}/decision: keep (nothing to do, off the
 * desk), or remove with a reason of the photo list (its ground) and an explanation the sender
 * reads in the statement of reasons.
 */
export const chatPhotoDecisionBody = z
  .object({
    action: z.enum(['keep', 'remove']),
    reason: photoRejectReason.optional(),
    explanation: z.string().trim().min(3).max(500).optional(),
  })
  .refine((input) => input.action === 'keep' || !!input.reason, {
    path: ['reason'],
    message: 'required',
  })
  .refine((input) => input.action === 'keep' || !!input.explanation, {
    path: ['explanation'],
    message: 'required',
  });
export type ChatPhotoDecisionRequest = z.infer<typeof chatPhotoDecisionBody>;
export const chatPhotoDecisionResponse = z.object({ stats: inspectionStats });
export type ChatPhotoDecisionResponse = z.infer<typeof chatPhotoDecisionResponse>;

/** Path parameters: a photo's or text review's id; a decision's id (a bigint as text). */
export const inspectionIdParam = z.object({ id: dbId });
export const decisionIdParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,17}$/),
});
