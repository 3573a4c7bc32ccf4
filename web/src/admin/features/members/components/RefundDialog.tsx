import { useId, useState } from 'react';
import { reversalCredits, type PaymentRefundResponse, type StaffMemberPage } from '@app/contract';
import { usePendingKey } from '../../../../api/idempotency';
import { useAdminTranslation } from '../../../shared/i18n';
import { refundPayment } from '../api/members';
import { useFormats } from '../hooks/useFormats';
import { ActionDialog, ReasonField, reasonOk } from './ActionDialog';

type Payment = StaffMemberPage['payments'][number];

/** "12,34" or "12.34" (at most two decimals) as cents; null for anything else. */
export function parseCents(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * An admin's refund of one payment: the amount (the whole of what is left, or part of it) and a
 * reason; before confirming, what it does to the member's credits by the one rule
 * (contract `reversalCredits`: the share that goes with the amount, rounded up, as far as the
 * member still has them). One Idempotency-Key per intended refund, kept until it succeeds.
 */
export function RefundDialog({
  payment,
  balance,
  memberId,
  onClose,
  onDone,
}: {
  payment: Payment;
  balance: number;
  memberId: number;
  onClose: () => void;
  onDone: (result: PaymentRefundResponse) => Promise<void>;
}) {
  const { t, i18n } = useAdminTranslation();
  const format = useFormats();
  const id = useId();
  const keys = usePendingKey<{ amount_cents: number; reason: string }>();
  const left = payment.refundable_cents;
  const decimal =
    new Intl.NumberFormat(i18n.language).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? ',';
  const [amount, setAmount] = useState((left / 100).toFixed(2).replace('.', decimal));
  const [reason, setReason] = useState('');
  const cents = parseCents(amount);
  const amountOk = cents !== null && cents > 0 && cents <= left;
  const effect =
    amountOk && cents !== null
      ? reversalCredits(
          {
            credits: payment.credits,
            amountCents: payment.amount_cents,
            reversedCents: payment.reversed_cents,
          },
          cents,
          balance,
        )
      : null;
  const money = (value: number) => format.money(value, payment.currency);
  return (
    <ActionDialog
      title={t('members.refund.title')}
      intro={t('members.refund.intro', {
        payment: payment.payment_id,
        amount: money(payment.amount_cents),
        count: payment.credits,
        left: money(left),
      })}
      submitLabel={t('members.refund.submit')}
      danger
      canSubmit={amountOk && reasonOk(reason)}
      onClose={onClose}
      onSubmit={async () => {
        const intent = { amount_cents: cents!, reason: reason.trim() };
        const key = keys.keyFor(intent);
        const result = await refundPayment(memberId, payment.id, intent, key);
        keys.succeeded(key);
        await onDone(result);
      }}
    >
      <div className="mb-3">
        <label className="form-label fw-semibold" htmlFor={id}>
          {t('members.refund.amount', { currency: payment.currency })}
        </label>
        <input
          id={id}
          className="form-control"
          inputMode="decimal"
          value={amount}
          aria-invalid={!amountOk}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAmount(event.target.value)}
        />
        <div id={`${id}-hint`} className="form-text">
          {t('members.refund.amountHint', { left: money(left) })}
        </div>
      </div>
      <div className="alert alert-warning py-2" role="status" aria-live="polite">
        {effect && (
          <>
            <p className="mb-1 fw-semibold">
              {t('members.refund.preview', {
                amount: money(cents!),
                count: effect.taken,
                balance,
              })}
            </p>
            {effect.short > 0 && (
              <p className="mb-1">{t('members.refund.short', { count: effect.short })}</p>
            )}
          </>
        )}
        <p className="mb-0 small">{t('members.refund.rule')}</p>
      </div>
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}
