import { useTranslation } from 'react-i18next';

/**
 * The "Boost" mark on a search card (issue 38 item 3): the member's boost runs in the search's
 * region, so the card stands first. Sits on the photo (MemberCard's `badge`); the words after it
 * say why for screen readers.
 */
export function BoostMark() {
  const { t } = useTranslation();
  return (
    <span className="badge rounded-pill boost-mark" data-testid="boost-mark">
      <span aria-hidden="true">🚀 </span>
      {t('members.boosted')}
      <span className="visually-hidden">: {t('members.boostedHint')}</span>
    </span>
  );
}
