import { PUBLIC_EARLY_ATTRIBUTE, PUBLIC_TAKEN_OVER_ATTRIBUTE } from '@app/contract';

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
export function handToPage(changed: ChangedField[]): void {
  for (const { field, value, checked } of changed) {
    if (!field.isConnected) continue;
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

/**
 * Marks the page taken over (the early-input script in its head stops holding clicks and
 * submits) and replays, in order, what that script held: a button's click, a form's submit.
 */
export function replayEarlyInput(doc: Document = document): void {
  doc.documentElement.setAttribute(PUBLIC_TAKEN_OVER_ATTRIBUTE, '');
  const held = [...doc.querySelectorAll<HTMLElement>(`[${PUBLIC_EARLY_ATTRIBUTE}]`)].sort(
    (a, b) =>
      Number(a.getAttribute(PUBLIC_EARLY_ATTRIBUTE)) -
      Number(b.getAttribute(PUBLIC_EARLY_ATTRIBUTE)),
  );
  for (const element of held) {
    element.removeAttribute(PUBLIC_EARLY_ATTRIBUTE);
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else element.click();
  }
}
