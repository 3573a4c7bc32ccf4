import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffMemberPage } from '@app/contract';
import { useAdminTranslation } from '../../../../shared/i18n';
import { memberPageKey } from '../../api/members';
import { useFormats } from '../../hooks/useFormats';
import { RecordTable } from '../RecordTable';
import { RefundDialog } from '../RefundDialog';

/**
 * The member's payments, newest first, each with its refunds and chargebacks (and the credits
 * they took back; one undone later, a refund that failed or was cancelled or a chargeback
 * reversed, struck through and said so); a paid payment with something left to refund has a
 * refund button.
 */
export function PaymentsTab({ page }: { page: StaffMemberPage }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { payments, reversals } = page;
  const open = payments.find((payment) => payment.id === refunding);
  return (
    <>
      <div role="status">{done && <div className="alert alert-success py-2">{done}</div>}</div>
      <RecordTable
        rows={payments}
        empty={t('members.none.payments')}
        head={[
          t('members.col.date'),
          t('members.col.method'),
          t('members.col.amount'),
          t('members.col.credits'),
          t('members.col.status'),
          t('members.actions.title'),
        ]}
        row={(payment) => (
          <tr key={payment.id}>
            <td>{format.dateTime(payment.created_at)}</td>
            <td>{t(`payment.methods.${payment.method}`, { defaultValue: payment.method })}</td>
            <td>
              {format.money(payment.amount_cents, payment.currency)}
              {payment.reversed_cents > 0 && (
                <span className="d-block small text-danger">
                  −{format.money(payment.reversed_cents, payment.currency)}
                </span>
              )}
              {reversals
                .filter((reversal) => reversal.payment === payment.id)
                .map((reversal) => (
                  <span key={reversal.id} className="d-block small">
                    <span
                      className={reversal.undone_at ? 'text-decoration-line-through' : undefined}
                    >
                      {t(`members.refund.line_${reversal.kind}`, {
                        amount: format.money(reversal.amount_cents, reversal.currency),
                        count: reversal.credits_taken,
                      })}
                      {reversal.credits_short > 0 &&
                        ` (${t('members.refund.lineShort', { short: reversal.credits_short })})`}
                    </span>
                    {' · '}
                    {format.date(reversal.created_at)}
                    {reversal.undone_at && (
                      <span className="d-block text-danger">
                        {t(`members.refund.undone_${reversal.kind}`, {
                          date: format.date(reversal.undone_at),
                        })}
                      </span>
                    )}
                  </span>
                ))}
            </td>
            <td>{payment.credits}</td>
            <td>{t(`payment.status.${payment.status}`)}</td>
            <td>
              {payment.refundable_cents > 0 && (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={t('members.refund.buttonLabel', { payment: payment.payment_id })}
                  onClick={() => {
                    setDone(null);
                    setRefunding(payment.id);
                  }}
                >
                  {t('members.refund.button')}
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {open && (
        <RefundDialog
          payment={open}
          balance={page.member.credits}
          memberId={page.member.id}
          onClose={() => setRefunding(null)}
          onDone={async (result) => {
            setRefunding(null);
            setDone(
              t('members.refund.done', {
                amount: format.money(result.refund.amount_cents, result.refund.currency),
                count: result.refund.credits_taken,
                credits: result.credits,
              }),
            );
            await queryClient.invalidateQueries({ queryKey: memberPageKey(page.member.id) });
          }}
        />
      )}
    </>
  );
}
