import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatResponse } from '@app/contract';
import { FictionalNotice } from '../../../components/FictionalNotice';
import { MemberAvatar } from '../../../components/member/MemberCard';
import { formatDay } from '../model/format';
import { dayLabel, ownStatus, withDaySeparators } from '../model/messages';
import { MessageBubble, TypingIndicator } from './MessageBubble';

export interface MessageTimelineProps {
  profile: ChatResponse['profile'];
  messages: readonly ChatMessage[];
  /** How far the other member received and read the member's own messages. */
  markers: { read: number; delivered: number };
  /** The chat pal's warning above the messages. */
  fictional: boolean;
  typing: boolean;
  older: { has: boolean; loading: boolean; error: boolean; load: () => void; retry: () => void };
  scroller: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  onImageLoad: () => void;
  onOpenIcebreakers: () => void;
}

/**
 * The message area: the fictional warning, the older page's button, the openers of an empty
 * conversation, the messages with a separator for each day, and the typing indicator.
 */
export function MessageTimeline(props: MessageTimelineProps) {
  const { t, i18n } = useTranslation();
  const { profile, older } = props;
  const timeline = withDaySeparators(props.messages);
  const now = new Date();
  return (
    <div
      ref={props.scroller}
      className="chat-scroll flex-grow-1"
      onScroll={props.onScroll}
      data-testid="message-area"
      role="log"
      aria-label={t('chat.messagesWith', { name: profile.name })}
      tabIndex={0}
    >
      <div className="chat-scroll__inner d-flex flex-column gap-2 px-2 px-sm-3 py-3">
        {props.fictional && <FictionalNotice className="chat-fictional small mb-2" />}
        {older.has && (
          <div className="text-center">
            {older.error ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary rounded-pill"
                onClick={older.retry}
              >
                {t('chat.olderRetry')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-link text-body-secondary"
                onClick={older.load}
                disabled={older.loading}
              >
                {older.loading ? (
                  <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                ) : null}{' '}
                {t('chat.olderLoad')}
              </button>
            )}
          </div>
        )}
        {props.messages.length === 0 && (
          <div className="chat-empty text-center my-auto py-4">
            <MemberAvatar member={profile} size="lg" />
            <h2 className="h5 mt-3 mb-1">{t('chat.emptyTitle', { name: profile.name })}</h2>
            <p className="text-body-secondary mb-3">{t('chat.emptyText')}</p>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill px-4"
              onClick={props.onOpenIcebreakers}
            >
              💡 {t('chat.icebreakers.open')}
            </button>
          </div>
        )}
        {timeline.map((item) => {
          if (item.kind === 'day') {
            const label = dayLabel(item.date, now);
            return (
              <div key={item.key} className="chat-day text-center" role="separator">
                <span className="chat-day__label">
                  {label.kind === 'date'
                    ? formatDay(label.date, i18n.language, now)
                    : t(`chat.${label.kind}`)}
                </span>
              </div>
            );
          }
          return (
            <MessageBubble
              key={item.key}
              message={item.message}
              status={ownStatus(item.message, props.markers.read, props.markers.delivered)}
              partnerName={profile.name}
              onImageLoad={props.onImageLoad}
            />
          );
        })}
        {props.typing && <TypingIndicator name={profile.name} />}
      </div>
    </div>
  );
}
