import { useTranslation } from 'react-i18next';

/**
 * The verified badge (a moderator compared the member's selfie with their photos): a check
 * mark and the word, with a plain explanation for assistive technology and as a tooltip. Never
 * on a chat pal: the server sends `verified` false for every fictional profile.
 */
export function VerifiedBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge rounded-pill verified-badge ${className}`}
      title={t('verification.badgeExplained')}
      data-testid="verified-badge"
    >
      <svg aria-hidden="true" width="12" height="12" viewBox="0 0 16 16" fill="currentColor">
        <path d="M8 0l2.1 1.6 2.6-.2.8 2.5 2.1 1.6-.9 2.5.9 2.5-2.1 1.6-.8 2.5-2.6-.2L8 16l-2.1-1.6-2.6.2-.8-2.5L.4 10.5l.9-2.5-.9-2.5 2.1-1.6.8-2.5 2.6.2zM6.9 11.2l5-5-1.1-1.1-3.9 3.9-1.8-1.8L4 8.3z" />
      </svg>{' '}
      {t('verification.badge')}
      <span className="visually-hidden">: {t('verification.badgeExplained')}</span>
    </span>
  );
}
