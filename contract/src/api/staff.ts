import { z } from 'zod';
import { AFFILIATE_NETWORK_ACTIONS } from './staff-traffic';
import { dbId, emailField, passwordField } from './fields';
import { STAFF_ACCOUNT_ACTIONS } from './staff-account-actions';
import { CATALOGUE_ACTIONS } from './staff-catalogue';
import { CAMPAIGN_ACTIONS } from './staff-campaigns';
import { INSPECTION_ACTIONS } from './staff-inspection';
import { MODERATION_AUDIT_ACTIONS } from './staff-moderation';
import { VERIFICATION_ACTIONS } from './verification';
import { SCAM_AUDIT_ACTIONS } from './staff-scams';
import { BOOKKEEPING_AUDIT_ACTIONS } from './staff-bookkeeping';
import { JOBS_AUDIT_ACTIONS } from './staff-jobs';
import { OPERATOR_TOOL_ACTIONS } from './staff-operators';
import { PERSONA_AUDIT_ACTIONS } from './staff-personas';

/**
 * The staff side (the console at /admin): its own sign-in with a second factor, its own session
 * cookie, roles, and the audit log. Routes live under /api/staff/.
 */

/** admin: everything; moderator: photos, profile texts, complaints, bans; operator: the chat
 * partners' inbox only (never a member's e-mail, address or payments). */
export const STAFF_ROLES = ['admin', 'moderator', 'operator'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRoleName = z.infer<typeof staffRole>;

/** The staff session cookie: HttpOnly, SameSite=Strict, its own table (staff_sessions). */
export const STAFF_COOKIE = 'ssid';
/** A staff session ends this long after it began, whatever happens... */
export const STAFF_SESSION_HOURS = 12;
/** ...and after this long without a request. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
/** Between the password and the second factor's code. */
export const STAFF_CHALLENGE_MINUTES = 5;
/** Codes tried against one challenge before it is spent. */
export const STAFF_CODE_TRIES = 5;
/** One-time recovery codes given at enrollment. */
export const STAFF_RECOVERY_CODES = 10;

/** POST /api/staff/login */
export const staffLoginBody = z.object({ email: emailField, password: passwordField });
export type StaffLoginRequest = z.infer<typeof staffLoginBody>;

/**
 * The password was right: `code` asks for the authenticator's code (or a recovery code);
 * `enroll` (no second factor yet) shows the new secret as a QR code and asks for its first code.
 */
export const staffLoginResponse = z.object({
  challenge: z.string(),
  step: z.enum(['code', 'enroll']),
  enroll: z
    .object({
      /** Base32, for typing into an authenticator that cannot scan. */
      secret: z.string(),
      /** otpauth://totp/... */
      uri: z.string(),
      /** The URI as a QR code, an SVG document. */
      qr_svg: z.string(),
    })
    .nullable(),
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

/** POST /api/staff/login-code: a 6-digit code, or a recovery code (`xxxxx-xxxxx`). */
export const staffCodeBody = z.object({
  challenge: z.string().min(16).max(100),
  code: z.string().trim().min(6).max(32),
});
export type StaffCodeRequest = z.infer<typeof staffCodeBody>;

export const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  roles: z.array(staffRole),
});
export type StaffMember = z.infer<typeof staffMember>;

/**
 * GET /api/staff/me: the signed-in staff member, or null; with the number of unused recovery
 * codes (0: the console asks for new ones, e.g. after the codes of before 2026-11-28 were
 * withdrawn).
 */
export const staffMeResponse = z.object({
  staff: staffMember.nullable(),
  recovery_codes_left: z.number().int().min(0).optional(),
});
export type StaffMeResponse = z.infer<typeof staffMeResponse>;

/** The answer of a completed sign-in; recovery codes only right after enrolling (shown once). */
export const staffSignedInResponse = z.object({
  staff: staffMember,
  recovery_codes: z.array(z.string()).nullable(),
});
export type StaffSignedInResponse = z.infer<typeof staffSignedInResponse>;

/**
 * POST /api/staff/recovery-codes: new recovery codes for the signed-in staff member (the old
 * ones stop working), confirmed with a code of the authenticator app; shown once.
 */
export const staffRecoveryCodesBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export type StaffRecoveryCodesRequest = z.infer<typeof staffRecoveryCodesBody>;
export const staffRecoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type StaffRecoveryCodesResponse = z.infer<typeof staffRecoveryCodesResponse>;

/**
 * A console request the staff member did not make themselves (a poll, a reload after a queue
 * event) carries this header; it does not count as activity for the idle timeout.
 */
export const STAFF_BACKGROUND_HEADER = 'X-Staff-Background';

// ------------------------------------------------------------------------------------ audit

/**
 * What staff do, as the audit log names it. Every staff action writes one row (who, what, on
 * whom, before and after, when) in the transaction that does it. The server can write no other
 * name (AuditRecord's `action` is a StaffAction), and the console has a label for each in every
 * language (web/src/admin/app/audit-labels.test.ts): a new action goes here first.
 */
export const STAFF_ACTIONS = [
  'staff.sign_in',
  'staff.sign_out',
  'staff.second_factor_enrolled',
  'staff.recovery_code_used',
  'staff.recovery_codes_renewed',
  ...STAFF_ACCOUNT_ACTIONS,
  // the members area (staff-members.ts)
  'member.credits_adjusted',
  'member.payment_refunded',
  'member.sessions_ended',
  'member.reactivated',
  'member.erased',
  'partner.created',
  'partner.updated',
  'partner.photo_added',
  'partner.photo_removed',
  'inbox.opened',
  'inbox.taken_over',
  'inbox.replied',
  'inbox.note_added',
  'member.vulnerable_flagged',
  'member.vulnerable_unflagged',
  // the operators' library, gifts, next conversation and review (staff-operators.ts)
  ...OPERATOR_TOOL_ACTIONS,
  // persona sheets, notes per conversation, canned replies (staff-personas.ts)
  ...PERSONA_AUDIT_ACTIONS,
  ...MODERATION_AUDIT_ACTIONS,
  ...SCAM_AUDIT_ACTIONS,
  ...INSPECTION_ACTIONS,
  ...VERIFICATION_ACTIONS,
  // the catalogue (invites, discount codes, credit packages, gifts) and the site's settings
  ...CATALOGUE_ACTIONS,
  // campaigns (staff-campaigns.ts)
  ...CAMPAIGN_ACTIONS,
  // bookkeeping exports and the queues' failed jobs
  ...BOOKKEEPING_AUDIT_ACTIONS,
  ...JOBS_AUDIT_ACTIONS,
  // the affiliate networks' postbacks (staff-traffic.ts)
  ...AFFILIATE_NETWORK_ACTIONS,
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** GET /api/staff/audit (admin): newest first, a page at a time, filtered. */
export const auditQuery = z.object({
  action: z.string().trim().max(64).optional(),
  actor: dbId.optional(),
  target: dbId.optional(),
  /** The next page: entries older than this id (`next_before` of the previous page). */
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/)
    .optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const AUDIT_PAGE = 50;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  actor_roles: z.array(staffRole),
  action: z.string(),
  target_user_id: z.number().int().nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  entries: z.array(auditEntry),
  next_before: z.string().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;
