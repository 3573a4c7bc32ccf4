import type { StaffMemberPage } from '@app/contract';
import { useAdminTranslation } from '../../../../shared/i18n';
import { useFormats } from '../../hooks/useFormats';
import { RecordTable } from '../RecordTable';

/** The member's credit ledger, newest first: each change with the balance after it. */
export function LedgerTab({ ledger }: { ledger: StaffMemberPage['ledger'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  return (
    <RecordTable
      rows={ledger}
      empty={t('members.none.ledger')}
      head={[
        t('members.col.date'),
        t('members.col.change'),
        t('members.col.balance'),
        t('members.col.reason'),
      ]}
      row={(entry) => (
        <tr key={entry.id}>
          <td>{format.dateTime(entry.created_at)}</td>
          <td className={entry.delta < 0 ? 'text-danger' : 'text-success'}>
            {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
          </td>
          <td>{entry.balance_after}</td>
          <td>
            {t(`members.ledgerReason.${entry.reason}`, { defaultValue: entry.reason })}
            {entry.note && <span className="d-block small text-body-secondary">{entry.note}</span>}
          </td>
        </tr>
      )}
    />
  );
}
