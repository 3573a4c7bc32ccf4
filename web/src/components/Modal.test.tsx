import { useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

/** A page with a button that opens the modal, links around it, and the modal's own controls. */
function Page({
  dismissible = true,
  focusName = false,
  onClose,
}: {
  dismissible?: boolean;
  focusName?: boolean;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const name = useRef<HTMLInputElement>(null);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <a href="/before">Ervoor</a>
      <button type="button" onClick={() => setOpen(true)}>
        Vraag openen
      </button>
      <main>
        <a href="/behind">Achter de dialoog</a>
      </main>
      <Modal
        open={open}
        title="Een vraag"
        onClose={close}
        dismissible={dismissible}
        initialFocus={focusName ? name : undefined}
        footer={
          <>
            <button type="button" onClick={close}>
              Annuleren
            </button>
            <button type="button" onClick={() => document.getElementById('after')?.focus()}>
              Verder
            </button>
          </>
        }
      >
        <label>
          Naam <input ref={name} />
        </label>
        <button type="button" disabled>
          Uit
        </button>
      </Modal>
      <a id="after" href="/after">
        Erna
      </a>
    </>
  );
}

async function openModal(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Vraag openen' });
  await user.click(opener);
  const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Een vraag' });
  return { user, opener, dialog };
}

describe('the shared modal', () => {
  afterEach(() => jest.restoreAllMocks());

  it("opens as the browser's modal dialog, which makes the page behind it inert", async () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { dialog } = await openModal();
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('moves the focus into the dialog, to its first control (the close button)', async () => {
    const { dialog } = await openModal();
    expect(screen.getByRole('button', { name: 'Sluiten' })).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('gives the focus to the element its user names instead', async () => {
    await openModal({ focusName: true });
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog, round from the last control to the first', async () => {
    const { user } = await openModal();
    const close = screen.getByRole('button', { name: 'Sluiten' });
    const name = screen.getByRole('textbox', { name: 'Naam' });
    const cancel = screen.getByRole('button', { name: 'Annuleren' });
    const next = screen.getByRole('button', { name: 'Verder' });
    // the disabled button is skipped; after Verder comes Sluiten again, never the page
    for (const expected of [name, cancel, next, close, name]) {
      await user.tab();
      expect(expected).toHaveFocus();
    }
    for (const expected of [close, next, cancel]) {
      await user.tab({ shift: true });
      expect(expected).toHaveFocus();
    }
  });

  it('brings Tab back inside from the dialog itself (a click on its text)', async () => {
    const { user, dialog } = await openModal();
    act(() => dialog.focus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sluiten' })).toHaveFocus();
    act(() => dialog.focus());
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Verder' })).toHaveFocus();
  });

  it('closes on Escape and returns the focus to the button that opened it', async () => {
    const close = jest.spyOn(HTMLDialogElement.prototype, 'close');
    const { user, opener } = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(close).toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('returns the focus to the opener after its own buttons and the close button too', async () => {
    const { user, opener } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('leaves the focus where closing put it on purpose', async () => {
    const user = userEvent.setup();
    function MovesFocus() {
      const [open, setOpen] = useState(true);
      const after = useRef<HTMLAnchorElement>(null);
      return (
        <>
          <a ref={after} href="/after">
            Erna
          </a>
          <Modal
            open={open}
            title="Verplaatst"
            onClose={() => setOpen(false)}
            footer={
              <button
                type="button"
                onClick={() => {
                  after.current?.focus();
                  setOpen(false);
                }}
              >
                Ga naar erna
              </button>
            }
          >
            tekst
          </Modal>
        </>
      );
    }
    render(<MovesFocus />);
    await user.click(screen.getByRole('button', { name: 'Ga naar erna' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Erna' })).toHaveFocus();
  });

  it('closes on a click beside its content (the backdrop), not on one inside it', async () => {
    const { user, dialog } = await openModal();
    await user.click(screen.getByText('Naam'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when not dismissible, stays open on Escape, a click on the backdrop and a close request, and has no close button', async () => {
    const onClose = jest.fn();
    const { user, dialog } = await openModal({ dismissible: false, onClose });
    expect(screen.queryByRole('button', { name: 'Sluiten' })).not.toBeInTheDocument();
    // the first control is then the field
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.click(dialog);
    const cancel = new Event('cancel', { cancelable: true });
    act(() => void dialog.dispatchEvent(cancel));
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Een vraag' })).toHaveAttribute('open');
  });

  it('opens again when the browser closes a dialog that is not dismissible', async () => {
    const { dialog } = await openModal({ dismissible: false });
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    act(() => {
      dialog.close();
    });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveAttribute('open');
  });

  it("closes on the browser's close request (Android's back) when dismissible", async () => {
    const { dialog, opener } = await openModal();
    const cancel = new Event('cancel', { cancelable: true });
    act(() => void dialog.dispatchEvent(cancel));
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('an Escape inside a dialog over another closes only the top one', async () => {
    const user = userEvent.setup();
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Modal open={outer} title="Buiten" onClose={() => setOuter(false)}>
          <button type="button" onClick={() => setInner(true)}>
            Meer
          </button>
          <Modal open={inner} title="Binnen" onClose={() => setInner(false)}>
            binnen
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Meer' }));
    expect(screen.getByRole('dialog', { name: 'Binnen' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Binnen' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Buiten' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meer' })).toHaveFocus();
  });
});
