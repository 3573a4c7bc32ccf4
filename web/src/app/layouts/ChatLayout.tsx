import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopNav } from './TopNav';
import { TimeBonus } from '../../features/credits';
import { useUser } from '../../api/user';

/**
 * Full height: conversation list (300-400 px, hidden below 992 px) and the message area
 * (at most 800 px wide). The list is a skeleton until the chats feature fills it.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const { user } = useUser();
  return (
    <div className="layout layout--chat d-flex flex-column">
      <TopNav />
      {user && <TimeBonus />}
      <div className="chat-shell flex-grow-1 d-flex">
        <aside
          className="chat-shell__list d-none d-lg-flex flex-column"
          aria-label={t('chat.conversations')}
        >
          <h2 className="h6 px-3 pt-3 pb-2 mb-0 text-uppercase text-body-secondary">
            {t('chat.conversations')}
          </h2>
          <ul className="list-unstyled mb-0 px-2" aria-busy="true">
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
        </aside>
        <main id="main" className="chat-shell__main flex-grow-1 d-flex">
          <div className="chat-shell__messages w-100 mx-auto d-flex flex-column">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
