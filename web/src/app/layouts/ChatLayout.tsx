import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopNav } from './TopNav';
import { TimeBonus } from '../../features/credits';
import { ConsentGate } from '../../features/consent';
import { ConversationList } from '../../features/chats';
import { useUser } from '../../api/user';
import { SiteEntryWarning } from '../../features/site-entry';
import { useIsInstalledApp } from './installed-app';

/**
 * Full height: the conversation list (300-400 px, hidden below 992 px, where /chats shows it
 * as its page) and the message area (at most 800 px wide), each scrolling on its own.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const { user } = useUser();
  const installedApp = useIsInstalledApp();
  return (
    <div className="layout layout--chat d-flex flex-column">
      <TopNav />
      {user && <TimeBonus />}
      {user && user.pending_consents.length > 0 ? (
        <main id="main" className="flex-grow-1">
          <ConsentGate />
        </main>
      ) : (
        <div className="chat-shell flex-grow-1 d-flex">
          {user && (
            <aside
              className="chat-shell__list d-none d-lg-flex flex-column"
              aria-label={t('chat.conversations')}
            >
              <h2 className="h6 px-3 pt-3 pb-2 mb-0 text-uppercase text-body-secondary">
                {t('chat.conversations')}
              </h2>
              <ConversationList />
            </aside>
          )}
          <main id="main" className="chat-shell__main flex-grow-1 d-flex">
            <div className="chat-shell__messages w-100 mx-auto d-flex flex-column">
              <Outlet />
            </div>
          </main>
        </div>
      )}
      <SiteEntryWarning installedApp={installedApp} />
    </div>
  );
}
