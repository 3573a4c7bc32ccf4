/**
 * The push state of SPEC point 3: isCapable, isSubscribed, lastMessage, and the subscription
 * value unknown (null before it is read), 'subscribed', false (not subscribed) or 'denied'
 * (the browser blocks notifications for the site). One store for the page, read with
 * useSyncExternalStore by every component that shows it.
 */
import type { PushPayload, PushSubscriptionRequest } from '@app/contract';
import { deletePushSubscription, savePushSubscription } from './api/push';

export type PushSubscriptionValue = null | 'subscribed' | false | 'denied';

export interface PushStore {
  subscription: PushSubscriptionValue;
  /** The last push the service worker reported while this page was open. */
  lastMessage: PushPayload | null;
  /** A subscribe or unsubscribe is under way. */
  busy: boolean;
  /** The last subscribe or unsubscribe failed (the push error text shows). */
  failed: boolean;
}

let store: PushStore = { subscription: null, lastMessage: null, busy: false, failed: false };
const listeners = new Set<() => void>();

function update(change: Partial<PushStore>): void {
  store = { ...store, ...change };
  for (const listener of listeners) listener();
}

export function subscribePushStore(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pushStore(): PushStore {
  return store;
}

/** For tests: the state of a fresh page. */
export function resetPushStore(): void {
  store = { subscription: null, lastMessage: null, busy: false, failed: false };
}

/** Called for each push the service worker tells this page about. */
export function recordPushMessage(payload: PushPayload | null): void {
  if (payload) update({ lastMessage: payload });
}

/** Service worker, Push API and Notification API, and a VAPID key from the server. */
export function pushCapable(publicKey: string | null): boolean {
  return (
    !!publicKey &&
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function permission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** How long subscribing waits for the service worker to be installed (on a first visit). */
const WORKER_WAIT_MS = 10_000;

/** The active service worker's registration, waiting for its install on a first visit. */
async function readyRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Reads the subscription value from the browser. A subscription this browser holds is sent to
 * the server again (once a page load), so it belongs to the member logged in now.
 */
export async function readPushSubscription(): Promise<void> {
  try {
    if (permission() === 'denied') return update({ subscription: 'denied' });
    const current = await (await registration())?.pushManager.getSubscription();
    if (!current) return update({ subscription: false });
    update({ subscription: 'subscribed' });
    await savePushSubscription(current.toJSON() as PushSubscriptionRequest).catch(() => undefined);
  } catch {
    update({ subscription: false });
  }
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser's permission, subscribes with the server's VAPID key and stores the
 * subscription on the server. A refused permission makes the value 'denied'; a failure on the
 * way leaves no half subscription (the browser's is dropped again) and shows the error text.
 */
export async function turnPushOn(publicKey: string): Promise<void> {
  update({ busy: true, failed: false });
  try {
    const answer = await Notification.requestPermission();
    if (answer !== 'granted') {
      update({ busy: false, subscription: answer === 'denied' ? 'denied' : false });
      return;
    }
    const found = await readyRegistration();
    if (!found) throw new Error('no service worker');
    const subscription = await found.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
    try {
      await savePushSubscription(subscription.toJSON() as PushSubscriptionRequest);
    } catch (error) {
      await subscription.unsubscribe().catch(() => false);
      throw error;
    }
    update({ busy: false, subscription: 'subscribed' });
  } catch {
    update({ busy: false, failed: true });
  }
}

/** Tells the server to stop, then drops the browser's subscription. */
export async function turnPushOff(): Promise<void> {
  update({ busy: true, failed: false });
  try {
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (subscription) {
      await deletePushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
    }
    update({ busy: false, subscription: permission() === 'denied' ? 'denied' : false });
  } catch {
    update({ busy: false, failed: true });
  }
}

/**
 * Before logging out: this browser stops receiving the member's pushes (the next person on it
 * must not see them). Errors are ignored; logging out goes on.
 */
export async function leavePush(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (!subscription) return;
    await deletePushSubscription(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // logging out goes on
  } finally {
    update({ subscription: null, lastMessage: null, failed: false });
  }
}
