import { createHash } from 'node:crypto';
import {
  SITE_ENTRY_ANSWERED_CLASS,
  SITE_ENTRY_PROCEED_ATTRIBUTE,
  SITE_ENTRY_SKIP_KEY,
} from '@app/contract';

/**
 * The entry warning's check, inline in the head of a public page that brings the warning
 * rendered in (issue 21: the warning is painted with the page, not after its scripts). It runs
 * before the page is painted, with no request of its own (the CSP allows exactly this inline
 * script, by its hash: ENTRY_CHECK_CSP_SOURCE), and does what the page cannot do before its own
 * scripts have run:
 * - a browser that answered the warning before (its skip timestamp, web/src/features/site-entry/
 *   rules.ts) or that runs the installed app marks <html>, which hides the rendered warning, so
 *   it never flashes;
 * - "I am 18+" answers the warning even when pressed before the page's scripts have run
 *   (stores the timestamp and hides it; the page then finds the warning answered).
 */
const SCRIPT = `(function () {
  var root = document.documentElement;
  var key = ${JSON.stringify(SITE_ENTRY_SKIP_KEY)};
  function answered() { root.classList.add(${JSON.stringify(SITE_ENTRY_ANSWERED_CLASS)}); }
  try {
    if (Number(localStorage.getItem(key)) > 0) answered();
  } catch (e) {}
  if (window.matchMedia && matchMedia('(display-mode: standalone)').matches) answered();
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || !target.closest || !target.closest('[${SITE_ENTRY_PROCEED_ATTRIBUTE}]')) return;
    try { localStorage.setItem(key, String(Date.now())); } catch (e) {}
    answered();
  });
})();
`;

/** The script's CSP source expression: the SHA-256 of exactly the text in the tag. */
export const ENTRY_CHECK_CSP_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The tag, in the head of a page that brings the warning. */
export const ENTRY_CHECK_TAG = `<script>${SCRIPT}</script>`;
