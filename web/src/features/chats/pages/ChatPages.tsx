import { matchPath, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { ErrorPage } from '../../../components/ErrorPage';
import { useChats } from '../../../api/chats';
import { useUser } from '../../../api/user';
import { useIsDesktop } from '../../../components/useIsDesktop';
import { ConversationList } from '../components/ConversationList';
import { Conversation } from '../components/Conversation';
import { lastChat } from '../model/last-chat';
import { MEMBER_CHAT_PATH, type ChatRouteState } from '../model/route-state';

/** A route's id: a positive whole number, else null (the page is not found). */
function routeId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/**
 * /chats: on a phone or tablet the conversation list itself (the layout's list is hidden below
 * 992 px); on a desktop the conversation opened last (chat state), when it is still in the list,
 * else, beside that list, an invitation to pick one.
 */
export function ChatsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.chats'));
  const { user } = useUser();
  const desktop = useIsDesktop();
  const last = user && desktop ? lastChat(user.id) : null;
  const chats = useChats({ enabled: last !== null });
  if (last !== null && chats.data?.chats.some((chat) => chat.conversation.id === last)) {
    return <Navigate to={`/chats/${last}`} replace />;
  }
  return (
    <>
      <div className="chat-page-list d-lg-none flex-grow-1">
        <h1 className="h5 px-3 pt-3 pb-2 mb-0">{t('chat.conversations')}</h1>
        <ConversationList />
      </div>
      <div className="chat-placeholder flex-grow-1 d-none d-lg-flex flex-column align-items-center justify-content-center text-center p-4">
        <div className="chat-placeholder__icon mb-3" aria-hidden="true">
          💬
        </div>
        <h1 className="h4">{t('pages.chats')}</h1>
        <p className="text-body-secondary mb-0">{t('chat.selectConversation')}</p>
      </div>
    </>
  );
}

/**
 * /chats/{id} (one conversation) and /members/{id}/chat (the conversation with a member, which
 * the first message starts). Both routes render this one page, so that when a conversation begun
 * on /members/{id}/chat moves to its own URL (the state says which member it began with) it stays
 * the same conversation view: its messages, draft and scroll position are kept. Visitors may not
 * chat: on /members/{id}/chat they are sent to sign up with that member in view.
 */
export function ConversationPage() {
  const { pathname, state } = useLocation();
  const id = routeId(useParams().id);
  const { user, isPending } = useUser();
  const withMember = matchPath(MEMBER_CHAT_PATH, pathname) !== null;
  if (id === null) return <ErrorPage status={404} />;
  if (withMember) {
    if (isPending) return null;
    if (!user) return <Navigate to={`/members/${id}/signup`} replace />;
    return <Conversation key={`member-${id}`} target={{ member: id }} />;
  }
  const startedWith = (state as ChatRouteState | null)?.startedWith;
  if (typeof startedWith === 'number') {
    return <Conversation key={`member-${startedWith}`} target={{ member: startedWith }} />;
  }
  return <Conversation key={`conversation-${id}`} target={{ conversation: id }} />;
}
