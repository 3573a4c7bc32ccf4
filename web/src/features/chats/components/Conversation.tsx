import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatResponse, ChatsResponse, Gift, GiftsResponse } from '@app/contract';
import { TYPING_EMIT_MS, TYPING_SHOW_MS } from '../../../config/constants';
import { ApiError } from '../../../api/client';
import { chatsQueryKey } from '../../../api/chats';
import { usePendingKey } from '../../../api/idempotency';
import { serverErrorText } from '../../../api/server-error';
import { useSettings } from '../../../api/settings';
import { useUser } from '../../../api/user';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { FictionalNotice } from '../../../components/FictionalNotice';
import { usePageTitle } from '../../../components/usePageTitle';
import { MemberAvatar } from '../../members';
import {
  catchUp,
  fetchChat,
  isRetryable,
  markRead,
  sendMessage,
  sendPhoto,
  useApplyCredits,
  useChat,
  type ConversationTarget,
} from '../api';
import {
  dayLabel,
  highestReceivedSeq,
  keptScrollTop,
  mergeMessages,
  ownStatus,
  withDaySeparators,
  type SendPayload,
} from '../model/messages';
import { formatDay } from '../model/format';
import { rememberLastChat } from '../model/last-chat';
import { MEMBER_CHAT_PATH, type ChatRouteState } from '../model/route-state';
import {
  useRealtimeEmit,
  useRealtimeEvent,
  useRealtimeReconnect,
  useRealtimeStatus,
} from '../realtime';
import { InsufficientCreditsModal, PremiumOnlyModal } from './ChatModals';
import { GiftPicker } from './GiftPicker';
import { IcebreakerModal } from './IcebreakerModal';
import { MessageBubble, TypingIndicator } from './MessageBubble';
import { SendFooter } from './SendFooter';

/** Older messages load when the member scrolls this close to the top (px). */
const LOAD_OLDER_AT_PX = 120;
/** Closer than this to the bottom, new messages keep the view at the bottom (px). */
const STICK_TO_BOTTOM_PX = 96;

/** A conversation page: loads the newest messages, then hands over to the live view. */
export function Conversation({ target }: { target: ConversationTarget }) {
  const { t } = useTranslation();
  const chat = useChat(target);
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
  return <ConversationView initial={chat.data} />;
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

function ConversationView({ initial }: { initial: ChatResponse }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const applyCredits = useApplyCredits();
  const emit = useRealtimeEmit();
  const connected = useRealtimeStatus() === 'connected';
  const { user } = useUser();
  const profile = initial.profile;

  const [conversationId, setConversationId] = useState<number | null>(
    initial.conversation?.id ?? null,
  );
  const [messages, setMessages] = useState<ChatMessage[]>(initial.messages);
  const [hasOlder, setHasOlder] = useState(initial.has_older);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState(false);
  const [markers, setMarkers] = useState({
    read: initial.conversation?.read_seq ?? 0,
    delivered: initial.conversation?.delivered_seq ?? 0,
  });
  /** When the other member's last typing event came (0: not typing). */
  const [typingAt, setTypingAt] = useState(0);
  const [draft, setDraft] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<{ text: string; retry: SendPayload | null } | null>(
    null,
  );
  const [modal, setModal] = useState<OpenModal>(null);
  const [creditsNeeded, setCreditsNeeded] = useState<number | undefined>();
  const [refusedGift, setRefusedGift] = useState(false);

  const scroller = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);
  const restoreScroll = useRef<{ scrollHeight: number; scrollTop: number } | null>(null);
  // one key per message until it is stored: a retry of the same message is paid once
  const sendKeys = usePendingKey<SendPayload>();
  const lastTypingEmit = useRef(0);
  const readUpTo = useRef(0);
  const deliveredUpTo = useRef(0);
  const conversationRef = useRef(conversationId);
  conversationRef.current = conversationId;
  const location = useLocation();
  const navigate = useNavigate();
  /** A gift chosen on the member's profile, sent once the conversation is open. */
  const giftFromProfile = useRef((location.state as ChatRouteState | null)?.gift ?? null);

  const merge = useCallback((incoming: ChatMessage[]) => {
    setMessages((current) => mergeMessages(current, incoming));
  }, []);

  // --- scrolling: the newest at the bottom; older pages above without moving the view -------
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (restoreScroll.current) {
      element.scrollTop = keptScrollTop(restoreScroll.current, element.scrollHeight);
      restoreScroll.current = null;
    } else if (stickToBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages, typingAt]);

  const keepAtBottom = useCallback(() => {
    const element = scroller.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, []);

  const loadOlder = useCallback(async () => {
    if (loadingOlder || !hasOlder || conversationId === null || messages.length === 0) return;
    const element = scroller.current;
    setLoadingOlder(true);
    setOlderError(false);
    try {
      const before = Math.min(...messages.map((message) => message.id));
      const page = await fetchChat({ conversation: conversationId }, before);
      if (element) {
        restoreScroll.current = {
          scrollHeight: element.scrollHeight,
          scrollTop: element.scrollTop,
        };
      }
      merge(page.messages);
      setHasOlder(page.has_older);
    } catch {
      setOlderError(true);
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, hasOlder, loadingOlder, merge, messages]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stickToBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_AT_PX && !olderError) void loadOlder();
  };

  // --- markers: delivered for what arrived (once the socket is up), read while open and seen ---
  const received = highestReceivedSeq(messages);
  useEffect(() => {
    if (!connected || conversationId === null || received <= deliveredUpTo.current) return;
    deliveredUpTo.current = received;
    emit('delivered', { conversation_id: conversationId, seq: received });
  }, [connected, conversationId, received, emit]);
  useEffect(() => {
    if (conversationId === null || received === 0) return;
    const read = () => {
      if (document.visibilityState !== 'visible' || received <= readUpTo.current) return;
      readUpTo.current = received;
      markRead(conversationId, received)
        .then(() => {
          // the list's count and the badge drop at once; the reload confirms them
          queryClient.setQueryData<ChatsResponse>(chatsQueryKey, (data) => {
            const entry = data?.chats.find((chat) => chat.conversation.id === conversationId);
            if (!data || !entry) return data;
            return {
              ...data,
              unread_messages: Math.max(0, data.unread_messages - entry.num_unread_messages),
              chats: data.chats.map((chat) =>
                chat === entry ? { ...chat, num_unread_messages: 0 } : chat,
              ),
            };
          });
          return queryClient.invalidateQueries({ queryKey: chatsQueryKey });
        })
        .catch(() => {
          readUpTo.current = 0; // tried again with the next message or visit
        });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [conversationId, received, emit, queryClient]);

  // --- live events ----------------------------------------------------------------------------
  useRealtimeEvent('message:new', ({ message }) => {
    const current = conversationRef.current;
    const ours =
      current !== null
        ? message.conversation_id === current
        : !message.mine && message.sender === profile.id;
    if (!ours) return;
    if (current === null) setConversationId(message.conversation_id);
    if (!message.mine) setTypingAt(0);
    merge([message]);
  });
  useRealtimeEvent('typing', (event) => {
    if (event.conversation_id !== conversationRef.current) return;
    setTypingAt(Date.now());
  });
  useRealtimeEvent('read', (event) => {
    if (event.conversation_id !== conversationRef.current) return;
    setMarkers((m) => (event.seq > m.read ? { ...m, read: event.seq } : m));
  });
  useRealtimeEvent('delivered', (event) => {
    if (event.conversation_id !== conversationRef.current) return;
    setMarkers((m) => (event.seq > m.delivered ? { ...m, delivered: event.seq } : m));
  });
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  useRealtimeReconnect(() => {
    const current = conversationRef.current;
    if (current === null) return;
    const since = messagesRef.current.reduce((high, message) => Math.max(high, message.seq), 0);
    void catchUp(since)
      .then((missed) => merge(missed.filter((message) => message.conversation_id === current)))
      .catch(() => undefined);
    // the markers are not in the catch-up: the newest page carries them
    void fetchChat({ conversation: current })
      .then((page) => {
        merge(page.messages);
        if (page.conversation) {
          const { read_seq: read, delivered_seq: delivered } = page.conversation;
          setMarkers((m) => ({
            read: Math.max(m.read, read),
            delivered: Math.max(m.delivered, delivered),
          }));
        }
      })
      .catch(() => undefined);
  });

  // the indicator goes when its time is up
  const typing = typingAt > 0;
  useEffect(() => {
    if (!typingAt) return;
    const timer = setTimeout(() => setTypingAt(0), TYPING_SHOW_MS);
    return () => clearTimeout(timer);
  }, [typingAt]);

  const onTyping = () => {
    const now = Date.now();
    if (conversationId === null || now - lastTypingEmit.current < TYPING_EMIT_MS) return;
    lastTypingEmit.current = now;
    emit('typing', { conversation_id: conversationId });
  };

  // --- sending ------------------------------------------------------------------------------
  const send = async (payload: SendPayload) => {
    if (sending) return;
    if (conversationId === null && !initial.can_start) {
      setModal('premium');
      return;
    }
    const key = sendKeys.keyFor(payload);
    const to: ConversationTarget =
      conversationId !== null ? { conversation: conversationId } : { member: profile.id };
    setSending(true);
    setSendError(null);
    try {
      const answer =
        payload.type === 'photo'
          ? await sendPhoto(to, payload.file, key)
          : await sendMessage(
              payload.type === 'text'
                ? { type: 'text', ...to, text: payload.text }
                : { type: 'gift', ...to, gift: payload.gift },
              key,
            );
      sendKeys.succeeded(key);
      applyCredits(answer.credits);
      stickToBottom.current = true;
      setConversationId(answer.message.conversation_id);
      merge([answer.message]);
      if (payload.type === 'text') setDraft((text) => (text === payload.text ? '' : text));
      if (payload.type === 'photo') setPhoto(null);
      void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'insufficient_credits') {
        setRefusedGift(payload.type === 'gift');
        setCreditsNeeded(
          payload.type === 'text'
            ? initial.costs.text
            : payload.type === 'photo'
              ? initial.costs.photo
              : queryClient
                  .getQueryData<GiftsResponse>(['gifts'])
                  ?.gifts.find((gift) => gift.id === payload.gift)?.credits,
        );
        setModal('credits');
      } else if (code === 'premium_only') {
        setModal('premium');
      } else if (isRetryable(error)) {
        setSendError({ text: t('chat.errors.network'), retry: payload });
      } else {
        setSendError({ text: serverErrorText(error, t), retry: null });
      }
    } finally {
      setSending(false);
    }
  };

  const sendGift = (gift: Gift) => {
    setModal(null);
    void send({ type: 'gift', gift: gift.id });
  };

  // the gift chosen on the profile goes out once, through the same send as the picker's here
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    const gift = giftFromProfile.current;
    if (gift === null) return;
    giftFromProfile.current = null;
    void sendRef.current({ type: 'gift', gift });
  }, []);

  // once the conversation exists, /members/{id}/chat becomes /chats/{id} (the same view stays:
  // ConversationPage), and /chats opens it again next time (chat state)
  const onMemberRoute = matchPath(MEMBER_CHAT_PATH, location.pathname) !== null;
  const giftInState = (location.state as ChatRouteState | null)?.gift !== undefined;
  const userId = user?.id;
  useEffect(() => {
    if (conversationId !== null && userId !== undefined) rememberLastChat(userId, conversationId);
  }, [conversationId, userId]);
  useEffect(() => {
    if (onMemberRoute && conversationId !== null) {
      const state: ChatRouteState = { startedWith: profile.id };
      void navigate(`/chats/${conversationId}`, { replace: true, state });
    } else if (giftInState) {
      // a reload must not send the profile's gift again
      void navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [
    onMemberRoute,
    conversationId,
    giftInState,
    profile.id,
    navigate,
    location.pathname,
    location.search,
  ]);

  const timeline = withDaySeparators(messages);
  const now = new Date();
  const empty = messages.length === 0;

  return (
    <div className="chat-conversation flex-grow-1 d-flex flex-column">
      <header className="chat-header d-flex align-items-center gap-2 gap-sm-3 px-2 px-sm-3 py-2">
        <Link
          to="/chats"
          className="btn btn-link text-body px-2 d-lg-none"
          aria-label={t('chat.toConversations')}
        >
          <span aria-hidden="true">‹</span>
        </Link>
        <Link to={`/members/${profile.id}`} className="flex-none" tabIndex={-1} aria-hidden="true">
          <MemberAvatar member={profile} size="sm" />
        </Link>
        <div className="min-w-0 flex-grow-1">
          <h1 className="h6 mb-0 d-flex align-items-center gap-2 flex-wrap">
            <Link to={`/members/${profile.id}`} className="text-reset text-truncate">
              {profile.name}
            </Link>
            <span className="fw-normal text-body-secondary">
              {t('members.age', { age: profile.age })}
            </span>
            {profile.online && (
              <span className="member-online" title={t('members.online')}>
                <span className="visually-hidden">{t('members.online')}</span>
              </span>
            )}
          </h1>
          {profile.fictional ? (
            <FictionalBadge className="chat-header__fictional" />
          ) : (
            <div className="small text-body-secondary text-truncate">
              {profile.city ?? profile.region ?? t(`countries.${profile.country}`)}
            </div>
          )}
        </div>
        <Link
          to={`/members/${profile.id}`}
          className="btn btn-sm btn-outline-primary rounded-pill d-none d-sm-inline-block"
        >
          {t('chat.viewProfile')}
        </Link>
      </header>

      <div
        ref={scroller}
        className="chat-scroll flex-grow-1"
        onScroll={onScroll}
        data-testid="message-area"
        role="log"
        aria-label={t('chat.messagesWith', { name: profile.name })}
        tabIndex={0}
      >
        <div className="chat-scroll__inner d-flex flex-column gap-2 px-2 px-sm-3 py-3">
          {(initial.fictional || profile.fictional) && (
            <FictionalNotice className="chat-fictional small mb-2" />
          )}
          {hasOlder && (
            <div className="text-center">
              {olderError ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary rounded-pill"
                  onClick={() => {
                    setOlderError(false);
                    void loadOlder();
                  }}
                >
                  {t('chat.olderRetry')}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-sm btn-link text-body-secondary"
                  onClick={() => void loadOlder()}
                  disabled={loadingOlder}
                >
                  {loadingOlder ? (
                    <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                  ) : null}{' '}
                  {t('chat.olderLoad')}
                </button>
              )}
            </div>
          )}
          {empty && (
            <div className="chat-empty text-center my-auto py-4">
              <MemberAvatar member={profile} size="lg" />
              <h2 className="h5 mt-3 mb-1">{t('chat.emptyTitle', { name: profile.name })}</h2>
              <p className="text-body-secondary mb-3">{t('chat.emptyText')}</p>
              <button
                type="button"
                className="btn btn-outline-primary rounded-pill px-4"
                onClick={() => setModal('icebreakers')}
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
                status={ownStatus(item.message, markers.read, markers.delivered)}
                partnerName={profile.name}
                onImageLoad={keepAtBottom}
              />
            );
          })}
          {typing && <TypingIndicator name={profile.name} />}
        </div>
      </div>

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
          if (sendError && !sendError.retry) setSendError(null);
        }}
        onTyping={onTyping}
        onSendText={() => void send({ type: 'text', text: draft })}
        photo={photo}
        onPhotoChosen={(file) => {
          setPhoto(file);
          setSendError(null);
        }}
        onSendPhoto={() => photo && void send({ type: 'photo', file: photo })}
        onCancelPhoto={() => setPhoto(null)}
        onOpenGifts={() => setModal('gifts')}
        onOpenIcebreakers={empty ? () => setModal('icebreakers') : undefined}
        sending={sending}
        error={sendError?.text ?? null}
        onRetry={sendError?.retry ? () => void send(sendError.retry!) : undefined}
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
        needed={creditsNeeded}
        balance={user?.credits}
        gift={refusedGift}
      />
      <PremiumOnlyModal open={modal === 'premium'} onClose={() => setModal(null)} />
    </div>
  );
}
