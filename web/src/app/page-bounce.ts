import { useEffect } from 'react';

export const PAGE_BOUNCE_KEY = 'page_bounce_logging';

/**
 * Page-bounce logging (SPEC point 2): a landing URL with `lb` turns it on for the browser
 * session; then, each time the page is hidden (the visitor leaves or switches away), a JSON
 * beacon with the page's path goes to POST /api/page-hidden.php (SPEC point 7). sendBeacon survives the
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
      // the page's path in the body: the site sends no Referer (Referrer-Policy: no-referrer)
      const body = JSON.stringify({ path: window.location.pathname });
      navigator.sendBeacon('/api/page-hidden.php', new Blob([body], { type: 'application/json' }));
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, [search]);
}
