import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language, type StaffMember } from '@app/contract';
import { ShellError, ShellLoading } from '../../components/ShellState';
import { chooseLanguage } from '../../i18n/locale';
import {
  forgetStaff,
  isForbidden,
  mayUse,
  staffMeQueryKey,
  staffMeQueryOptions,
} from '../shared/api';
import { useAdminMessages, useAdminTranslation } from '../shared/i18n';
import { useStaffActivity } from '../shared/activity';
import { useStaffSocket } from '../shared/realtime';
import { RecoveryCodesNotice, staffLogout } from '../features/auth';
import { ADMIN_AREAS } from './areas';
import { ADMIN_CATALOGUES } from './catalogues';
import './admin.scss';

const LOGIN_PATH = '/admin/login';

/**
 * The staff console (/admin): its own route tree, chunks, texts (namespace admin) and session.
 * Signed out, every page but the sign-in sends to it (and back afterwards); signed in, the
 * layout shows the areas the staff member's roles may use, and the console's socket keeps its
 * queues live. A 403 from any staff call re-reads /api/staff/me: a lost session goes back to the
 * sign-in, a role that may not see something keeps the page and says so.
 */
export function AdminShell() {
  const ready = useAdminMessages(ADMIN_CATALOGUES);
  const queryClient = useQueryClient();
  const me = useQuery(staffMeQueryOptions());
  const { pathname, search } = useLocation();
  const staff = me.data?.staff ?? null;
  useStaffSocket(staff !== null);
  useStaffActivity();

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const { queryKey, state } = event.query;
        if (event.type !== 'updated' || queryKey[0] !== 'admin') return;
        if (queryKey[1] !== 'me' && isForbidden(state.error)) {
          void queryClient.invalidateQueries({ queryKey: staffMeQueryKey });
        }
      }),
    [queryClient],
  );

  if (!ready || me.isPending) return <ShellLoading />;
  if (me.isError) return <ShellError onRetry={() => void me.refetch()} />;
  const onLogin = pathname === LOGIN_PATH;
  if (!staff && !onLogin) {
    return (
      <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`} replace />
    );
  }
  if (onLogin) {
    return (
      <main className="admin-auth d-flex align-items-center justify-content-center py-4">
        <Outlet />
      </main>
    );
  }
  return (
    <AdminLayout
      staff={staff as StaffMember}
      recoveryCodesLeft={me.data?.recovery_codes_left ?? null}
    />
  );
}

function AdminLayout({
  staff,
  recoveryCodesLeft,
}: {
  staff: StaffMember;
  recoveryCodesLeft: number | null;
}) {
  const { t } = useAdminTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => setMenuOpen(false), [pathname]);
  const signOut = useMutation({
    mutationFn: staffLogout,
    onSettled: () => {
      forgetStaff(queryClient);
      void navigate(LOGIN_PATH, { replace: true });
    },
  });
  const areas = ADMIN_AREAS.filter((area) => mayUse(staff.roles, area.roles));
  const roles = staff.roles.map((role) => t(`app.roles.${role}`)).join(', ');
  return (
    <div className="admin">
      <a className="visually-hidden-focusable admin__skip" href="#admin-content">
        {t('app.skipToContent')}
      </a>
      <header className="admin__bar navbar navbar-dark px-3">
        <button
          type="button"
          className="btn btn-sm btn-outline-light d-lg-none me-2"
          aria-expanded={menuOpen}
          aria-controls="admin-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('app.menu')}
        </button>
        <NavLink to="/admin" end className="navbar-brand me-auto">
          <span aria-hidden="true">♥ </span>
          {t('app.consoleName')}
        </NavLink>
        <span className="admin__who d-none d-md-inline text-white-50 me-3 small">
          {t('app.signedInAs', { email: staff.email })} · {roles}
        </span>
        <ConsoleLanguage />
        <button
          type="button"
          className="btn btn-sm btn-light"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          {signOut.isPending ? t('app.signingOut') : t('app.signOut')}
        </button>
      </header>
      <div className="admin__body">
        <nav
          id="admin-navigation"
          className={`admin__nav${menuOpen ? ' admin__nav--open' : ''}`}
          aria-label={t('app.mainNavigation')}
        >
          <ul className="nav flex-column py-2">
            {areas.map((area) => (
              <li className="nav-item" key={area.key}>
                <NavLink
                  to={area.path ? `/admin/${area.path}` : '/admin'}
                  end={area.path === ''}
                  className="nav-link d-flex align-items-center gap-2"
                >
                  <span aria-hidden="true">{area.icon}</span>
                  {t(`app.areas.${area.key}.name`)}
                </NavLink>
              </li>
            ))}
          </ul>
          <p className="d-md-none small text-body-secondary px-3">
            {t('app.signedInAs', { email: staff.email })} · {roles}
          </p>
        </nav>
        <main id="admin-content" className="admin__main" tabIndex={-1}>
          {recoveryCodesLeft === 0 && <RecoveryCodesNotice />}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/**
 * The console's language: all seven, whatever the site offers its members (the setting
 * languages_offered): staff may need English while members are offered Dutch only. The choice is
 * the locale cookie; the member site shows a language it does not offer as nl.
 */
function ConsoleLanguage() {
  const { t } = useAdminTranslation();
  const { t: tSite, i18n } = useTranslation();
  return (
    <select
      className="form-select form-select-sm w-auto me-2 admin__language"
      aria-label={t('app.language')}
      value={i18n.language}
      onChange={(event) => chooseLanguage(event.target.value as Language)}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {tSite(`languages.${language}`)}
        </option>
      ))}
    </select>
  );
}
