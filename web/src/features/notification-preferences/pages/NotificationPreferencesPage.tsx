import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferenceKey, NotificationSettingsResponse } from '@app/contract';
import { useNotificationSettings } from '../api/notification-preferences';
import { usePageTitle } from '../../../components/usePageTitle';
import { EmailDisabledReasons } from '../components/EmailDisabledReasons';
import { PreferenceSwitch } from '../components/PreferenceSwitch';
import { LoadError } from '../../../components/LoadStates';
import { SettingsCard } from '../../../components/SettingsCard';
import { PushPreference } from '../../push';

/**
 * Anchors of the account settings, which lived on this page before: old links and mails such
 * as /notifications#email land on /account with the anchor.
 */
export const ACCOUNT_ANCHORS = new Set(['#email', '#password', '#blocks', '#delete', '#sessions']);

/** The spec's eight preferences and visitors (issue 38) in two groups: what members do, and what the site sends. */
const GROUPS: { key: string; items: NotificationPreferenceKey[] }[] = [
  {
    key: 'members',
    items: ['new_conversations', 'new_messages', 'like', 'visits', 'unread_message_reminders'],
  },
  { key: 'site', items: ['weekly_updates', 'news', 'promotions', 'reminders'] },
];

/**
 * "Meldingen" (/notifications, SPEC: notification preferences): a switch per preference, each
 * saved at once, and push on this device. The page is a grid of SettingsCard cards.
 */
export function NotificationPreferencesPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notifications'));
  const { hash } = useLocation();
  const settings = useNotificationSettings();
  if (ACCOUNT_ANCHORS.has(hash)) return <Navigate to={`/account${hash}`} replace />;

  return (
    <section className="container py-4 py-md-5 notification-preferences">
      <h1 className="h3 mb-2">{t('notificationSettings.title')}</h1>
      <p className="text-body-secondary mb-4">{t('notificationSettings.intro')}</p>

      {settings.isPending && (
        <div className="row g-4" aria-busy="true" aria-label={t('notificationSettings.loading')}>
          {GROUPS.map((group) => (
            <div key={group.key} className="col-12 col-lg-6">
              <div className="card border-0 shadow-sm rounded-4 p-4">
                <span className="skeleton skeleton--line w-50 mb-3" />
                {group.items.map((item) => (
                  <span key={item} className="skeleton skeleton--line w-75 my-3" />
                ))}
              </div>
            </div>
          ))}
        </div>
      )}

      {settings.isError && (
        <LoadError
          text={t('notificationSettings.error')}
          onRetry={() => void settings.refetch()}
          busy={settings.isFetching}
          className="card border-0 shadow-sm rounded-4 p-4 text-center"
        />
      )}

      {settings.data && <Sections settings={settings.data} />}

      <p className="small text-body-secondary mt-4 mb-0">
        {t('notificationSettings.accountHint')}{' '}
        <Link to="/account" className="fw-semibold">
          {t('notificationSettings.accountLink')}
        </Link>
      </p>
    </section>
  );
}

/** The cards of the page, in order. */
function Sections({ settings }: { settings: NotificationSettingsResponse }) {
  const { t } = useTranslation();
  const disabled = settings.notifications_disabled;
  return (
    <div className="row g-4">
      {disabled.length > 0 && (
        <div className="col-12">
          <div
            className="alert alert-warning rounded-4 mb-0"
            role="region"
            aria-label={t('emailDisabled.title')}
          >
            <strong className="d-block mb-1">{t('emailDisabled.title')}</strong>
            <EmailDisabledReasons reasons={disabled} />
          </div>
        </div>
      )}
      {GROUPS.map((group) => (
        <div key={group.key} className="col-12 col-lg-6">
          <SettingsCard
            title={t(`notificationSettings.groups.${group.key}.title`)}
            intro={t(`notificationSettings.groups.${group.key}.intro`)}
            id={`preferences-${group.key}`}
          >
            {group.items.map((name) => (
              <PreferenceSwitch key={name} name={name} checked={settings.preferences[name]} />
            ))}
          </SettingsCard>
        </div>
      ))}
      <div className="col-12 col-lg-6">
        <SettingsCard
          title={t('push.preference.cardTitle')}
          intro={t('push.preference.cardIntro')}
          id="preferences-push"
        >
          <PushPreference />
        </SettingsCard>
      </div>
    </div>
  );
}
