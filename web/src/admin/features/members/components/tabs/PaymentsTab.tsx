import type { StaffMemberPage } from '@app/contract';
import { useAdminTranslation } from '../../../../shared/i18n';
import { useFormats } from '../../hooks/useFormats';
import { RecordTable } from '../RecordTable';

/** The member's payments, newest first, with what was reversed. */
export function PaymentsTab({ payments }: { payments: StaffMemberPage['payments'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  return (
    <RecordTable
      rows={payments}
      empty={t('members.none.payments')}
      head={[
        t('members.col.date'),
        t('members.col.method'),
        t('members.col.amount'),
        t('members.col.credits'),
        t('members.col.status'),
      ]}
      row={(payment) => (
        <tr key={payment.id}>
          <td>{format.dateTime(payment.created_at)}</td>
          <td>{payment.method}</td>
          <td>
            {format.money(payment.amount_cents, payment.currency)}
            {payment.reversed_cents > 0 && (
              <span className="d-block small text-danger">
                −{format.money(payment.reversed_cents, payment.currency)}
              </span>
            )}
          </td>
          <td>{payment.credits}</td>
          <td>{payment.status}</td>
        </tr>
      )}
    />
  );
}
