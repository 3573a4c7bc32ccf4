import { useEffect } from 'react';

export const PAGE_BOUNCE_KEY = 'page_bounce_logging';

/**
 * Page-bounce logging (SPEC point 2): a landing URL with `lb` turns it on for the browser
 * session; then, each time the page is hidden (the visitor leaves or switches away), the
 * empty-JSON beacon goes to POST /api/page-hidden.php (SPEC point 7). sendBeacon survives the
 * page being closed, which fetch does not.
 */
export function usePageBounceLogging(search: string) {
  useEffect(() => {
    try {
      if (new URLSearchParams(search).has('lb'))
        window.sessionStorage.setItem(PAGE_BOUNCE_KEY, '1');
      if (window.sessionStorage.getItem(PAGE_BOUNCE_KEY) !== '1') return;
    } catch {
      return;
    }
    const onHidden = () => {
      if (document.visibilityState !== 'hidden' || typeof navigator.sendBeacon !== 'function')
        return;
      navigator.sendBeacon('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }));
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, [search]);
}
