import { DB_INT_MAX, FREE_MAX_CONVERSATIONS } from '@app/contract';
import { AppError } from '../common/app-error';
import type { SettingsService } from '../settings';

type StoredSettings = Awaited<ReturnType<SettingsService['stored']>>;

/** The chat's settings as whole, non-negative numbers, whatever an operator stored. */
export interface ChatSettings {
  messageCredits: number;
  photoCredits: number;
  messageLength: number;
  historyDays: number;
}

function whole(value: unknown, fallback: number): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function chatSettings(stored: StoredSettings): ChatSettings {
  return {
    messageCredits: whole(stored.message_credits, 10),
    photoCredits: whole(stored.photo_credits, 15),
    messageLength: Math.max(1, whole(stored.message_length, 1000)),
    historyDays: Math.max(1, whole(stored.chat_history_days, 365)),
  };
}

/** The oldest moment of history a member still sees (SPEC point 6: older history is hidden). */
export function historyFrom(settings: ChatSettings, now = Date.now()): Date {
  return new Date(now - settings.historyDays * 86_400_000);
}

/**
 * A text as sent: surrounding white space removed; empty is `message_empty`, longer than the
 * site's message_length (counted in characters as people see them, not UTF-16 units) is
 * `message_too_long` with the maximum.
 */
export function checkedText(raw: string, settings: ChatSettings): string {
  const text = raw.trim();
  if (text.length === 0) throw new AppError('message_empty', {}, 'text');
  if ([...text].length > settings.messageLength) {
    throw new AppError(
      'message_too_long',
      { max: settings.messageLength, count: settings.messageLength },
      'text',
    );
  }
  return text;
}

/** Free members start at most FREE_MAX_CONVERSATIONS conversations (SPEC points 1 and 6). */
export function mayStartAnother(paidUser: boolean, started: number): boolean {
  return paidUser || started < FREE_MAX_CONVERSATIONS;
}

/** A send names either a conversation or a member, never both or neither. */
export function oneTarget(input: {
  conversation?: number;
  member?: number;
}): { conversation: number } | { member: number } {
  const { conversation, member } = input;
  if ((conversation === undefined) === (member === undefined)) {
    throw new AppError('validation_failed', {}, 'conversation');
  }
  // beyond PostgreSQL's integer nothing can exist
  if ((conversation ?? member ?? 0) > DB_INT_MAX) throw new AppError('not_found');
  return conversation !== undefined ? { conversation } : { member: member as number };
}

/** The pair's order in conversations.user_low_id / user_high_id. */
export function pair(a: number, b: number): { userLowId: number; userHighId: number } {
  return a < b ? { userLowId: a, userHighId: b } : { userLowId: b, userHighId: a };
}
