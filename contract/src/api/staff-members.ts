import { z } from 'zod';
import { dbId } from './fields';
import { paymentStatus } from './payments';
import { staffRole } from './staff';

/**
 * The console's members area (admins only): search by name, e-mail or id, a member's page
 * (profile, photos, payments, credit ledger, sessions, complaints, audit rows) and the actions on
 * an account (adjust credits, end sessions, reactivate, erase now). Routes under
 * /api/staff/members. Every action writes an audit row.
 */

/** Search results a page. */
export const MEMBER_SEARCH_PAGE = 20;
/** Each list of a member's page shows this many, newest first. */
export const MEMBER_PAGE_LIST = 50;
/** One adjustment gives or takes at most this many credits. */
export const MAX_CREDIT_ADJUSTMENT = 100_000;
/** A name search needs this many characters (shorter: a prefix of the name). */
export const MEMBER_NAME_SEARCH_MIN = 3;

/** GET /api/staff/members?q=: digits are an id, text with @ an e-mail address, else a name. */
export const memberSearchQuery = z.object({
  q: z.string().trim().min(1).max(254),
  /** The next page: members with a lower id than this (`next_after` of the previous page). */
  after: dbId.optional(),
});
export type MemberSearchQuery = z.input<typeof memberSearchQuery>;

export const ACCOUNT_STATUSES = [
  'not_confirmed',
  'confirmed',
  'deleted',
  'purged',
  'banned',
] as const;
export const accountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatus>;

export const memberSearchHit = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  status: accountStatus,
  profile_status: z.enum(['disabled', 'active', 'hidden']).nullable(),
  credits: z.number().int(),
  signup_date: z.string(),
  thumb_url: z.string().nullable(),
});
export type MemberSearchHit = z.infer<typeof memberSearchHit>;

export const memberSearchResponse = z.object({
  /** How the query was read. */
  by: z.enum(['id', 'email', 'name']),
  members: z.array(memberSearchHit),
  next_after: z.number().int().nullable(),
});
export type MemberSearchResponse = z.infer<typeof memberSearchResponse>;

const isoDate = z.string();

export const staffMemberPhoto = z.object({
  id: z.number().int(),
  status: z.enum(['under_inspection', 'active', 'rejected']),
  main: z.boolean(),
  rejected_reason: z.string().nullable(),
  thumb_url: z.string(),
  full_url: z.string(),
  created_at: isoDate,
});

export const staffMemberSession = z.object({
  id: z.string(),
  created_at: isoDate,
  last_seen_at: isoDate,
  expires_at: isoDate,
  ip: z.string().nullable(),
  /** Browser and system read from the user agent ("Firefox on Windows"). */
  device: z.string(),
  user_agent: z.string().nullable(),
});

export const staffMemberPayment = z.object({
  id: z.number().int(),
  payment_id: z.string(),
  method: z.string(),
  status: paymentStatus,
  credits: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  reversed_cents: z.number().int(),
  /**
   * What an admin may still refund: the amount less what is reversed and less refunds asked of
   * the provider and not yet answered; 0 for a payment that was never paid.
   */
  refundable_cents: z.number().int(),
  created_at: isoDate,
  paid_at: isoDate.nullable(),
});

/** A refund or chargeback booked on one of the member's payments, with its credits. */
export const staffMemberReversal = z.object({
  id: z.number().int(),
  /** The payment's row id (as `payments[].id`). */
  payment: z.number().int(),
  kind: z.enum(['refund', 'chargeback']),
  amount_cents: z.number().int(),
  currency: z.string(),
  /** Credits taken from the balance for it. */
  credits_taken: z.number().int(),
  /** Its share that was already spent and could not be taken back. */
  credits_short: z.number().int(),
  created_at: isoDate,
  /**
   * When the provider reported it failed or cancelled (a refund) or reversed (a chargeback)
   * after it was booked: it was unbooked then, its credits given back; null while it stands.
   */
  undone_at: isoDate.nullable(),
});

export const staffLedgerEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  created_at: isoDate,
});

export const staffMemberComplaint = z.object({
  id: z.number().int(),
  /** by: the member complained; against: the complaint is about the member. */
  side: z.enum(['by', 'against']),
  about: z.string(),
  subject: z.string(),
  status: z.string(),
  created_at: isoDate,
});

export const staffMemberAuditRow = z.object({
  id: z.string(),
  at: isoDate,
  actor_id: z.number().int().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});

/** GET /api/staff/members/:id */
export const staffMemberPage = z.object({
  member: z.object({
    id: z.number().int(),
    email: z.string().nullable(),
    status: accountStatus,
    banned: z.boolean(),
    credits: z.number().int(),
    paid_user: z.boolean(),
    language: z.string(),
    roles: z.array(staffRole),
    signup_date: isoDate,
    confirmed_at: isoDate.nullable(),
    last_login_at: isoDate.nullable(),
    last_seen_at: isoDate.nullable(),
    deleted_at: isoDate.nullable(),
    signup_ip: z.string().nullable(),
    /** A deletion in its 14 days: when the purge runs. */
    purge_at: isoDate.nullable(),
    reactivatable: z.boolean(),
  }),
  profile: z
    .object({
      name: z.string(),
      status: z.enum(['disabled', 'active', 'hidden']),
      gender: z.string(),
      date_of_birth: z.string(),
      country: z.string(),
      city: z.string().nullable(),
      about: z.string().nullable(),
      invisible: z.boolean(),
      privacy_mode: z.boolean(),
      fictional: z.boolean(),
    })
    .nullable(),
  photos: z.array(staffMemberPhoto),
  payments: z.array(staffMemberPayment),
  /** Refunds and chargebacks of those payments, newest first. */
  reversals: z.array(staffMemberReversal),
  ledger: z.array(staffLedgerEntry),
  sessions: z.array(staffMemberSession),
  complaints: z.array(staffMemberComplaint),
  audit: z.array(staffMemberAuditRow),
  /**
   * Other accounts that look like the same person (issue 35), with the signals they share:
   * `device` (the same browser) and `payment` (the same payment instrument) make welcome
   * discount, time bonus and free conversations once per person; `address_range` (the signup's
   * IPv4 /24 or IPv6 /64) is shown only, never acted on.
   */
  linked_accounts: z.array(
    z.object({
      id: z.number().int(),
      email: z.string().nullable(),
      status: accountStatus,
      kinds: z.array(z.enum(['device', 'address_range', 'payment'])),
    }),
  ),
});
export type StaffMemberPage = z.infer<typeof staffMemberPage>;

const staffReason = z.string().trim().min(3).max(500);

/** POST /api/staff/members/:id/credits (Idempotency-Key required): + gives, - takes. */
export const creditAdjustmentBody = z.object({
  amount: z
    .number()
    .int()
    .min(-MAX_CREDIT_ADJUSTMENT)
    .max(MAX_CREDIT_ADJUSTMENT)
    .refine((amount) => amount !== 0, { message: 'not 0' }),
  reason: staffReason,
});
export type CreditAdjustmentRequest = z.infer<typeof creditAdjustmentBody>;

export const creditAdjustmentResponse = z.object({
  credits: z.number().int(),
  ledger_id: z.number().int(),
});
export type CreditAdjustmentResponse = z.infer<typeof creditAdjustmentResponse>;

/**
 * POST /api/staff/members/:id/payments/:payment/refund (Idempotency-Key required, a UUID): an
 * admin's refund of a paid payment, in full or in part, through the provider; the credits are
 * taken back as far as they are unspent (contract reversalCredits).
 */
export const paymentRefundBody = z.object({
  amount_cents: z.number().int().min(1).max(100_000_000),
  reason: staffReason,
});
export type PaymentRefundRequest = z.infer<typeof paymentRefundBody>;

export const paymentRefundParams = z.object({ id: dbId, payment: dbId });

export const paymentRefundResponse = z.object({
  refund: z.object({
    amount_cents: z.number().int(),
    currency: z.string(),
    /** The provider's reference of the refund. */
    provider_ref: z.string(),
    credits_taken: z.number().int(),
    credits_short: z.number().int(),
  }),
  /** The member's balance after it. */
  credits: z.number().int(),
  payment: staffMemberPayment,
});
export type PaymentRefundResponse = z.infer<typeof paymentRefundResponse>;

/** POST /api/staff/members/:id/end-sessions */
export const endSessionsBody = z.object({ reason: staffReason });
export const endSessionsResponse = z.object({ ended: z.number().int() });
export type EndSessionsResponse = z.infer<typeof endSessionsResponse>;

/** POST /api/staff/members/:id/reactivate */
export const reactivateBody = z.object({ reason: staffReason });
export const reactivateResponse = z.object({ status: accountStatus });

/**
 * POST /api/staff/members/:id/erase: the purge of GDPR article 17 now. `confirm_id` is the
 * member's id as the admin typed it. No free-text reason: the audit row keeps nothing of the
 * erased member.
 */
export const eraseBody = z.object({ confirm_id: z.string().trim().max(20) });
export const eraseResponse = z.object({ status: z.literal('purged') });
