import { useSyncExternalStore } from 'react';

/**
 * Whether the site-entry warning is on screen, for the popups that must not cover it (the like
 * popup waits until it is answered). One page shows one warning; a count keeps a copy that
 * unmounts after another mounted from clearing it.
 */
let shown = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** The warning is on screen until the returned function is called. */
export function siteEntryWarningShown(): () => void {
  shown += 1;
  notify();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    shown -= 1;
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** True while the site-entry warning is on screen. */
export function useSiteEntryWarningShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown > 0,
    () => false,
  );
}
