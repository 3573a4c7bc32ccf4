import { PUSH_KINDS, type PushKind } from '@app/contract';
import { z } from 'zod';

/**
 * Something a member may want to hear about while away (issue 20): a message in a conversation,
 * a new conversation (its first message), a like, a visit of the member's profile (issue 38). Written by the feature that made the change,
 * after its commit, to the notify queue; the worker hands it to every notification channel.
 */
export const notifyEvent = z.object({
  kind: z.enum(PUSH_KINDS),
  /** The member to tell. */
  recipientId: z.int().positive(),
  /** The member who wrote or liked. */
  actorId: z.int().positive(),
  /** The conversation of a message (kinds message and conversation). */
  conversationId: z.int().positive().optional(),
  /** When it happened (ISO). */
  at: z.iso.datetime(),
});
export type NotifyEvent = z.infer<typeof notifyEvent>;

/** The preference (notification_preferences column) each kind follows. */
export const PREFERENCE_OF = {
  message: 'newMessages',
  conversation: 'newConversations',
  like: 'like',
  visit: 'visits',
} as const satisfies Record<PushKind, string>;
