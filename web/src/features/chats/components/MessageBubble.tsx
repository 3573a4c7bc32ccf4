import { useTranslation } from 'react-i18next';
import type { ChatMessage, MessageStatus, ScamCategory } from '@app/contract';
import { formatTime } from '../model/format';
import { giftName as nameOfGift } from '../model/gift-name';

const STATUS_ICON: Record<MessageStatus, string> = {
  held: '🕓',
  sent: '✓',
  delivered: '✓✓',
  read: '✓✓',
};

/** One message: text, photo or gift, with its time and (for the member's own) where it stands. */
export function MessageBubble({
  message,
  status,
  partnerName,
  onImageLoad,
}: {
  message: ChatMessage;
  /** The status to show on an own message (raised by the read and delivery markers). */
  status: MessageStatus;
  partnerName: string;
  onImageLoad?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const mine = message.mine;
  let content;
  if (message.type === 'photo' && message.image) {
    const image = message.image;
    content = (
      <a
        href={image.full_url}
        target="_blank"
        rel="noopener noreferrer"
        className="chat-bubble__photo d-block"
      >
        <img
          src={image.thumb_url}
          width={image.width}
          height={image.height}
          alt={mine ? t('chat.photoAltMine') : t('chat.photoAlt', { name: partnerName })}
          onLoad={onImageLoad}
          decoding="async"
        />
      </a>
    );
  } else if (message.type === 'gift' && message.gift) {
    const giftName = nameOfGift(message.gift, t, i18n.language);
    content = (
      <span className="chat-bubble__gift d-flex flex-column align-items-center text-center">
        <img src={message.gift.image} alt="" width={88} height={88} />
        <span className="small fw-semibold">
          {mine
            ? t('chat.giftSent', { gift: giftName })
            : t('chat.giftReceived', { gift: giftName, name: partnerName })}
        </span>
      </span>
    );
  } else if (message.text === null) {
    content = <span className="fst-italic opacity-75">{t('chat.removedText')}</span>;
  } else {
    content = <span className="chat-bubble__text">{message.text}</span>;
  }

  const warnings = !mine && message.warnings?.length ? message.warnings : null;
  return (
    <div
      className={`chat-row d-flex ${mine ? 'justify-content-end' : 'justify-content-start'}${
        warnings ? ' flex-column align-items-start' : ''
      }`}
      data-testid="message"
      data-type={message.type}
      data-mine={mine}
    >
      <div
        className={`chat-bubble chat-bubble--${message.type} ${
          mine ? 'chat-bubble--mine' : 'chat-bubble--theirs'
        }${status === 'held' ? ' chat-bubble--held' : ''}`}
      >
        {content}
        <span className="chat-bubble__meta d-flex align-items-center justify-content-end gap-1">
          <time dateTime={message.created_at}>{formatTime(message.created_at, i18n.language)}</time>
          {mine && (
            <span
              className={`chat-status chat-status--${status}`}
              data-testid="message-status"
              data-status={status}
              title={t(`chat.status.${status}`)}
            >
              <span aria-hidden="true">{STATUS_ICON[status]}</span>
              <span className="visually-hidden">{t(`chat.status.${status}`)}</span>
            </span>
          )}
        </span>
      </div>
      {warnings && <ScamWarning categories={warnings} />}
    </div>
  );
}

/**
 * The send's scan found something in the other member's message (contract message-scan.ts): a
 * warning beside it, one sentence per thing found, in the member's language. Nothing is hidden.
 */
function ScamWarning({ categories }: { categories: readonly ScamCategory[] }) {
  const { t } = useTranslation();
  return (
    <div className="chat-warning small" role="note" data-testid="message-warning">
      <p className="chat-warning__title fw-semibold mb-1">
        <span aria-hidden="true">⚠️ </span>
        {t('chat.scamWarning.title')}
      </p>
      <ul className="list-unstyled mb-0">
        {categories.map((category) => (
          <li key={category} data-category={category}>
            {t(`chat.scamWarning.${category}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The other member is typing: three moving dots under the last message. */
export function TypingIndicator({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="chat-row d-flex justify-content-start" data-testid="typing-indicator">
      <div className="chat-bubble chat-bubble--theirs chat-typing d-flex align-items-center gap-2">
        <span className="chat-typing__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="small text-body-secondary">{t('chat.typing', { name })}</span>
      </div>
    </div>
  );
}
