import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, LoadError } from '../../../components/LoadStates';
import type { MemberSession } from '@app/contract';
import { serverErrorText } from '../../../api/server-error';
import { useEndAllSessions, useEndSession, useSessions } from '../api/sessions';
import { Modal } from '../../../components/Modal';
import { SettingsCard } from '../../../components/SettingsCard';
import { ServerErrorAlert } from '../../../components/form';
import { formatDate, intlLocale } from '../../../i18n/format';

const DEVICE_ICON: Record<string, string> = { mobile: '📱', tablet: '📱', '': '💻' };

/** "Firefox 133 op Linux", with the parts the user agent did not tell named as unknown. */
function useSessionName() {
  const { t } = useTranslation();
  return (session: MemberSession) =>
    t('sessions.browserOn', {
      browser: session.browser || t('sessions.unknownBrowser'),
      os: session.os || t('sessions.unknownOs'),
    });
}

/**
 * "Waar je bent ingelogd" in the settings: the member's live sessions (browser, system, country,
 * last seen; this browser marked), a log-out button per other session and "log out everywhere"
 * (asked first; this browser then goes to the login page).
 */
export function MemberSessions() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endAll = useEndAllSessions(() => void navigate('/login', { replace: true }));
  const [ended, setEnded] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const nameOf = useSessionName();
  const resetAll = endAll.reset;
  const close = useCallback(() => {
    setConfirming(false);
    resetAll();
  }, [resetAll]);
  const countries = new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'region' });
  const place = (country: string | null) =>
    (country && countries.of(country)) || t('sessions.unknownPlace');

  const logOut = (session: MemberSession) => {
    setEnded(null);
    endOne.mutate(session.id, { onSuccess: () => setEnded(nameOf(session)) });
  };

  return (
    <SettingsCard
      title={t('sessions.title')}
      intro={t('sessions.intro')}
      id="sessions"
      className="member-sessions"
    >
      {ended && (
        <div className="alert alert-success py-2" role="status">
          {t('sessions.loggedOut', { name: ended })}
        </div>
      )}
      <ServerErrorAlert
        message={endOne.isError ? serverErrorText(endOne.error, t) : null}
        className="py-2"
      />

      {sessions.isPending && <ListSkeleton label={t('sessions.loading')} rows={2} />}

      {sessions.isError && (
        <LoadError
          text={t('sessions.error')}
          onRetry={() => void sessions.refetch()}
          busy={sessions.isFetching}
        />
      )}

      {sessions.data && (
        <>
          <ul className="list-unstyled mb-3 member-sessions__list">
            {sessions.data.map((session) => (
              <li
                key={session.id}
                className="member-sessions__item d-flex align-items-start align-items-sm-center gap-3 py-2"
                aria-label={nameOf(session)}
              >
                <span className="member-sessions__icon fs-3 lh-1" aria-hidden="true">
                  {DEVICE_ICON[session.device] ?? DEVICE_ICON['']}
                </span>
                <div className="flex-grow-1 min-w-0 d-flex flex-column flex-sm-row align-items-start align-items-sm-center gap-2">
                  <div className="flex-grow-1 min-w-0">
                    <div className="fw-semibold text-break">
                      {nameOf(session)}
                      {session.current && (
                        <span className="badge text-bg-success rounded-pill ms-2 align-middle">
                          {t('sessions.current')}
                        </span>
                      )}
                    </div>
                    <div className="small text-body-secondary">
                      {place(session.country)} ·{' '}
                      {t('sessions.lastSeen', {
                        date: formatDate(
                          session.last_seen_at,
                          { dateStyle: 'medium', timeStyle: 'short' },
                          i18n.language,
                        ),
                      })}
                    </div>
                  </div>
                  {!session.current && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary rounded-pill px-3 flex-none"
                      onClick={() => logOut(session)}
                      disabled={endOne.isPending}
                      aria-label={t('sessions.logoutLabel', { name: nameOf(session) })}
                    >
                      {endOne.isPending && endOne.variables === session.id && (
                        <span
                          className="spinner-border spinner-border-sm me-2"
                          aria-hidden="true"
                        />
                      )}
                      {t('sessions.logout')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-outline-danger rounded-pill px-4"
            onClick={() => setConfirming(true)}
          >
            {t('sessions.logoutEverywhere')}
          </button>
        </>
      )}
      <Modal
        open={confirming}
        title={t('sessions.confirmTitle')}
        onClose={close}
        dismissible={!endAll.isPending}
        footer={
          <>
            <button
              type="button"
              className="btn btn-light rounded-pill px-4"
              onClick={close}
              disabled={endAll.isPending}
            >
              {t('sessions.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger rounded-pill px-4"
              onClick={() => endAll.mutate()}
              disabled={endAll.isPending}
              aria-busy={endAll.isPending || undefined}
            >
              {endAll.isPending && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t('sessions.confirm')}
            </button>
          </>
        }
      >
        <p className="mb-0">{t('sessions.confirmText')}</p>
        <ServerErrorAlert
          message={endAll.isError ? serverErrorText(endAll.error, t) : null}
          className="mt-3 mb-0"
        />
      </Modal>
    </SettingsCard>
  );
}
