import { createHash } from 'node:crypto';
import {
  PUBLIC_EARLY_ATTRIBUTE,
  PUBLIC_TAKEN_OVER_ATTRIBUTE,
  PUBLIC_TAKING_OVER_ATTRIBUTE,
} from '@app/contract';

/**
 * The early-input script, inline in the head of every page the public entry serves (issue 34,
 * item 9: the login, signup and search forms come rendered by the server, usable to the eye
 * before the page's scripts have taken them over). Until <html> carries
 * PUBLIC_TAKEN_OVER_ATTRIBUTE it holds what would otherwise be lost or go wrong:
 * - a click on a button of the page (the scripts that answer it are not there yet): its default
 *   (a form's submit) is prevented and the button numbered with PUBLIC_EARLY_ATTRIBUTE;
 * - a form's submit by other means: never sent by the browser itself (a login form has no action
 *   of its own: it would put the password into the address), numbered the same way;
 * - once the entry has read the fields (<html> carries PUBLIC_TAKING_OVER_ATTRIBUTE), a click on
 *   a label, a checkbox or a radio too: the page is rendered again meanwhile, which would undo a
 *   choice it did not hear (a second click on the same checkbox takes the first back).
 * The public entry (web/src/public/early-input.ts) replays them in order once it has taken the
 * page over; what was typed into the fields stays and is handed to the page. The CSP allows
 * exactly this inline script by its hash (EARLY_INPUT_CSP_SOURCE), as the entry check's.
 */
const SCRIPT = `(function () {
  var root = document.documentElement;
  var count = 0;
  var early = ${JSON.stringify(PUBLIC_EARLY_ATTRIBUTE)};
  function hold(event, element, toggles) {
    if (!element || root.hasAttribute(${JSON.stringify(PUBLIC_TAKEN_OVER_ATTRIBUTE)})) return;
    event.preventDefault();
    if (!element.hasAttribute(early)) element.setAttribute(early, String(++count));
    else if (toggles) element.removeAttribute(early);
  }
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    var button = target.closest('#root button');
    if (button || !root.hasAttribute(${JSON.stringify(PUBLIC_TAKING_OVER_ATTRIBUTE)})) {
      hold(event, button, false);
      return;
    }
    var choice = target.closest('#root label, #root input[type=checkbox], #root input[type=radio]');
    var control = choice && choice.tagName === 'LABEL' ? choice.control : choice;
    hold(event, choice, !!control && control.type === 'checkbox');
  }, true);
  document.addEventListener('submit', function (event) {
    hold(event, event.target);
  }, true);
})();
`;

/** The script's CSP source expression: the SHA-256 of exactly the text in the tag. */
export const EARLY_INPUT_CSP_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The tag, in the head of every page the public entry serves. */
export const EARLY_INPUT_TAG = `<script>${SCRIPT}</script>`;
