import { useSyncExternalStore } from 'react';

/** Bootstrap's lg breakpoint (SPEC point 9): from here on signup opens as a modal. */
export const DESKTOP_QUERY = '(min-width: 992px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DESKTOP_QUERY)
    : null;
}

export function isDesktopNow(): boolean {
  return media()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True on a desktop-wide viewport (>= 992 px), following resizes. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, isDesktopNow, () => false);
}
