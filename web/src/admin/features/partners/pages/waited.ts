import { useAdminTranslation } from '../../../shared/i18n';

/** "waiting 5 min" from a moment, in the console's language. */
export function useWaited() {
  const { t } = useAdminTranslation();
  return (since: string, now = Date.now()) => {
    const minutes = Math.max(0, Math.round((now - new Date(since).getTime()) / 60_000));
    return minutes < 60
      ? t('partners.inbox.waitedMinutes', { count: minutes })
      : t('partners.inbox.waitedHours', { count: Math.floor(minutes / 60) });
  };
}
