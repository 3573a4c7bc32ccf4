import { createHash } from 'node:crypto';
import { SIGNUP_GENDERS_KEY, VISITOR_SEEKS_ATTRIBUTE } from '@app/contract';

/**
 * The visitor search's check, inline in the head of /members when the server rendered its first
 * results (issue 34, items 1 and 9). Those are the visitor's default (no gender): the gender
 * chosen at signup's first step is in this tab's sessionStorage, which the server cannot read
 * (docs/features/public-entry.md says why it is not mirrored into a cookie). When the visit holds
 * such a choice, the check marks <html> with VISITOR_SEEKS_ATTRIBUTE before the first paint,
 * which hides the default's cards (FIRST_SEARCH_ATTRIBUTE) until the page, taken over, has
 * searched the gender chosen: a man seeking men is never shown the women of the default first.
 * It reads only whether there is a choice and sends nothing; the CSP allows exactly this inline
 * script by its hash (SEARCH_CHECK_CSP_SOURCE), as the entry check's.
 */
const SCRIPT = `(function () {
  try {
    var chosen = JSON.parse(sessionStorage.getItem(${JSON.stringify(SIGNUP_GENDERS_KEY)}) || 'null');
    if (chosen && (chosen.gender || chosen.seeking_gender))
      document.documentElement.setAttribute(${JSON.stringify(VISITOR_SEEKS_ATTRIBUTE)}, '');
  } catch (e) {}
})();
`;

/** The script's CSP source expression: the SHA-256 of exactly the text in the tag. */
export const SEARCH_CHECK_CSP_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The tag, in the head of the visitor search when it comes with its first results. */
export const SEARCH_CHECK_TAG = `<script>${SCRIPT}</script>`;
