import type { EmailTokenType } from '../generated/prisma/client';
import {
  ACTIVATION_TOKEN_DAYS,
  DATA_EXPORT_LINK_HOURS,
  MAIL_CHANGE_TOKEN_HOURS,
  RESET_TOKEN_MINUTES,
  APPEAL_WINDOW_DAYS,
} from '@app/contract';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long an e-mail change can be undone from the link sent to the previous address. */
export const MAIL_CHANGE_CANCEL_DAYS = 7;
/** How long the link in a "your account is locked" mail stays usable. */
export const LOGIN_UNLOCK_TOKEN_HOURS = 24;

/**
 * Every mail the site sends. Texts are `mail.<template>_subject` / `mail.<template>_body` in the
 * server catalogues. A template with a link names the token type the worker issues for it when
 * the mail is sent (never earlier), how long it lives and the page it opens.
 */
export const MAIL_TEMPLATES = {
  activation: {
    token: 'activation',
    lifetimeMs: ACTIVATION_TOKEN_DAYS * DAY_MS,
    path: '/api/activate.php',
    to: 'account',
  },
  reset: {
    token: 'password_reset',
    lifetimeMs: RESET_TOKEN_MINUTES * MINUTE_MS,
    path: '/reset-password/do',
    to: 'account',
  },
  mail_change: {
    token: 'email_change',
    lifetimeMs: MAIL_CHANGE_TOKEN_HOURS * HOUR_MS,
    path: '/mail-change/do',
    to: 'new_email',
  },
  /** To the current address when a change is asked for: what happens, and a link to undo it. */
  mail_change_notice: {
    token: 'email_change_cancel',
    lifetimeMs: MAIL_CHANGE_CANCEL_DAYS * DAY_MS,
    path: '/mail-change/cancel',
    to: 'recipient',
  },
  /** To the previous address once the change is made, again with a link to undo it. */
  mail_changed: {
    token: 'email_change_cancel',
    lifetimeMs: MAIL_CHANGE_CANCEL_DAYS * DAY_MS,
    path: '/mail-change/cancel',
    to: 'recipient',
  },
  /** Lives until the purge date of the member's deletion request. */
  reactivation: {
    token: 'reactivation',
    lifetimeMs: 0,
    path: '/api/reactivate.php',
    to: 'account',
  },
  login_unlock: {
    token: 'login_unlock',
    lifetimeMs: LOGIN_UNLOCK_TOKEN_HOURS * HOUR_MS,
    path: '/api/login-unlock.php',
    to: 'account',
  },
  /** The member's data export is ready (data-export feature): the link downloads it once. */
  data_export: {
    token: 'data_export',
    lifetimeMs: DATA_EXPORT_LINK_HOURS * HOUR_MS,
    path: '/api/data-export-download.php',
    to: 'account',
  },
  /** A notice without a token: the password was changed; a link to reset it if that was not you. */
  password_changed: { token: null, lifetimeMs: 0, path: '/reset-password', to: 'account' },
  /** Staff warn the member after a complaint (complaints feature); links the house rules. */
  moderation_warning: { token: null, lifetimeMs: 0, path: '/ban', to: 'account' },
  /**
   * Statements of reasons (statements feature): what was decided, on which ground, and how to
   * appeal. A ban's mail carries a link that shows the banned member (who cannot log in) their
   * statements and lets them appeal, for as long as an appeal may be made.
   */
  statement: { token: null, lifetimeMs: 0, path: '/decisions', to: 'account' },
  statement_ban: {
    token: 'statement_access',
    lifetimeMs: APPEAL_WINDOW_DAYS * DAY_MS,
    path: '/decisions/access',
    to: 'account',
  },
  /** An appeal's outcome, explained. */
  appeal_decided: { token: null, lifetimeMs: 0, path: '/decisions', to: 'account' },
  /**
   * The acknowledgement of a notice of illegal content: to the member's address, or to the
   * address a visitor gave (an intent without a member).
   */
  notice_received: { token: null, lifetimeMs: 0, path: '/report', to: 'account' },
  /**
   * Notification mails (notification-mails feature): what happened while the member was away,
   * batched per quiet period; the link opens the conversation when there is one.
   */
  notify_message: { token: null, lifetimeMs: 0, path: '/chats', to: 'account' },
  notify_conversation: { token: null, lifetimeMs: 0, path: '/chats', to: 'account' },
  notify_like: { token: null, lifetimeMs: 0, path: '/likes', to: 'account' },
  /** Messages unread for more than a day (at most every few days). */
  unread_reminder: { token: null, lifetimeMs: 0, path: '/chats', to: 'account' },
  /** A few new members of the kind the member seeks, once a week. */
  weekly_update: { token: null, lifetimeMs: 0, path: '/members', to: 'account' },
  /**
   * Mails that bring members back (issue 36, point 5), each once per member (notification
   * mails sent, retention-mails.task.ts): the welcome time bonus ends within the hour; a day
   * after signup the profile still has no photo or no text; 14 and 30 days without a visit.
   */
  timebonus_ending: { token: null, lifetimeMs: 0, path: '/credits', to: 'account' },
  profile_incomplete: { token: null, lifetimeMs: 0, path: '/profile', to: 'account' },
  inactive_14: { token: null, lifetimeMs: 0, path: '/members', to: 'account' },
  inactive_30: { token: null, lifetimeMs: 0, path: '/members', to: 'account' },
  /** An admin's campaign (campaigns feature): its subject and body come from the campaign. */
  campaign: { token: null, lifetimeMs: 0, path: '/', to: 'account' },
} as const satisfies Record<
  string,
  {
    token: EmailTokenType | null;
    lifetimeMs: number;
    path: string;
    /** account: the member's address when sent; new_email / recipient: the intent's. */
    to: 'account' | 'new_email' | 'recipient';
  }
>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

/** Mails whose link changes credentials: dropped, unsent, when the credentials change. */
export const CREDENTIAL_MAILS: MailTemplate[] = [
  'activation',
  'reset',
  'mail_change',
  'login_unlock',
];

/**
 * Mails the member asked for in their notification preferences, not about their account: sent
 * only to a confirmed address while notifications_disabled is empty, each with a one-click
 * unsubscribe (RFC 8058). Every other mail (credentials, account notices, moderation warnings)
 * still goes while notifications are disabled.
 */
export const NOTIFICATION_MAILS = [
  'notify_message',
  'notify_conversation',
  'notify_like',
  'unread_reminder',
  'weekly_update',
] as const satisfies readonly MailTemplate[];
export type NotificationMail = (typeof NOTIFICATION_MAILS)[number];

/** The mails that bring members back, each under the preference it is sent under. */
export const RETENTION_MAILS = {
  timebonus_ending: 'promotions',
  profile_incomplete: 'reminders',
  inactive_14: 'reminders',
  inactive_30: 'reminders',
} as const satisfies Partial<Record<MailTemplate, 'promotions' | 'news' | 'reminders'>>;
export type RetentionMail = keyof typeof RETENTION_MAILS;
/** A switch of the notification preferences a mail that brings members back is sent under. */
export type MailingList = 'promotions' | 'news' | 'reminders';
export const MAILING_LISTS: readonly MailingList[] = ['promotions', 'news', 'reminders'];

export function isRetentionMail(template: string): template is RetentionMail {
  return Object.hasOwn(RETENTION_MAILS, template);
}

/**
 * Mails sent under a switch of the member's preferences (the retention mails and campaigns):
 * like notification mails only to a confirmed address while notifications_disabled is empty,
 * and only while that switch is on when the mail is sent; their one-click unsubscribe turns
 * that switch off.
 */
export function isListMail(template: string): boolean {
  return isRetentionMail(template) || template === 'campaign';
}

export function isNotificationMail(template: string): template is NotificationMail {
  return (NOTIFICATION_MAILS as readonly string[]).includes(template);
}

export function isMailTemplate(value: string): value is MailTemplate {
  return Object.hasOwn(MAIL_TEMPLATES, value);
}
