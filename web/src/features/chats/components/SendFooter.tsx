import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmojiButton } from './EmojiButton';

export interface SendFooterProps {
  draft: string;
  onDraftChange: (text: string) => void;
  /** The text box was typed in (the caller throttles the typing event). */
  onTyping: () => void;
  onSendText: () => void;
  photo: File | null;
  onPhotoChosen: (file: File) => void;
  onSendPhoto: () => void;
  onCancelPhoto: () => void;
  onOpenGifts: () => void;
  onOpenIcebreakers?: () => void;
  sending: boolean;
  /** What went wrong with the last send, in the member's language; the text stays. */
  error: string | null;
  /** Offered when the last send may be tried again (a network error): the same message, key. */
  onRetry?: () => void;
  costs: { text: number; photo: number };
  maxLength: number;
  textareaRef: React.RefObject<HTMLTextAreaElement | null>;
}

/**
 * The send footer: the text box with its length counter and price, an image upload area (a
 * button, or a photo dropped on the footer) with a preview before sending, the gift picker and
 * the emoji picker (loaded when first opened).
 * Enter sends, Shift+Enter starts a new line.
 */
export function SendFooter(props: SendFooterProps) {
  const { t } = useTranslation();
  const { draft, maxLength, photo, sending } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const counterId = useId();
  const length = draft.length;
  const tooLong = length > maxLength;
  const canSend = draft.trim().length > 0 && !tooLong && !sending;
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) props.onSendText();
    }
  };

  return (
    <footer
      className={`chat-footer${dragging ? ' chat-footer--dragging' : ''}`}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) {
          event.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file && file.type.startsWith('image/')) props.onPhotoChosen(file);
      }}
    >
      {props.error && (
        <div
          className="alert alert-danger d-flex align-items-center gap-2 py-2 px-3 mb-2 small"
          role="alert"
          data-testid="send-error"
        >
          <span className="flex-grow-1">{props.error}</span>
          {props.onRetry && (
            <button
              type="button"
              className="btn btn-sm btn-danger rounded-pill flex-none"
              onClick={props.onRetry}
              disabled={sending}
            >
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
      {photo && preview && (
        <div className="chat-footer__photo d-flex align-items-center gap-3 mb-2 p-2 rounded-3">
          <img src={preview} alt={t('chat.photoPreview')} className="rounded-2" />
          <div className="flex-grow-1 small">
            <div className="fw-semibold text-truncate">{photo.name}</div>
            <div className="text-body-secondary">
              {t('chat.costPhoto', { count: props.costs.photo })}
            </div>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-light rounded-pill"
            onClick={props.onCancelPhoto}
            disabled={sending}
          >
            {t('chat.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-primary rounded-pill px-3"
            onClick={props.onSendPhoto}
            disabled={sending}
          >
            {t('chat.sendPhoto')}
          </button>
        </div>
      )}
      <form
        className="d-flex align-items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSend) props.onSendText();
        }}
      >
        <div className="d-flex gap-1 flex-none pb-1">
          <button
            type="button"
            className="chat-footer__tool btn btn-light rounded-circle"
            onClick={() => fileInput.current?.click()}
            aria-label={t('chat.addPhoto', { count: props.costs.photo })}
            title={t('chat.addPhoto', { count: props.costs.photo })}
            disabled={sending}
          >
            <span aria-hidden="true">📷</span>
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            className="d-none"
            data-testid="chat-photo-input"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) props.onPhotoChosen(file);
              event.target.value = '';
            }}
          />
          <button
            type="button"
            className="chat-footer__tool btn btn-light rounded-circle"
            onClick={props.onOpenGifts}
            aria-label={t('chat.sendGift')}
            title={t('chat.sendGift')}
            disabled={sending}
          >
            <span aria-hidden="true">🎁</span>
          </button>
          {props.onOpenIcebreakers && (
            <button
              type="button"
              className="chat-footer__tool btn btn-light rounded-circle"
              onClick={props.onOpenIcebreakers}
              aria-label={t('chat.icebreakers.open')}
              title={t('chat.icebreakers.open')}
            >
              <span aria-hidden="true">💡</span>
            </button>
          )}
        </div>
        <textarea
          ref={props.textareaRef}
          className={`chat-footer__input form-control flex-grow-1${tooLong ? ' is-invalid' : ''}`}
          rows={1}
          value={draft}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.messageLabel')}
          aria-describedby={counterId}
          onChange={(event) => {
            props.onDraftChange(event.target.value);
            if (event.target.value) props.onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <EmojiButton
          draft={draft}
          onInsert={(text) => {
            props.onDraftChange(text);
            props.onTyping();
          }}
          textareaRef={props.textareaRef}
        />
        <button
          type="submit"
          className="chat-footer__send btn btn-primary rounded-circle flex-none"
          disabled={!canSend}
          aria-label={t('chat.send')}
          title={t('chat.send')}
        >
          {sending ? (
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          ) : (
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
              <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10.1 15 12 3.4 13.9z" />
            </svg>
          )}
        </button>
      </form>
      <div className="chat-footer__meta d-flex justify-content-between gap-2 small text-body-secondary">
        <span data-testid="message-cost">{t('chat.costText', { count: props.costs.text })}</span>
        <span id={counterId} className={tooLong ? 'text-danger fw-semibold' : undefined}>
          <span aria-hidden="true">
            {length}/{maxLength}
          </span>
          <span className="visually-hidden">
            {t('chat.counter', { number: length, count: maxLength })}
          </span>
        </span>
      </div>
    </footer>
  );
}
