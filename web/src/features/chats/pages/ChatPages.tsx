import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';

function ChatPlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  usePageTitle(t(titleKey));
  return (
    <div className="chat-placeholder flex-grow-1 d-flex flex-column align-items-center justify-content-center text-center p-4">
      <div className="placeholder-page__icon mb-3" aria-hidden="true">
        💬
      </div>
      <h1 className="h4">{t(titleKey)}</h1>
      <p className="text-body-secondary mb-1">{t('chat.selectConversation')}</p>
      <p className="small text-body-secondary mb-0">
        <span className="badge text-bg-light text-primary">{t('common.comingSoon')}</span>
      </p>
    </div>
  );
}

export function ChatsPage() {
  return <ChatPlaceholder titleKey="pages.chats" />;
}
export function ChatPage() {
  return <ChatPlaceholder titleKey="pages.chat" />;
}
export function MemberChatPage() {
  return <ChatPlaceholder titleKey="pages.memberChat" />;
}
