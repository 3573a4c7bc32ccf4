/**
 * The chat state kept between visits: the conversation a member opened last, which /chats
 * reopens on a desktop. One entry in localStorage (LAST_CHAT_KEY, listed on the cookie page),
 * holding the member's id with it, so that another member logging in on the same browser never
 * gets it. A browser that refuses storage simply keeps nothing.
 */
import { LAST_CHAT_KEY } from '@app/contract';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Remembers that `user` opened `conversation` last. */
export function rememberLastChat(
  user: number,
  conversation: number,
  storage: StorageLike | null = browserStorage(),
): void {
  try {
    storage?.setItem(LAST_CHAT_KEY, JSON.stringify({ user, conversation }));
  } catch {
    // full or refused: nothing is kept
  }
}

/** The stored entry, or null when there is none or it cannot be read. */
function stored(storage: StorageLike | null): { user: number; conversation: number } | null {
  try {
    const value = JSON.parse(storage?.getItem(LAST_CHAT_KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { user, conversation } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(user) || !Number.isSafeInteger(conversation)) return null;
    return { user: user as number, conversation: conversation as number };
  } catch {
    return null;
  }
}

/** The conversation `user` opened last, or null (none, another member's, or unreadable). */
export function lastChat(
  user: number,
  storage: StorageLike | null = browserStorage(),
): number | null {
  const entry = stored(storage);
  return entry && entry.user === user && entry.conversation > 0 ? entry.conversation : null;
}

/** Forgets the last conversation when it is `conversation` (it was removed). */
export function forgetLastChat(
  conversation: number,
  storage: StorageLike | null = browserStorage(),
): void {
  if (stored(storage)?.conversation !== conversation) return;
  try {
    storage?.removeItem(LAST_CHAT_KEY);
  } catch {
    // refused: the reopening checks the list anyway
  }
}
