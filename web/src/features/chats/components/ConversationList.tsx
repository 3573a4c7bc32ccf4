import { useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatListItem } from '@app/contract';
import { useChats } from '../../../api/chats';
import { serverErrorText } from '../../../api/server-error';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { Modal } from '../../../components/Modal';
import { formatBadgeCount } from '../../../components/CountBadge';
import { MemberAvatar } from '../../../components/member/MemberCard';
import { useRemoveChat } from '../api/chat';
import { formatListTime } from '../model/format';
import { forgetLastChat } from '../model/last-chat';

/**
 * The member's conversations, newest activity first: photo, name and age, the chat-pal label,
 * the last message, its time and the unread count. A conversation can be removed (after a
 * confirmation): it leaves the list at once; when the server refuses, the error shows and the
 * list reloads.
 */
export function ConversationList({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const chats = useChats();
  const remove = useRemoveChat();
  const [confirming, setConfirming] = useState<ChatListItem | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const confirmRemove = () => {
    if (!confirming) return;
    const conversation = confirming.conversation.id;
    setConfirming(null);
    setRemoveError(null);
    forgetLastChat(conversation);
    remove.mutate(conversation, {
      onError: (error) => setRemoveError(serverErrorText(error, t)),
    });
  };

  let body;
  if (chats.isPending) {
    body = (
      <ul className="list-unstyled mb-0 px-2" aria-busy="true" aria-label={t('chat.loading')}>
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="chat-shell__skeleton d-flex align-items-center gap-3 p-2">
            <span className="skeleton skeleton--avatar" />
            <span className="flex-grow-1">
              <span className="skeleton skeleton--line w-75 mb-2" />
              <span className="skeleton skeleton--line w-50" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (chats.isError && !chats.data) {
    body = (
      <div className="p-3 text-center">
        <p className="text-body-secondary small mb-2">{t('chat.listError')}</p>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary rounded-pill"
          onClick={() => void chats.refetch()}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (chats.data.chats.length === 0) {
    body = (
      <div className="chat-list__empty text-center p-4">
        <div className="chat-list__empty-icon mb-2" aria-hidden="true">
          💬
        </div>
        <p className="fw-semibold mb-1">{t('chat.emptyListTitle')}</p>
        <p className="small text-body-secondary mb-3">{t('chat.emptyListText')}</p>
        <NavLink to="/members" className="btn btn-sm btn-primary rounded-pill px-3">
          {t('chat.findMembers')}
        </NavLink>
      </div>
    );
  } else {
    body = (
      <ul className="list-unstyled mb-0 px-2 pb-2" data-testid="conversation-list">
        {chats.data.chats.map((chat) => (
          <ConversationEntry
            key={chat.conversation.id}
            chat={chat}
            onRemove={() => setConfirming(chat)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className={`chat-list ${className}`}>
      {removeError && (
        <div className="alert alert-danger small mx-2 mt-2 mb-1 py-2" role="alert">
          {t('chat.removeFailed', { error: removeError })}
        </div>
      )}
      {body}
      <Modal
        open={!!confirming}
        title={t('chat.removeTitle')}
        onClose={() => setConfirming(null)}
        size="sm"
        footer={
          <>
            <button
              type="button"
              className="btn btn-light rounded-pill"
              onClick={() => setConfirming(null)}
            >
              {t('chat.cancel')}
            </button>
            <button type="button" className="btn btn-danger rounded-pill" onClick={confirmRemove}>
              {t('chat.removeConfirm')}
            </button>
          </>
        }
      >
        <p className="mb-0">{t('chat.removeText', { name: confirming?.profile.name ?? '' })}</p>
      </Modal>
    </div>
  );
}

function ConversationEntry({ chat, onRemove }: { chat: ChatListItem; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const { profile, last_message: last } = chat;
  const unread = chat.num_unread_messages;
  let preview: string;
  if (!last) preview = t('chat.preview.empty');
  else if (last.type === 'photo') preview = t('chat.preview.photo');
  else if (last.type === 'gift') preview = t('chat.preview.gift');
  else preview = last.preview ?? '';
  if (last?.mine) preview = t('chat.preview.mine', { text: preview });

  return (
    <li className="chat-list__item position-relative" data-testid="conversation-entry">
      <NavLink
        to={`/chats/${chat.conversation.id}`}
        className={({ isActive }) =>
          `chat-list__link d-flex align-items-center gap-3 p-2 rounded-3 text-reset${
            isActive ? ' active' : ''
          }${unread > 0 ? ' chat-list__link--unread' : ''}`
        }
      >
        <MemberAvatar member={profile} size="sm" />
        <span className="flex-grow-1 min-w-0">
          <span className="d-flex align-items-baseline gap-2">
            <span className="chat-list__name fw-semibold text-truncate">{profile.name}</span>
            <span className="small text-body-secondary flex-none">
              {t('members.age', { count: profile.age })}
            </span>
            <span className="chat-list__time small text-body-secondary ms-auto flex-none">
              {formatListTime(last?.created_at ?? chat.updated_at, i18n.language)}
            </span>
          </span>
          {profile.fictional && <FictionalBadge className="chat-list__fictional" />}
          <span className="d-flex align-items-center gap-2">
            <span className="chat-list__preview small text-truncate flex-grow-1">{preview}</span>
            {unread > 0 && (
              <span className="badge rounded-pill text-bg-primary flex-none">
                {formatBadgeCount(unread)}
                <span className="visually-hidden">
                  {' '}
                  {t('nav.unreadMessages', { count: unread })}
                </span>
              </span>
            )}
          </span>
        </span>
      </NavLink>
      <button
        type="button"
        className="chat-list__remove btn btn-sm btn-light rounded-circle"
        onClick={onRemove}
        aria-label={t('chat.removeLabel', { name: profile.name })}
        title={t('chat.removeLabel', { name: profile.name })}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </li>
  );
}
