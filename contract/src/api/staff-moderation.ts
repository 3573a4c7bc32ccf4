import { z } from 'zod';
import { decisionGround } from './statements';
import { COMPLAINT_ABOUT } from '../constants';
import { userStatus } from './accounts';
import { COMPLAINT_STATUSES, complaintStatus, reportedContent } from './staff-complaints';
import { dbId } from './fields';
import { photoStatus } from './photos';

/**
 * Complaints and bans on the staff side (admins, moderators): the inbox with counts by state,
 * one complaint with the reported content then and now and both members' histories, and the
 * actions on it; bans and unbans of a member with or without a complaint. Every action writes an
 * audit row; two staff acting on one complaint at once: one wins, the other gets 409
 * `complaint_handled`.
 */

/** What staff did about a complaint. */
export const COMPLAINT_RESOLUTIONS = [
  'dismissed',
  'warned',
  'hidden',
  'banned',
  'unbanned',
] as const;
export const complaintResolution = z.enum(COMPLAINT_RESOLUTIONS);
export type ComplaintResolution = z.infer<typeof complaintResolution>;

/** The actions of POST /api/staff/complaints/{id}/action. */
export const COMPLAINT_ACTIONS = ['dismiss', 'warn', 'hide', 'ban', 'unban'] as const;
export const complaintAction = z.enum(COMPLAINT_ACTIONS);
export type ComplaintAction = z.infer<typeof complaintAction>;

/** A staff reason: required for every action, kept in the audit log. */
export const MODERATION_REASON_MAX = 500;
export const moderationReason = z.string().trim().min(3).max(MODERATION_REASON_MAX);

/** Staff audit actions of this area (the audit log's `action`). */
export const MODERATION_AUDIT_ACTIONS = [
  'complaint.dismiss',
  'complaint.warn',
  'complaint.hide',
  'member.ban',
  'member.unban',
  'appeal.decide',
  'transparency.export',
] as const;

export const STAFF_INBOX_PAGE = 50;

/** GET /api/staff/complaints */
export const staffInboxQuery = z.object({
  status: complaintStatus.optional(),
  before: dbId.optional(),
});
export type StaffInboxQuery = z.input<typeof staffInboxQuery>;

export const complaintCounts = z.object(
  Object.fromEntries(COMPLAINT_STATUSES.map((s) => [s, z.number().int()])) as Record<
    (typeof COMPLAINT_STATUSES)[number],
    z.ZodNumber
  >,
);
export type ComplaintCounts = z.infer<typeof complaintCounts>;

const memberRef = z.object({
  user_id: z.number().int(),
  profile_id: z.number().int().nullable(),
  name: z.string().nullable(),
  status: userStatus,
});
export type ModerationMemberRef = z.infer<typeof memberRef>;
export const moderationMemberRef = memberRef;

export const inboxComplaint = z.object({
  id: z.number().int(),
  about: z.enum(COMPLAINT_ABOUT),
  status: complaintStatus,
  resolution: complaintResolution.nullable(),
  created_at: z.string(),
  subject: z.string(),
  /** A member who complained (null: a visitor, named in `reporter_name`). */
  reporter: memberRef.nullable(),
  reporter_name: z.string().nullable(),
  reported_member: memberRef.nullable(),
});
export type InboxComplaint = z.infer<typeof inboxComplaint>;

export const staffInboxResponse = z.object({
  complaints: z.array(inboxComplaint),
  counts: complaintCounts,
  next_before: z.number().int().nullable(),
});
export type StaffInboxResponse = z.infer<typeof staffInboxResponse>;

/** The reported item as it is now. */
export const liveContent = z.object({
  kind: z.enum(['member', 'photo', 'message']),
  /** present: as the members see it; hidden: taken away by staff; removed: gone. */
  state: z.enum(['present', 'hidden', 'removed']),
  /** A message's text or the profile's "about me" (now, or what was hidden: staff only). */
  text: z.string().nullable(),
  photo: z
    .object({ id: z.number().int(), status: photoStatus, url: z.string().nullable() })
    .nullable(),
});
export type LiveContent = z.infer<typeof liveContent>;

const staffRef = z.object({ id: z.number().int(), name: z.string().nullable() }).nullable();

export const historyComplaint = z.object({
  id: z.number().int(),
  about: z.enum(COMPLAINT_ABOUT),
  status: complaintStatus,
  resolution: complaintResolution.nullable(),
  subject: z.string(),
  created_at: z.string(),
});
export const memberBan = z.object({
  id: z.number().int(),
  reason: z.string(),
  complaint_id: z.number().int().nullable(),
  created_at: z.string(),
  by: staffRef,
  lifted_at: z.string().nullable(),
  lifted_by: staffRef,
  lift_reason: z.string().nullable(),
});
export type MemberBan = z.infer<typeof memberBan>;
export const memberWarning = z.object({
  id: z.number().int(),
  reason: z.string(),
  complaint_id: z.number().int().nullable(),
  created_at: z.string(),
  by: staffRef,
});

/** A member's record with staff: complaints by and against them, bans, warnings (newest first). */
export const moderationHistory = z.object({
  member: memberRef,
  complaints_made: z.array(historyComplaint),
  complaints_received: z.array(historyComplaint),
  bans: z.array(memberBan),
  warnings: z.array(memberWarning),
});
export type ModerationHistory = z.infer<typeof moderationHistory>;

/** GET /api/staff/complaints/{id} (and the answer of every action). */
export const complaintDetailResponse = z.object({
  complaint: inboxComplaint.extend({
    message: z.string(),
    /** A visitor's address to answer at (members are answered through the site). */
    reporter_email: z.string().nullable(),
    /** What was reported, as it was at the time. */
    snapshot: reportedContent.nullable(),
    /** The snapshot's photo, for staff (signed URL), when it still exists. */
    snapshot_photo_url: z.string().nullable(),
    live: liveContent.nullable(),
    handled_by: staffRef,
    handled_at: z.string().nullable(),
    /** Which actions are possible now. */
    actions: z.array(complaintAction),
  }),
  reporter_history: moderationHistory.nullable(),
  reported_history: moderationHistory.nullable(),
});
export type ComplaintDetailResponse = z.infer<typeof complaintDetailResponse>;

/** POST /api/staff/complaints/{id}/action */
/**
 * `reason` is told to the member in the statement of reasons of a warning, hiding or ban;
 * `ground` names the terms' rule it rests on (DECISION_GROUNDS; house_rules when not given).
 */
export const complaintActionBody = z.object({
  action: complaintAction,
  reason: moderationReason,
  ground: decisionGround.optional(),
});
export type ComplaintActionRequest = z.infer<typeof complaintActionBody>;

/** POST /api/staff/members/{id}/ban and /unban ({id}: the member's user id). */
export const memberBanBody = z.object({
  reason: moderationReason,
  ground: decisionGround.optional(),
});
export type MemberBanRequest = z.infer<typeof memberBanBody>;

export const memberBanResponse = z.object({ history: moderationHistory });
export type MemberBanResponse = z.infer<typeof memberBanResponse>;
