import { z } from 'zod';
import { emailField } from './fields';
import { PHOTO_REJECT_REASONS, TEXT_REJECT_REASONS } from './staff-inspection';
import { NAME_MAX_LENGTH } from '../constants';

/**
 * Statements of reasons and appeals (DSA art. 17 and 20), notices of illegal content (art. 16)
 * and the transparency report (art. 15, 24). Every decision that restricts a member writes a
 * statement: what was decided, about which item, on which ground (a section of the terms), and
 * whether automated means flagged it. The member may appeal once; someone other than the one who
 * decided answers before the deadline.
 */

/** The decisions that come with a statement. */
export const DECISION_KINDS = [
  'photo_rejected',
  'text_rejected',
  'content_hidden',
  'warning',
  'ban',
  /** the verified badge taken away (verification/) */
  'badge_withdrawn',
] as const;
export const decisionKind = z.enum(DECISION_KINDS);
export type DecisionKind = z.infer<typeof decisionKind>;

/** What a statement is about. */
export const STATEMENT_ITEMS = [
  'photo',
  'profile_name',
  'profile_about',
  'message',
  'account',
  'badge',
] as const;
export type StatementItem = (typeof STATEMENT_ITEMS)[number];

/**
 * The grounds of a decision, each with the section of the terms (/terms, "Algemene voorwaarden")
 * it rests on; `illegal_content` rests on the law as well. The member reads
 * `decisions.grounds.<ground>` in their language.
 */
export const DECISION_GROUNDS = {
  harassment: { section: 7 },
  scam: { section: 7 },
  contact_details: { section: 7 },
  sexual_content: { section: 7 },
  offensive_content: { section: 7 },
  impersonation: { section: 7 },
  spam: { section: 7 },
  photo_quality: { section: 7 },
  profile_rules: { section: 7 },
  copyright: { section: 7 },
  underage: { section: 2 },
  illegal_content: { section: 8 },
  house_rules: { section: 8 },
} as const satisfies Record<string, { section: number }>;
export type DecisionGround = keyof typeof DECISION_GROUNDS;
export const DECISION_GROUND_NAMES = Object.keys(DECISION_GROUNDS) as [
  DecisionGround,
  ...DecisionGround[],
];
export const decisionGround = z.enum(DECISION_GROUND_NAMES);

/** The ground of a photo rejection's reason. */
export const PHOTO_REASON_GROUNDS = {
  no_face: 'photo_quality',
  not_yourself: 'impersonation',
  nudity: 'sexual_content',
  contact_details: 'contact_details',
  poor_quality: 'photo_quality',
  offensive: 'offensive_content',
  copyright: 'copyright',
  abuse: 'illegal_content',
} as const satisfies Record<(typeof PHOTO_REJECT_REASONS)[number], DecisionGround>;

/** The ground of a profile text rejection's reason. */
export const TEXT_REASON_GROUNDS = {
  contact_details: 'contact_details',
  offensive: 'offensive_content',
  sexual: 'sexual_content',
  advertising: 'spam',
  not_a_name: 'profile_rules',
} as const satisfies Record<(typeof TEXT_REJECT_REASONS)[number], DecisionGround>;

/** Staff answer an appeal within this many days of it (shown to the member). */
export const APPEAL_DECISION_DAYS = 14;
/** A member may appeal a decision for this long after it (DSA art. 20: at least six months). */
export const APPEAL_WINDOW_DAYS = 183;
export const APPEAL_TEXT_MAX = 2000;
export const STATEMENT_EXPLANATION_MAX = 2000;
export const NOTICE_EXPLANATION_MAX = 2000;
/** The longest period one transparency report covers. */
export const TRANSPARENCY_MAX_DAYS = 366;

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export const appealOutcome = z.enum(APPEAL_OUTCOMES);
export type AppealOutcome = z.infer<typeof appealOutcome>;

export const appealView = z.object({
  id: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  due_at: z.string(),
  outcome: appealOutcome.nullable(),
  explanation: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type AppealView = z.infer<typeof appealView>;

export const statementView = z.object({
  id: z.number().int(),
  kind: decisionKind,
  item: z.enum(STATEMENT_ITEMS),
  item_id: z.number().int().nullable(),
  ground: decisionGround,
  /** The terms' section the ground rests on. */
  section: z.number().int(),
  explanation: z.string(),
  automated_detection: z.boolean(),
  decided_at: z.string(),
  reversed_at: z.string().nullable(),
  /** Until when an appeal may be made (null once appealed). */
  appeal_until: z.string().nullable(),
  appeal: appealView.nullable(),
});
export type StatementView = z.infer<typeof statementView>;

/** GET /api/statements (a member's) and GET /api/statements/access?token= (a banned member's). */
export const statementsResponse = z.object({ statements: z.array(statementView) });
export type StatementsResponse = z.infer<typeof statementsResponse>;

export { idParam as statementIdParam } from './fields';

/** POST /api/statements/{id}/appeal (and /api/statements/access/{id}/appeal?token=). */
export const appealBody = z.object({ text: z.string().trim().min(1).max(APPEAL_TEXT_MAX) });
export type AppealRequest = z.infer<typeof appealBody>;
export const appealResponse = z.object({ statement: statementView });
export type AppealResponse = z.infer<typeof appealResponse>;

export const statementAccessQuery = z.object({ token: z.string().min(10).max(200) });

/** The staff appeals queue: GET /api/staff/appeals. */
export const staffAppeal = z.object({
  id: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  due_at: z.string(),
  outcome: appealOutcome.nullable(),
  explanation: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  member: z.object({ user_id: z.number().int(), name: z.string().nullable() }),
  statement: statementView.omit({ appeal: true, appeal_until: true }).extend({
    decided_by: z.string().nullable(),
    decided_by_id: z.number().int().nullable(),
  }),
  /** Whether the caller may decide it (not theirs to judge when they made the decision). */
  decidable: z.boolean(),
});
export type StaffAppeal = z.infer<typeof staffAppeal>;
export const staffAppealsQuery = z.object({ open: z.enum(['true', 'false']).optional() });
export const staffAppealsResponse = z.object({ appeals: z.array(staffAppeal) });
export type StaffAppealsResponse = z.infer<typeof staffAppealsResponse>;

/** POST /api/staff/appeals/{id}/decide. */
export const appealDecisionBody = z.object({
  outcome: appealOutcome,
  explanation: z.string().trim().min(1).max(STATEMENT_EXPLANATION_MAX),
});
export type AppealDecisionRequest = z.infer<typeof appealDecisionBody>;
export const appealDecisionResponse = z.object({ appeal: staffAppeal });

/** GET /api/staff/transparency.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (admins; `to` inclusive). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const transparencyQuery = z.object({ from: day, to: day });
export type TransparencyQuery = z.infer<typeof transparencyQuery>;

/** The notice form's reason categories (DSA art. 16); `child_abuse` needs no name or e-mail. */
export const NOTICE_CATEGORIES = [
  'illegal_content',
  'child_abuse',
  'harassment',
  'scam',
  'impersonation',
  'sexual_content',
  'copyright',
  'underage',
  'other',
] as const;
export const noticeCategory = z.enum(NOTICE_CATEGORIES);
export type NoticeCategory = z.infer<typeof noticeCategory>;
/** The categories for which the law does not ask the reporter's name and address. */
export const ANONYMOUS_NOTICE_CATEGORIES: readonly NoticeCategory[] = ['child_abuse'];

/** POST /api/notice.php: anyone, also a visitor, reports a profile or photo. */
export const noticeRequest = z.object({
  category: noticeCategory,
  /** The exact location: the profile's or photo's address on this site. */
  location: z.string().trim().min(1).max(500),
  explanation: z.string().trim().min(1).max(NOTICE_EXPLANATION_MAX),
  name: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  email: emailField.optional(),
  good_faith: z.literal(true),
});
export type NoticeRequest = z.infer<typeof noticeRequest>;
export const noticeResponse = z.object({
  notice: z.object({ id: z.number().int(), received_at: z.string() }),
});
export type NoticeResponse = z.infer<typeof noticeResponse>;
