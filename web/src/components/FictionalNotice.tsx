import { useTranslation } from 'react-i18next';
import { useSettings } from '../api/settings';

/** The fictional-profile notice (settings.fictional_warning); never switched off. */
export function FictionalNotice({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className={`fictional-notice d-flex gap-3 align-items-start ${className}`} role="note">
      <span className="fictional-notice__icon" aria-hidden="true">
        {settings.fictional_icon}
      </span>
      <div>
        <strong className="d-block mb-1">
          {t('disclaimer.fictionalTitle', { plural: settings.fictional_plural })}
        </strong>
        <span>{settings.fictional_warning}</span>
      </div>
    </div>
  );
}
