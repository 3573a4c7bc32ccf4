import { z } from 'zod';

// ---------------------------------------------------------------- notification preferences

/** SPEC point 3, Notification preferences: which mails (and pushes) a member wants. */
export const NOTIFICATION_PREFERENCES = [
  'new_conversations',
  'new_messages',
  'like',
  'visits',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCES)[number];

/**
 * Why no e-mail reaches a member (SPEC point 3, User.notifications_disabled): the address was
 * marked as spam (feedback loop), the mail bounced, or the member unsubscribed in the mail client.
 */
export const NOTIFICATION_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export const notificationDisabledReason = z.enum(NOTIFICATION_DISABLED_REASONS);
export type NotificationDisabledReason = z.infer<typeof notificationDisabledReason>;

export const notificationPreferences = z.object({
  new_conversations: z.boolean(),
  new_messages: z.boolean(),
  like: z.boolean(),
  /** Someone viewed the member's profile (push and the live notice; never mailed). */
  visits: z.boolean(),
  unread_message_reminders: z.boolean(),
  promotions: z.boolean(),
  weekly_updates: z.boolean(),
  news: z.boolean(),
  reminders: z.boolean(),
}) satisfies z.ZodType<Record<NotificationPreferenceKey, boolean>>;
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * GET /api/notifications.php (and the answer of PUT and of POST ?enable_email=1): the member's
 * preferences and why e-mail is off, if it is.
 */
export const notificationSettingsResponse = z.object({
  preferences: notificationPreferences,
  notifications_disabled: z.array(notificationDisabledReason),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponse>;

/** PUT /api/notifications.php: the preferences to change (at least one; unknown keys refused). */
export const notificationPreferencesUpdate = notificationPreferences
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty' });
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdate>;

/**
 * POST /api/notifications.php?enable_email=1: the member wants e-mail again after a bounce, a
 * spam report or an unsubscribe (clears notifications_disabled).
 */
export const enableEmailQuery = z.object({ enable_email: z.literal('1') });
export type EnableEmailQuery = z.infer<typeof enableEmailQuery>;

// ---------------------------------------------------------------- sessions

/** One place the member is logged in (GET /api/sessions.php). */
export const memberSession = z.object({
  id: z.string(),
  /** Browser name and major version from the user agent ('' when unknown). */
  browser: z.string(),
  /** Operating system (and version) from the user agent ('' when unknown). */
  os: z.string(),
  /** 'mobile', 'tablet' or '' (a computer, or unknown). */
  device: z.string(),
  /** ISO country of the GeoIP header at login, or null (the web shows its name). */
  country: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session of this request's browser. */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSession>;

/** GET /api/sessions.php: the member's live sessions, the current one first, then latest seen. */
export const sessionsResponse = z.object({ sessions: z.array(memberSession) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

/** DELETE /api/session.php: ends one of the member's own sessions (404 for any other id). */
export const endSessionRequest = z.object({ session: z.uuid() });
export type EndSessionRequest = z.infer<typeof endSessionRequest>;
