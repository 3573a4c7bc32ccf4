/**
 * What the service worker (web/src/sw.ts) and the pages say to each other, and how a push
 * becomes a notification. Plain functions without browser globals, so jest tests them.
 */
import type { PushKind, PushPayload } from '@app/contract/api/push';

/** The contract's push kinds, typed against it (a value import would bring zod into the worker). */
const KINDS: Record<PushKind, true> = {
  message: true,
  conversation: true,
  like: true,
  visit: true,
};

export const SW_MESSAGE = {
  /** page -> worker: the waiting version takes over (the update prompt's reload). */
  skipWaiting: 'SKIP_WAITING',
  /** worker -> pages: a push arrived; reload chats and likes. */
  push: 'push',
  /** worker -> page: show this path (a notification was clicked). */
  navigate: 'navigate',
} as const;

export type WorkerToPageMessage =
  { type: typeof SW_MESSAGE.push } | { type: typeof SW_MESSAGE.navigate; url: string };

/** Reads a message a page received from the service worker (anything else: null). */
export function readWorkerMessage(data: unknown): WorkerToPageMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; url?: unknown };
  if (message.type === SW_MESSAGE.push) return { type: SW_MESSAGE.push };
  if (
    message.type === SW_MESSAGE.navigate &&
    typeof message.url === 'string' &&
    isSitePath(message.url)
  )
    return { type: SW_MESSAGE.navigate, url: message.url };
  return null;
}

/** A path of this site ("/chats/12"), never another origin or a protocol-relative URL. */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** Whether a push's JSON is a PushPayload (the worker has no zod: the fields are checked here). */
export function isPushPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.kind === 'string' &&
    Object.hasOwn(KINDS, p.kind) &&
    typeof p.title === 'string' &&
    typeof p.body === 'string' &&
    typeof p.url === 'string' &&
    isSitePath(p.url) &&
    typeof p.tag === 'string' &&
    typeof p.badge === 'number' &&
    (p.conversation_id === undefined || typeof p.conversation_id === 'number')
  );
}

/** NotificationOptions with `renotify` (in browsers, no longer in TypeScript's DOM types). */
export type PushNotificationOptions = NotificationOptions & { renotify?: boolean };

export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/icon-96.png';

/**
 * The notification for a push: one per tag (a conversation, or the likes), a newer push
 * replacing the older and alerting again (renotify); the click opens `url`. A payload that could
 * not be read still shows a notification (browsers require one per push) that opens the chats.
 */
export function notificationOptions(payload: PushPayload | null): PushNotificationOptions {
  if (!payload)
    return { icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { url: '/chats' } };
  return {
    body: payload.body,
    tag: payload.tag,
    renotify: true,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: payload.url, kind: payload.kind, conversation_id: payload.conversation_id },
  };
}
