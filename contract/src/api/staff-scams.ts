import { z } from 'zod';
import { SCAM_CATEGORIES } from '../scam-categories';
import { dbId } from './fields';
import { moderationMemberRef, moderationReason } from './staff-moderation';

/**
 * The moderators' queue of messages the send's scan flagged (message-scan.ts): each with a few
 * messages of its conversation before and after it, the sender's risk score, and the actions
 * dismiss, warn (a mail, as a complaint's warning) and ban. Routes under /api/staff/scams
 * (moderators, admins).
 */

export const SCAM_FLAG_ACTIONS = ['dismiss', 'warn', 'ban'] as const;
export const scamFlagAction = z.enum(SCAM_FLAG_ACTIONS);
export type ScamFlagAction = z.infer<typeof scamFlagAction>;

export const SCAM_FLAG_RESOLUTIONS = ['dismissed', 'warned', 'banned'] as const;

/** Staff audit actions of the queue (a ban also writes member.ban). */
export const SCAM_AUDIT_ACTIONS = ['scam_flag.dismiss', 'scam_flag.warn', 'scam_flag.ban'] as const;

/** Flags in one page of the queue. */
export const SCAM_QUEUE_PAGE = 20;

/** GET /api/staff/scams: waiting (default) or handled flags, newest first. */
export const scamQueueQuery = z.object({
  handled: z.enum(['0', '1']).optional(),
  before: dbId.optional(),
});
export type ScamQueueQuery = z.infer<typeof scamQueueQuery>;
export type ScamQueueQueryInput = z.input<typeof scamQueueQuery>;

/** A message of the flagged one's conversation, as staff read it. */
export const scamContextMessage = z.object({
  id: z.number().int(),
  /** The sender's user id (one of the flag's two members). */
  sender_id: z.number().int(),
  type: z.enum(['text', 'photo', 'gift']),
  text: z.string().nullable(),
  created_at: z.string(),
  /** This is the flagged message. */
  flagged: z.boolean(),
});
export type ScamContextMessage = z.infer<typeof scamContextMessage>;

export const scamFlag = z.object({
  message_id: z.number().int(),
  conversation_id: z.number().int(),
  categories: z.array(z.enum(SCAM_CATEGORIES)),
  /** What this message added to the sender's risk score. */
  score: z.number().int(),
  created_at: z.string(),
  resolution: z.enum(SCAM_FLAG_RESOLUTIONS).nullable(),
  sender: moderationMemberRef,
  recipient: moderationMemberRef,
  /** The sender's running risk score and flagged messages so far. */
  sender_risk: z.object({ score: z.number().int(), hits: z.number().int() }),
  /** The conversation around it, oldest first (the flagged message included). */
  context: z.array(scamContextMessage),
  /** The buttons the console shows now. */
  actions: z.array(scamFlagAction),
});
export type ScamFlag = z.infer<typeof scamFlag>;

export const scamQueueResponse = z.object({
  flags: z.array(scamFlag),
  waiting: z.number().int(),
  next_before: z.number().int().nullable(),
});
export type ScamQueueResponse = z.infer<typeof scamQueueResponse>;

/** POST /api/staff/scams/{message id}/action */
export const scamFlagActionBody = z.object({ action: scamFlagAction, reason: moderationReason });
export type ScamFlagActionBody = z.infer<typeof scamFlagActionBody>;

export const scamFlagResponse = z.object({ flag: scamFlag });
export type ScamFlagResponse = z.infer<typeof scamFlagResponse>;
