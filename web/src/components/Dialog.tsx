import {
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/** What the keyboard can reach (visible or not: see tabbables). */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  'details > summary:first-of-type',
  '[tabindex]',
].join(',');

const namedRadio = (element: HTMLElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === 'radio' && element.name !== '';

/**
 * The elements of `root` that Tab stops at, in document order: of a group of radio buttons, the
 * checked one (or the first, when none is).
 */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const candidates = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest('[inert], [hidden]') &&
      // jsdom has no layout: there every element counts as shown
      (typeof element.checkVisibility !== 'function' || element.checkVisibility()),
  );
  const checkedGroups = new Set(
    candidates.filter(namedRadio).flatMap((radio) => (radio.checked ? [radio.name] : [])),
  );
  const seenGroups = new Set<string>();
  return candidates.filter((element) => {
    if (!namedRadio(element)) return true;
    if (checkedGroups.has(element.name)) return element.checked;
    if (seenGroups.has(element.name)) return false;
    seenGroups.add(element.name);
    return true;
  });
}

export interface DialogProps {
  /** Asks to close: Escape, a click beside the content, the browser's own close request. */
  onClose: () => void;
  /** When false, none of those closes it (a request running, an answer the page needs). */
  dismissible?: boolean;
  className: string;
  /** The id of its title. */
  labelledBy: string;
  describedBy?: string;
  /** What gets the focus on opening; else its first element Tab stops at, else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** data-testid of the dialog element. */
  testId?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the browser's own <dialog>, open while it is rendered: showModal() puts it
 * above everything and makes the page behind it inert (no click, focus or screen reader reaches
 * it). The focus moves in on opening, Tab and Shift+Tab go round inside it, and on closing the
 * focus returns to where it was (the button that opened it), unless the closing moved it
 * elsewhere on purpose. Escape and a click on the dialog itself beside its content (the
 * backdrop: `className` makes the dialog fill the screen) ask `onClose` when dismissible.
 *
 * The same in the app (React) and the public entry (Preact's compatibility layer): plain DOM
 * calls in an effect. A browser without showModal() (none that the site supports; jsdom) gets
 * the open attribute: shown, with the focus handling but without the inert page.
 */
export function Dialog({
  onClose,
  dismissible = true,
  className,
  labelledBy,
  describedBy,
  initialFocus,
  testId,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // the latest props for the listeners, so the dialog opens once per mount (an inline onClose
  // is a new function each render)
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };
  const focusFirst = useRef(initialFocus);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const open = () => {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    };
    if (!dialog.open) open();
    (focusFirst.current?.current ?? tabbables(dialog)[0] ?? dialog).focus();

    // a close request that Escape's keydown did not stop (the focus outside, Android's back)
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (latest.current.dismissible) latest.current.onClose();
    };
    // closed by the browser all the same (it may refuse to cancel repeated close requests):
    // closed for good when dismissible, else opened again
    const onNativeClose = () => {
      if (latest.current.dismissible) latest.current.onClose();
      else if (dialog.isConnected) open();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      const focused = document.activeElement;
      // the focus goes back unless closing put it somewhere on purpose
      const focusBack = !focused || focused === document.body || dialog.contains(focused);
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (focusBack && opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      // a cancelled keydown makes no close request: the dialog closes through its owner only
      event.preventDefault();
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = tabbables(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const focused = document.activeElement;
    // on the dialog itself (or, somehow, outside it), Tab starts at its first element
    const outside = !focused || focused === dialog || !dialog.contains(focused);
    if (event.shiftKey && (focused === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (focused === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (dismissible && event.target === event.currentTarget) onClose();
  };

  return (
    // a click on the backdrop closes it as Escape and the close button do by keyboard
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      data-testid={testId}
      // a click on its text keeps the focus in it rather than on the (inert) page
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      {children}
    </dialog>
  );
}
