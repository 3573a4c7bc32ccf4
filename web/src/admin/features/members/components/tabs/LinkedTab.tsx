import { Link } from 'react-router';
import type { StaffMemberPage } from '@app/contract';
import { useAdminTranslation } from '../../../../shared/i18n';
import { RecordTable } from '../RecordTable';
import { StatusBadge } from '../StatusBadge';

/**
 * Other accounts that look like the same person, with the signals they share: the same browser
 * or payment instrument (these make the welcome discount, the time bonus and the free
 * conversations once per person) or only the same address range (shown, never acted on).
 */
export function LinkedTab({ linked }: { linked: StaffMemberPage['linked_accounts'] }) {
  const { t } = useAdminTranslation();
  return (
    <>
      <p className="small text-body-secondary">{t('members.linkedIntro')}</p>
      <RecordTable
        rows={linked}
        empty={t('members.none.linked')}
        head={[t('members.account'), t('members.col.status'), t('members.col.signals')]}
        row={(account) => (
          <tr key={account.id}>
            <td>
              <Link to={`/admin/members/${account.id}`}>
                #{account.id} {account.email ?? t('members.noEmail')}
              </Link>
            </td>
            <td>
              <StatusBadge status={account.status} />
            </td>
            <td>{account.kinds.map((kind) => t(`members.signal.${kind}`)).join(', ')}</td>
          </tr>
        )}
      />
    </>
  );
}
