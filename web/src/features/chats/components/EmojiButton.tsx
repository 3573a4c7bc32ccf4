import { useEffect, useId, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { insertAtCaret, type Selection } from '../model/caret';
import type { EmojiPickerPanelProps } from '../emoji/EmojiPickerPanel';

type PanelModule = { default: ComponentType<EmojiPickerPanelProps> };
let panelModule: Promise<PanelModule> | null = null;

/** The picker's code (and through it its data) is fetched the first time it is opened. */
function loadPanel(): Promise<PanelModule> {
  if (!panelModule) {
    panelModule = import('../emoji/EmojiPickerPanel');
    void panelModule.catch(() => {
      panelModule = null;
    });
  }
  return panelModule;
}

export interface EmojiButtonProps {
  draft: string;
  /** The draft with the chosen emoji in it. */
  onInsert: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  disabled?: boolean;
}

/**
 * The composer's emoji button and its popover. The picker is loaded on the first opening; its
 * search box takes the focus. A chosen emoji goes in at the caret (replacing a selection) and
 * the composer gets the focus back with the caret after it; Escape closes the picker and
 * returns to the composer as it was; a click outside closes it.
 */
export function EmojiButton({ draft, onInsert, textareaRef, disabled }: EmojiButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<EmojiPickerPanelProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const selection = useRef<Selection>({ start: 0, end: 0 });
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const load = () => {
    setFailed(false);
    void loadPanel().then(
      (module) => setPanel(() => module.default),
      () => setFailed(true),
    );
  };

  const backToComposer = (caret?: number) => {
    requestAnimationFrame(() => {
      const textarea = textareaRef.current;
      if (!textarea) return;
      textarea.focus();
      const { start, end } = selection.current;
      if (caret !== undefined) textarea.setSelectionRange(caret, caret);
      else textarea.setSelectionRange(start, end);
    });
  };

  const openPicker = () => {
    const textarea = textareaRef.current;
    selection.current = textarea
      ? { start: textarea.selectionStart, end: textarea.selectionEnd }
      : { start: draft.length, end: draft.length };
    setOpen(true);
    if (!Panel) load();
  };

  const close = (toComposer: boolean) => {
    setOpen(false);
    if (toComposer) backToComposer();
  };

  const pick = (emoji: string) => {
    const result = insertAtCaret(draft, selection.current, emoji);
    onInsert(result.text);
    setOpen(false);
    backToComposer(result.caret);
  };

  // a click or tap outside the button and the popover closes it, the focus staying where it went
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    // hears Escape from its button and the picker inside it: presentation only
    <div
      ref={wrapper}
      className="chat-emoji flex-none pb-1"
      role="presentation"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        type="button"
        className={`chat-footer__tool btn btn-light rounded-circle${open ? ' active' : ''}`}
        aria-label={t('chat.emoji.open')}
        title={t('chat.emoji.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => (open ? close(true) : openPicker())}
        data-testid="emoji-button"
      >
        <span aria-hidden="true">😊</span>
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label={t('chat.emoji.title')}
          className="chat-emoji__popover shadow rounded-4"
        >
          {Panel ? (
            <Panel onPick={pick} />
          ) : failed ? (
            <div className="p-3 text-center small" role="alert">
              <p className="mb-2">{t('chat.emoji.loadError')}</p>
              <button type="button" className="btn btn-sm btn-primary rounded-pill" onClick={load}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <div className="d-flex justify-content-center align-items-center p-4" role="status">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              <span>{t('chat.emoji.loading')}</span>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
