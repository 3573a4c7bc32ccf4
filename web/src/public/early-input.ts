import {
  PUBLIC_EARLY_ATTRIBUTE,
  PUBLIC_TAKEN_OVER_ATTRIBUTE,
  PUBLIC_TAKING_OVER_ATTRIBUTE,
} from '@app/contract';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field the visitor changed, with what it held then. */
export interface ChangedField {
  field: Field;
  value: string;
  checked: boolean;
}

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

/**
 * The fields of a server-rendered page that the visitor changed before its scripts took it over
 * (typed, ticked, chosen, or filled in by the browser's password manager). The page's state
 * does not know them yet: handToPage tells it.
 */
export function changedFields(root: ParentNode): ChangedField[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')]
    .filter((field) => {
      if (field instanceof HTMLSelectElement) {
        return [...field.options].some((option) => option.selected !== option.defaultSelected);
      }
      // a radio the visitor's choice unticked says nothing: the group's ticked one carries the
      // choice (handed over too, its 'change' would set the page's state to the old value)
      if (field instanceof HTMLInputElement && field.type === 'radio') {
        return field.checked && !field.defaultChecked;
      }
      if (isToggle(field)) return field.checked !== field.defaultChecked;
      return field.value !== field.defaultValue;
    })
    .map((field) => ({
      field,
      value: field.value,
      checked: isToggle(field) && field.checked,
    }));
}

/**
 * The page's own handlers hear of each change, as if it had been made now (taking the page over
 * may have written a field's value from the page's state: it is put back first).
 */
export function handToPage(changed: ChangedField[], doc: Document = document): void {
  for (const { field: read, value, checked } of changed) {
    // the page may have put the field anew where it stood (its first render decided otherwise
    // than the server's, e.g. the signup form moved into the desktop's modal): the same field
    const field = read.isConnected ? read : sameField(read, doc);
    if (!field) continue;
    // the element's own property first, then the prototype's setter: a value tracker on the
    // element (React's) sees a change, the page's handler the value (Preact keeps none)
    const proto = Object.getPrototypeOf(field) as object;
    if (isToggle(field)) {
      field.checked = !checked;
      Object.getOwnPropertyDescriptor(proto, 'checked')?.set?.call(field, checked);
    } else {
      field.value = '';
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
    }
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** The field now on the page with the id, or else the name (and a radio's value), of `field`. */
function sameField(field: Field, doc: Document): Field | null {
  const byId = field.id ? doc.getElementById(field.id) : null;
  if (byId && byId.tagName === field.tagName) return byId as Field;
  if (!field.name) return null;
  return (
    [...doc.querySelectorAll<Field>('input, textarea, select')].find(
      (candidate) =>
        candidate.name === field.name &&
        candidate.tagName === field.tagName &&
        (!isToggle(field) || field.type !== 'radio' || candidate.value === field.value),
    ) ?? null
  );
}

/**
 * Marks the page as being taken over: from now on the early-input script also holds clicks on
 * labels, checkboxes and radios (replayEarlyInput replays them), since the page's renders would
 * undo a choice they did not hear.
 */
export function startTakingOver(doc: Document = document): void {
  doc.documentElement.setAttribute(PUBLIC_TAKING_OVER_ATTRIBUTE, '');
}

/**
 * Calls `then` once the page has settled after hydration: its effects have run and the renders
 * they caused (a hook whose first answer in the browser differs from the server's) are done.
 * Two frames, each followed by a task: the renderer flushes effects after a paint.
 */
export function whenSettled(then: () => void): void {
  const frame = (next: () => void) =>
    window.requestAnimationFrame(() => window.setTimeout(next, 0));
  frame(() => frame(then));
}

/** The held element with the lowest number: the visitor's earliest click or submit not replayed. */
function earliestHeld(doc: Document): HTMLElement | undefined {
  return [...doc.querySelectorAll<HTMLElement>(`[${PUBLIC_EARLY_ATTRIBUTE}]`)].sort(
    (a, b) =>
      Number(a.getAttribute(PUBLIC_EARLY_ATTRIBUTE)) -
      Number(b.getAttribute(PUBLIC_EARLY_ATTRIBUTE)),
  )[0];
}

/**
 * Replays, in order, what the early-input script held (a button's or a label's click, a form's
 * submit), each in a task of its own so the page renders what it heard before the next (a
 * "Volgende" pressed after a choice checks the step with the choice), then marks the page taken
 * over (the script stops holding). A click the visitor makes meanwhile is held and replayed in
 * its turn; the replayed ones pass the script (the page counts as taken over while each runs).
 */
export async function replayEarlyInput(doc: Document = document): Promise<void> {
  const root = doc.documentElement;
  for (let element = earliestHeld(doc); element; element = earliestHeld(doc)) {
    element.removeAttribute(PUBLIC_EARLY_ATTRIBUTE);
    if (!element.isConnected) continue;
    root.setAttribute(PUBLIC_TAKEN_OVER_ATTRIBUTE, '');
    try {
      if (element instanceof HTMLFormElement) element.requestSubmit();
      else element.click();
    } finally {
      root.removeAttribute(PUBLIC_TAKEN_OVER_ATTRIBUTE);
    }
    await new Promise((resolve) => window.setTimeout(resolve, 0));
  }
  root.setAttribute(PUBLIC_TAKEN_OVER_ATTRIBUTE, '');
  root.removeAttribute(PUBLIC_TAKING_OVER_ATTRIBUTE);
}
