import { z } from 'zod';
import { dbId, dbIdNumber } from './fields';
import { inspectionStats, inspectionNextBody } from './staff-inspection';
import { memberBanBody } from './staff-moderation';

/**
 * The verified badge (issue 35 point 5). A member asks to verify; the site picks a gesture at
 * random; the member sends a selfie making it; a moderator compares the selfie with the member's
 * approved profile photos and approves (the badge) or rejects with a reason. One open request
 * at a time; the selfie is kept only until it is decided or the request expires. Chat pals
 * (fictional profiles) can never be verified. Routes: /api/verification.php (member),
 * /api/staff/verification/... (moderators and admins).
 */

/**
 * The gestures the site asks for, as data: `key` names the text `verification.gestures.<key>`
 * (web catalogues, all seven languages), `icon` the picture shown beside it.
 */
export const VERIFICATION_GESTURES = [
  { key: 'thumbs_up', icon: '👍' },
  { key: 'peace_sign', icon: '✌️' },
  { key: 'hand_on_cheek', icon: '🤚' },
  { key: 'wave', icon: '👋' },
  { key: 'ok_sign', icon: '👌' },
  { key: 'point_up', icon: '☝️' },
] as const;
export type VerificationGesture = (typeof VERIFICATION_GESTURES)[number]['key'];
export const verificationGesture = z.enum(
  VERIFICATION_GESTURES.map((g) => g.key) as [VerificationGesture, ...VerificationGesture[]],
);

/** A gesture asked for waits this long for its selfie. */
export const VERIFICATION_REQUEST_MINUTES = 60;
/** A selfie waits this long for a moderator; then the request expires and the selfie goes. */
export const VERIFICATION_PENDING_DAYS = 14;

/** Why a selfie is refused; the member reads `verification.rejectReasons.<reason>`. */
export const VERIFICATION_REJECT_REASONS = [
  'gesture_missing',
  'face_not_visible',
  'not_same_person',
  'poor_quality',
  'not_a_selfie',
] as const;
export const verificationRejectReason = z.enum(VERIFICATION_REJECT_REASONS);
export type VerificationRejectReason = z.infer<typeof verificationRejectReason>;

export const verificationStatus = z.enum([
  'requested',
  'pending',
  'approved',
  'rejected',
  'expired',
]);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** GET /api/verification.php (and the answer of every member call): the member's state. */
export const ownVerificationResponse = z.object({
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  /** The latest request (null: never asked); `reason` only when rejected. */
  request: z
    .object({
      id: z.number().int(),
      status: verificationStatus,
      gesture: verificationGesture,
      reason: verificationRejectReason.nullable(),
      created_at: z.string(),
      expires_at: z.string(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
});
export type OwnVerificationResponse = z.infer<typeof ownVerificationResponse>;

/** The queue's figures of the verification desk (waiting selfies, the oldest's time). */
export const verificationStatsResponse = z.object({ stats: inspectionStats });
export type VerificationStatsResponse = z.infer<typeof verificationStatsResponse>;

/**
 * POST /api/staff/verification/next: claims the oldest selfie nobody else holds: the gesture
 * asked for, the selfie and the member's approved profile photos side by side.
 */
export const verificationNextBody = inspectionNextBody;
export const verificationItem = z.object({
  id: z.number().int(),
  gesture: verificationGesture,
  submitted_at: z.string(),
  claimed_until: z.string(),
  /** The selfie, only for moderators (a staff route, never cached). */
  selfie_url: z.string(),
  member: z.object({
    user_id: z.number().int(),
    profile_id: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    gender: z.string(),
    country: z.string(),
    city: z.string().nullable(),
    member_since: z.string(),
    /** The approved profile photos, to compare with. */
    photos: z.array(z.object({ id: z.number().int(), full_url: z.string(), main: z.boolean() })),
  }),
});
export type VerificationItem = z.infer<typeof verificationItem>;
export const verificationNextResponse = z.object({
  request: verificationItem.nullable(),
  stats: inspectionStats,
});
export type VerificationNextResponse = z.infer<typeof verificationNextResponse>;

/** POST /api/staff/verification/{id}/decision */
export const verificationDecisionBody = z
  .object({
    action: z.enum(['approve', 'reject']),
    reason: verificationRejectReason.optional(),
  })
  .refine((input) => input.action === 'approve' || !!input.reason, {
    path: ['reason'],
    message: 'required',
  });
export type VerificationDecisionRequest = z.input<typeof verificationDecisionBody>;
export const verificationDecisionResponse = z.object({ stats: inspectionStats });
export type VerificationDecisionResponse = z.infer<typeof verificationDecisionResponse>;

export const verificationIdParam = z.object({ id: dbId });

/**
 * POST /api/staff/verification/withdraw (moderators and admins): takes a member's verified badge
 * away (approved by mistake, or a later suspicion). `member` is the profile's id (as in
 * /members/{id}); `reason` is told to the member in the statement of reasons, `ground` the
 * terms' rule (impersonation when not given). The member may verify again afterwards.
 */
export const verificationWithdrawBody = memberBanBody.extend({ member: dbIdNumber });
export type VerificationWithdrawRequest = z.infer<typeof verificationWithdrawBody>;
export const verificationWithdrawResponse = z.object({
  member: z.object({ profile_id: z.number().int(), verified: z.literal(false) }),
  statement_id: z.number().int(),
});
export type VerificationWithdrawResponse = z.infer<typeof verificationWithdrawResponse>;

/** The grounds the console offers for a withdrawal (any DECISION_GROUNDS is accepted). */
export const VERIFICATION_WITHDRAW_GROUNDS = ['impersonation', 'scam', 'house_rules'] as const;

/** The audit log's names of the desk's decisions. */
export const VERIFICATION_ACTIONS = [
  'verification.approve',
  'verification.reject',
  'verification.withdraw',
] as const;
