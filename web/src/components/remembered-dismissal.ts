import { useState } from 'react';

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false; // storage unavailable: shown
  }
}

/**
 * An alert's dismissal, remembered in localStorage under `key` (SPEC point 2: each alert of the
 * default layout is dismissible with the dismissal remembered). Without storage the alert stays
 * hidden for this page view only.
 */
export function useRememberedDismissal(key: string | null): [boolean, () => void] {
  const [dismissedNow, setDismissedNow] = useState<string | null>(null);
  const dismissed = key !== null && (dismissedNow === key || read(key));
  const dismiss = () => {
    if (key === null) return;
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // hidden for this page view only
    }
    setDismissedNow(key);
  };
  return [dismissed, dismiss];
}
