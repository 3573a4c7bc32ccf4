import { z } from 'zod';

/**
 * POST /api/user.php?push=1 (SPEC point 7): the browser's push subscription as
 * `PushSubscription.toJSON()` gives it. The endpoint is the push service's URL for this browser
 * (RFC 8030); p256dh and auth are the browser's keys the server encrypts each push to (RFC 8291).
 */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // base64url: an uncompressed P-256 point (65 bytes) and a 16-byte secret
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(80)
      .max(100),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(16)
      .max(32),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** DELETE /api/user.php?push=1: this browser stops receiving pushes. */
export const pushUnsubscribeRequest = z.object({ endpoint: z.url().max(2048) });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequest>;

/** What a push is about (each kind follows its notification preference). */
export const PUSH_KINDS = ['message', 'conversation', 'like', 'visit'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The JSON payload of a push, read by the service worker. Texts are already in the member's
 * language. `tag` is the same for every push of one conversation (and one for likes), so a newer
 * push replaces the shown notification; `badge` is unread messages plus new likes (the app
 * badge); `url` is the page a click opens.
 */
export const pushPayload = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  badge: z.number().int().nonnegative(),
  conversation_id: z.number().int().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;
