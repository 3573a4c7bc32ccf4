import { useAdminTranslation } from '../../../shared/i18n';

/** The label shown wherever a chat partner appears: it is a fictional profile. */
export function FictionalBadge() {
  const { t } = useAdminTranslation();
  return (
    <span className="badge text-bg-warning admin-fictional" title={t('partners.fictionalHint')}>
      🎭 {t('partners.fictional')}
    </span>
  );
}
