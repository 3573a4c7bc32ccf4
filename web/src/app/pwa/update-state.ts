/**
 * Whether a new version of the app waits to take over (its service worker installed and
 * waiting), and how to switch to it. Set by register.ts, read by the update prompt.
 */
import { useSyncExternalStore } from 'react';

let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => applyUpdate;

/** A new version waits; `apply` switches to it (the page reloads once it controls the page). */
export function offerUpdate(apply: (() => void) | null): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

/** The waiting version's switch, or null when none waits. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
