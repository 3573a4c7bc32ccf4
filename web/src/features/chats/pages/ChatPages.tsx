import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { ErrorPage } from '../../../components/ErrorPage';
import { useUser } from '../../../api/user';
import { ConversationList } from '../components/ConversationList';
import { Conversation } from '../components/Conversation';

/** A route's id: a positive whole number, else null (the page is not found). */
function routeId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/**
 * /chats: on a phone or tablet the conversation list itself (the layout's list is hidden below
 * 992 px); on a desktop, beside that list, an invitation to pick one.
 */
export function ChatsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.chats'));
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

/** /chats/{id}: one conversation. */
export function ChatPage() {
  const id = routeId(useParams().id);
  if (id === null) return <ErrorPage status={404} />;
  return <Conversation key={`conversation-${id}`} target={{ conversation: id }} />;
}

/**
 * /members/{id}/chat: the conversation with a member, which the first message starts. Visitors
 * may not chat: they are sent to sign up with that member in view.
 */
export function MemberChatPage() {
  const id = routeId(useParams().id);
  const { user, isPending } = useUser();
  if (id === null) return <ErrorPage status={404} />;
  if (isPending) return null;
  if (!user) return <Navigate to={`/members/${id}/signup`} replace />;
  return <Conversation key={`member-${id}`} target={{ member: id }} />;
}
