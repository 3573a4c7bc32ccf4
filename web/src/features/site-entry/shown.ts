import { useSyncExternalStore } from 'react';

/**
 * Whether the site-entry warning is on screen, for the popups that must not cover it (the like
 * popup waits until it is answered). A count: a copy that unmounts after another mounted does not
 * clear it.
 */
let shown = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The warning is on screen until the returned function is called (once: an effect's cleanup). */
export function siteEntryWarningShown(): () => void {
  shown += 1;
  notify();
  return () => {
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
