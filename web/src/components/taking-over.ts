/**
 * Whether the public entry (web/src/public/main.tsx) is hydrating the server's HTML right now
 * (Preact renders it synchronously). A part that needs no script there (plain links the browser
 * follows, images it loads itself: the search's result cards) may keep the server's markup as
 * it is instead of being rendered again, which is most of the page's hydration cost (Total
 * Blocking Time). The app never sets it.
 */
let hydrating = false;

export function whileTakingOver<T>(hydrate: () => T): T {
  hydrating = true;
  try {
    return hydrate();
  } finally {
    hydrating = false;
  }
}

export function isTakingOver(): boolean {
  return hydrating;
}

/**
 * An element's content as the server rendered it, kept through hydration (Preact leaves the
 * children of an element with `dangerouslySetInnerHTML` as it found them while hydrating, and
 * does not write the same `__html` again on a later render).
 */
export const KEEP_SERVER_HTML = { __html: '' };
