import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatResponse, Gift } from '@app/contract';
import { ApiError } from '../../../api/client';
import { serverErrorText } from '../../../api/server-error';
import { useSettings } from '../../../api/settings';
import { useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { useChat, type ConversationTarget } from '../api/chat';
import { useArrivalsWhileOpening } from '../hooks/useArrivalsWhileOpening';
import { useConversationMessages } from '../hooks/useConversationMessages';
import { useConversationRoute } from '../hooks/useConversationRoute';
import { useReadMarkers } from '../hooks/useReadMarkers';
import { useScrollKeeping } from '../hooks/useScrollKeeping';
import { useSendMessage } from '../hooks/useSendMessage';
import { InsufficientCreditsModal, PremiumOnlyModal } from './ChatModals';
import { ConversationHeader } from './ConversationHeader';
import { GiftPicker } from './GiftPicker';
import { IcebreakerModal } from './IcebreakerModal';
import { MessageTimeline } from './MessageTimeline';
import { SendFooter } from './SendFooter';

/** A conversation page: loads the newest messages, then hands over to the live view. */
export function Conversation({ target }: { target: ConversationTarget }) {
  const { t } = useTranslation();
  const chat = useChat(target);
  const arrivals = useArrivalsWhileOpening(target);
  usePageTitle(chat.data ? chat.data.profile.name : t('pages.chat'));

  if (chat.isPending) return <ConversationSkeleton />;
  if (chat.isError) {
    const notFound = chat.error instanceof ApiError && chat.error.status === 404;
    return (
      <div className="chat-state flex-grow-1 d-flex flex-column align-items-center justify-content-center text-center p-4">
        <div className="chat-state__icon mb-3" aria-hidden="true">
          {notFound ? '🔍' : '⚠️'}
        </div>
        <h1 className="h5">{notFound ? t('chat.notFoundTitle') : t('chat.errorTitle')}</h1>
        <p className="text-body-secondary">
          {notFound ? t('chat.notFoundText') : serverErrorText(chat.error, t)}
        </p>
        <div className="d-flex gap-2">
          {!notFound && (
            <button
              type="button"
              className="btn btn-primary rounded-pill"
              onClick={() => void chat.refetch()}
            >
              {t('common.retry')}
            </button>
          )}
          <Link to="/chats" className="btn btn-outline-primary rounded-pill">
            {t('chat.toConversations')}
          </Link>
        </div>
      </div>
    );
  }
  return <ConversationView initial={chat.data} arrivals={arrivals} />;
}

function ConversationSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex-grow-1 d-flex flex-column" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('chat.loading')}
      </span>
      <div className="chat-header d-flex align-items-center gap-3 px-3 py-2">
        <span className="skeleton skeleton--avatar" />
        <span className="flex-grow-1">
          <span className="skeleton skeleton--line w-25 mb-2" />
          <span className="skeleton skeleton--line w-50" />
        </span>
      </div>
      <div className="flex-grow-1 p-3 d-flex flex-column gap-3 justify-content-end">
        {[55, 40, 65, 35].map((width, index) => (
          <span
            key={index}
            className={`skeleton chat-skeleton-bubble ${index % 2 ? 'ms-auto' : ''}`}
            style={{ width: `${width}%` }}
          />
        ))}
      </div>
    </div>
  );
}

type OpenModal = 'credits' | 'premium' | 'gifts' | 'icebreakers' | null;

/**
 * The live conversation: its messages and the other member's markers and typing
 * (useConversationMessages), the member's own markers (useReadMarkers), the scrolling, the send
 * footer with its draft and photo (useSendMessage) and the modals it opens.
 */
function ConversationView({
  initial,
  arrivals,
}: {
  initial: ChatResponse;
  arrivals: readonly ChatMessage[];
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { user } = useUser();
  const profile = initial.profile;
  const conversation = useConversationMessages(initial, arrivals);
  const { conversationId, messages, older, typing } = conversation;
  useReadMarkers(conversationId, messages);
  const scroll = useScrollKeeping(messages, typing.typingAt);
  const [draft, setDraft] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [modal, setModal] = useState<OpenModal>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const sender = useSendMessage(initial, conversationId, {
    onSent: (message, payload) => {
      scroll.stickToBottom();
      conversation.add(message);
      if (payload.type === 'text') setDraft((text) => (text === payload.text ? '' : text));
      if (payload.type === 'photo') setPhoto(null);
    },
    onRefused: setModal,
  });
  useConversationRoute(
    conversationId,
    profile.id,
    (gift) => void sender.send({ type: 'gift', gift }),
  );

  const sendGift = (gift: Gift) => {
    setModal(null);
    void sender.send({ type: 'gift', gift: gift.id });
  };
  const loadOlder = () => void conversation.loadOlder(scroll.keepPlace);
  const empty = messages.length === 0;

  return (
    <div className="chat-conversation flex-grow-1 d-flex flex-column">
      <ConversationHeader profile={profile} />
      <MessageTimeline
        profile={profile}
        messages={messages}
        markers={conversation.markers}
        fictional={initial.fictional || profile.fictional}
        typing={typing.typing}
        older={{
          ...older,
          load: loadOlder,
          retry: () => conversation.retryOlder(scroll.keepPlace),
        }}
        scroller={scroll.scroller}
        onScroll={() => {
          if (scroll.onScroll() && !older.error) loadOlder();
        }}
        onImageLoad={scroll.keepAtBottom}
        onOpenIcebreakers={() => setModal('icebreakers')}
      />
      {initial.held && (
        <div
          className="chat-held alert alert-warning rounded-0 border-0 mb-0 py-2 px-3 small d-flex gap-2"
          role="note"
          data-testid="held-note"
        >
          <span aria-hidden="true">✉️</span>
          <span>{t('chat.held')}</span>
        </div>
      )}
      <SendFooter
        draft={draft}
        onDraftChange={(text) => {
          setDraft(text);
          if (sender.error && !sender.error.retry) sender.dismissError();
        }}
        onTyping={typing.onTyping}
        onSendText={() => void sender.send({ type: 'text', text: draft })}
        photo={photo}
        onPhotoChosen={(file) => {
          setPhoto(file);
          sender.dismissError();
        }}
        onSendPhoto={() => photo && void sender.send({ type: 'photo', file: photo })}
        onCancelPhoto={() => setPhoto(null)}
        onOpenGifts={() => setModal('gifts')}
        onOpenIcebreakers={empty ? () => setModal('icebreakers') : undefined}
        sending={sender.sending}
        error={sender.error?.text ?? null}
        onRetry={sender.error?.retry ? () => void sender.send(sender.error!.retry!) : undefined}
        costs={initial.costs}
        maxLength={settings.message_length}
        textareaRef={textarea}
      />

      <GiftPicker
        open={modal === 'gifts'}
        name={profile.name}
        onClose={() => setModal(null)}
        onPick={sendGift}
      />
      <IcebreakerModal
        open={modal === 'icebreakers'}
        name={profile.name}
        onClose={() => setModal(null)}
        onPick={(text) => {
          setModal(null);
          setDraft(text);
          requestAnimationFrame(() => textarea.current?.focus());
        }}
      />
      <InsufficientCreditsModal
        open={modal === 'credits'}
        onClose={() => setModal(null)}
        needed={sender.creditsNeeded}
        balance={user?.credits}
        gift={sender.refusedGift}
      />
      <PremiumOnlyModal open={modal === 'premium'} onClose={() => setModal(null)} />
    </div>
  );
}
