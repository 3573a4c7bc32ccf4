import { useTranslation } from 'react-i18next';
import { useSettings } from '../api/settings';

/**
 * The label every fictional profile carries wherever it appears (ARCHITECTURE, "Fictional chat
 * partners"): the fictional icon and the fictional_singular word, with a plain explanation.
 */
export function FictionalBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const explanation = t('members.fictionalExplained', { label: settings.fictional_singular });
  return (
    <span
      className={`badge rounded-pill fictional-badge ${className}`}
      title={explanation}
      data-testid="fictional-badge"
    >
      <span aria-hidden="true">{settings.fictional_icon}</span> {settings.fictional_singular}
      <span className="visually-hidden">: {explanation}</span>
    </span>
  );
}
