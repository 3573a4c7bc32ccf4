import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contract';
import { useChooseLanguage, useLogout, useUser } from '../../api/user';
import { Brand } from '../../components/Brand';
import { CountBadge } from '../../components/CountBadge';
import { Dropdown } from '../../components/Dropdown';
import { useOfferedLanguages } from '../../api/settings';
import { CREDITS_WARNING_THRESHOLD } from '../../config/constants';
import { formatNumber } from '../../i18n/format';
import { useNavCounts } from './nav-counts';
import { useIsInstalledApp } from './installed-app';
import { SignupLink } from '../../components/signup/SignupLink';
import { useSignupsOpen } from '../../components/signup/tracking';
import { leavePush } from '../../features/push';

const BACK_BUTTON_PATHS = [/^\/members(\/|$)/, /^\/likes(\/|$)/, /^\/credits(\/|$)/];

export function TopNav() {
  const { t } = useTranslation();
  const { user, isPending } = useUser();
  const [expanded, setExpanded] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const installed = useIsInstalledApp();
  const signupsOpen = useSignupsOpen();
  const showBack =
    installed && !!user && BACK_BUTTON_PATHS.some((re) => re.test(location.pathname));

  return (
    <header className="site-header sticky-top">
      <nav className="navbar navbar-expand-lg bg-body shadow-sm" aria-label={t('nav.main')}>
        <div className="container">
          {showBack && (
            <button
              type="button"
              className="btn btn-link text-body px-1 me-1"
              onClick={() => navigate(-1)}
              aria-label={t('nav.back')}
            >
              ‹
            </button>
          )}
          <Brand to={user ? '/members' : '/'} />
          {isPending ? null : user ? (
            <>
              <button
                className="navbar-toggler border-0"
                type="button"
                aria-controls="member-menu"
                aria-expanded={expanded}
                onClick={() => setExpanded((value) => !value)}
              >
                <span className="navbar-toggler-icon" aria-hidden="true" />
                <span className="visually-hidden">{t('nav.toggle')}</span>
                <MenuAttentionDot />
              </button>
              {/* hears the clicks of its links (Enter clicks a link too): presentation only */}
              <div
                id="member-menu"
                className={`collapse navbar-collapse${expanded ? ' show' : ''}`}
                role="presentation"
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a')) setExpanded(false);
                }}
              >
                <MemberMenu user={user} />
              </div>
            </>
          ) : (
            <div className="d-flex align-items-center gap-2 ms-auto">
              {signupsOpen && (
                <SignupLink className="btn btn-outline-primary rounded-pill d-none d-sm-inline-block">
                  {t('nav.signup')}
                </SignupLink>
              )}
              <Link to="/login" className="btn btn-primary rounded-pill px-4">
                {t('nav.login')}
              </Link>
              {/* outside a .navbar-nav, whose menus are static below 992 px */}
              <LanguageMenu />
            </div>
          )}
        </div>
      </nav>
    </header>
  );
}

/**
 * On the collapsed menu's button (phones and tablets): a dot while there are unread messages or
 * new likes, which the menu's own badges then count; its text is read out with the button's name.
 */
function MenuAttentionDot() {
  const { t } = useTranslation();
  const { unreadMessages, newLikes } = useNavCounts();
  const parts = [
    unreadMessages > 0 ? t('nav.unreadMessages', { count: unreadMessages }) : null,
    newLikes > 0 ? t('nav.newLikes', { count: newLikes }) : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <span className="navbar-toggler-dot" data-testid="menu-attention-dot">
      <span className="visually-hidden">{`, ${parts.join(', ')}`}</span>
    </span>
  );
}

function MemberMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unreadMessages, newLikes } = useNavCounts();
  const logout = useLogout(() => void navigate('/'));
  const creditsBadge =
    user.credits <= 0
      ? 'text-bg-danger'
      : user.credits <= CREDITS_WARNING_THRESHOLD
        ? 'text-bg-warning'
        : 'text-bg-light';

  return (
    <>
      <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-1">
        <li className="nav-item">
          <NavLink to="/members" className="nav-link" end>
            <span className="nav-icon" aria-hidden="true">
              🔍
            </span>
            {t('nav.searchMembers')}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/chats" className="nav-link">
            <span className="nav-icon" aria-hidden="true">
              💬
            </span>
            {t('nav.messages')}
            <CountBadge
              count={unreadMessages}
              label={t('nav.unreadMessages', { count: unreadMessages })}
            />
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/likes" className="nav-link">
            <span className="nav-icon" aria-hidden="true">
              ❤
            </span>
            {t('nav.likes')}
            <CountBadge count={newLikes} label={t('nav.newLikes', { count: newLikes })} />
          </NavLink>
        </li>
        <li className="nav-item">
          {user.paid_user ? (
            <NavLink to="/credits" className="nav-link">
              <span className="nav-icon" aria-hidden="true">
                🪙
              </span>
              {t('nav.credits')}
              <span
                className={`badge rounded-pill nav-badge ${creditsBadge}`}
                data-testid="credits-badge"
              >
                {formatNumber(user.credits)}
                <span className="visually-hidden">
                  {' '}
                  {t('nav.creditsBalance', { count: user.credits })}
                </span>
              </span>
            </NavLink>
          ) : (
            <NavLink
              to="/premium"
              className="btn btn-warning btn-sm rounded-pill px-3 my-2 my-lg-0 ms-lg-2 fw-semibold"
            >
              ⭐ {t('nav.getPremium')}
            </NavLink>
          )}
        </li>
      </ul>
      <ul className="navbar-nav align-items-lg-center ms-lg-2">
        <li className="nav-item">
          <Dropdown label={user.profile?.name ?? t('nav.account')} ariaLabel={t('nav.account')}>
            {(close) => (
              <>
                <li>
                  <Link className="dropdown-item" to="/profile" onClick={close}>
                    {t('nav.myProfile')}
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/visitors" onClick={close}>
                    {t('nav.visitors')}
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/favourites" onClick={close}>
                    {t('nav.favourites')}
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/boost" onClick={close}>
                    {t('nav.boost')}
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/notifications" onClick={close}>
                    {t('nav.notifications')}
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/account" onClick={close}>
                    {t('nav.settings')}
                  </Link>
                </li>
                <li>
                  <hr className="dropdown-divider" />
                </li>
                <li>
                  <button
                    type="button"
                    className="dropdown-item"
                    onClick={() => {
                      close();
                      // this browser's pushes end with the session
                      void leavePush().finally(() => logout.mutate());
                    }}
                  >
                    {t('nav.logout')}
                  </button>
                </li>
              </>
            )}
          </Dropdown>
        </li>
        <LanguageMenu item />
      </ul>
    </>
  );
}

/**
 * The language dropdown: the languages the site offers (the setting languages_offered) by their
 * own names, and the language page. With one language offered (nl only, the default) there is
 * nothing to choose, and no menu: a menu with one choice is noise in the header.
 */
function LanguageMenu({ item = false }: { item?: boolean }) {
  const { t, i18n } = useTranslation();
  const choose = useChooseLanguage();
  const offered = useOfferedLanguages();
  if (offered.length < 2) return null;
  const menu = (
    <Dropdown label={i18n.language.toUpperCase()} ariaLabel={t('nav.language')}>
      {(close) => (
        <>
          {offered.map((language) => (
            <li key={language}>
              <button
                type="button"
                lang={language}
                className={`dropdown-item${language === i18n.language ? ' active' : ''}`}
                aria-current={language === i18n.language ? 'true' : undefined}
                onClick={() => {
                  close();
                  choose.mutate(language);
                }}
              >
                {t(`languages.${language}`)}
              </button>
            </li>
          ))}
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <Link className="dropdown-item" to="/lang-config" onClick={close}>
              {t('pages.langConfig')}
            </Link>
          </li>
        </>
      )}
    </Dropdown>
  );
  return item ? <li className="nav-item">{menu}</li> : menu;
}
