import type { AccountStatus } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';

const TONE: Record<AccountStatus, string> = {
  confirmed: 'text-bg-success',
  not_confirmed: 'text-bg-secondary',
  deleted: 'text-bg-warning',
  purged: 'text-bg-dark',
  banned: 'text-bg-danger',
};

/** An account's state as a coloured label (the word carries it, not the colour alone). */
export function StatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useAdminTranslation();
  return <span className={`badge ${TONE[status]}`}>{t(`members.status.${status}`)}</span>;
}
