/**
 * The like popup's link parameter (SPEC point 2, popups): `?t=<seconds>` asks for the popup after
 * that delay. Small and without dependencies: the public entry (web/src/public/main.tsx) reads it
 * on every first visit, and loads the popup's code only when it is there.
 */

/** The query parameter that asks for the like popup. */
export const LIKE_POPUP_PARAM = 't';

/** The longest delay a link may ask for (seconds). */
const MAX_DELAY_S = 3600;

/** The delay of `?t=<seconds>`, or null when absent or not a number of seconds. */
export function likePopupDelay(value: string | null): number | null {
  if (value === null || !/^\d{1,4}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds <= MAX_DELAY_S ? seconds : null;
}

/** The member whose page the popup opens on (/members/{id}/...): the one it offers, else none. */
export function likePopupPageMember(pathname: string): string | undefined {
  return /^\/members\/(\d+)/.exec(pathname)?.[1];
}

/**
 * For a page without the app's router (the public entry): takes `t` out of the address at once,
 * in place (history.replaceState: no new history entry, the other parameters, the hash and the
 * entry's state stay), so a reload or a shared link does not bring the popup back. Returns the
 * delay it asked for; null when there was none or it is not a number of seconds.
 */
export function takeLikePopupDelay(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'state' | 'replaceState'> = window.history,
): number | null {
  const params = new URLSearchParams(location.search);
  if (!params.has(LIKE_POPUP_PARAM)) return null;
  const delay = likePopupDelay(params.get(LIKE_POPUP_PARAM));
  params.delete(LIKE_POPUP_PARAM);
  const query = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${query ? `?${query}` : ''}${location.hash}`,
  );
  return delay;
}
