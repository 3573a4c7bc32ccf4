import type { PushKind } from '@app/contract';

/**
 * Something a member may want to hear about while away (issue 20): a message in a conversation,
 * a new conversation (its first message), a like. Written by the feature that made the change,
 * after its commit, to the notify queue; the worker hands it to every notification channel.
 */
export interface NotifyEvent {
  kind: PushKind;
  /** The member to tell. */
  recipientId: number;
  /** The member who wrote or liked. */
  actorId: number;
  /** The conversation of a message (kinds message and conversation). */
  conversationId?: number;
  /** When it happened (ISO). */
  at: string;
}

/** The preference (notification_preferences column) each kind follows. */
export const PREFERENCE_OF = {
  message: 'newMessages',
  conversation: 'newConversations',
  like: 'like',
} as const satisfies Record<PushKind, string>;
