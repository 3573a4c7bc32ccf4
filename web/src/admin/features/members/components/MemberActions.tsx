import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_CREDIT_ADJUSTMENT, type StaffMemberPage } from '@app/contract';
import { usePendingKey } from '../../../../api/idempotency';
import { useAdminTranslation } from '../../../shared/i18n';
import { adjustCredits, endSessions, erase, memberPageKey, reactivate } from '../api/members';
import { ActionDialog, ReasonField, reasonOk } from './ActionDialog';

type Open = 'credits' | 'sessions' | 'reactivate' | 'erase' | null;

/**
 * The actions on a member's account: adjust credits, end sessions, reactivate, erase now. Each
 * asks in a dialog; after it the page reloads and a line says what happened.
 */
export function MemberActions({ page }: { page: StaffMemberPage }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const { member } = page;
  const gone = member.status === 'purged';
  const finish = async (message: string) => {
    setOpen(null);
    setDone(message);
    await queryClient.invalidateQueries({ queryKey: memberPageKey(member.id) });
  };
  return (
    <>
      <div className="d-flex flex-wrap gap-2" aria-label={t('members.actions.title')} role="group">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={gone}
          onClick={() => setOpen('credits')}
        >
          {t('members.actions.credits')}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={gone}
          onClick={() => setOpen('sessions')}
        >
          {t('members.actions.sessions')}
        </button>
        {member.reactivatable && (
          <button
            type="button"
            className="btn btn-outline-success btn-sm"
            onClick={() => setOpen('reactivate')}
          >
            {t('members.actions.reactivate')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={gone || member.roles.length > 0}
          onClick={() => setOpen('erase')}
        >
          {t('members.actions.erase')}
        </button>
      </div>
      <div role="status" className="mt-2">
        {done && <div className="alert alert-success py-2 mb-0">{done}</div>}
      </div>
      {open === 'credits' && (
        <CreditsDialog
          page={page}
          onClose={() => setOpen(null)}
          onDone={(credits) => finish(t('members.actions.creditsDone', { credits }))}
        />
      )}
      {open === 'sessions' && (
        <SessionsDialog
          page={page}
          onClose={() => setOpen(null)}
          onDone={(ended) => finish(t('members.actions.sessionsDone', { number: ended }))}
        />
      )}
      {open === 'reactivate' && (
        <ReactivateDialog
          page={page}
          onClose={() => setOpen(null)}
          onDone={() => finish(t('members.actions.reactivateDone'))}
        />
      )}
      {open === 'erase' && (
        <EraseDialog
          page={page}
          onClose={() => setOpen(null)}
          onDone={() => finish(t('members.actions.eraseDone'))}
        />
      )}
    </>
  );
}

interface DialogProps<T> {
  page: StaffMemberPage;
  onClose: () => void;
  onDone: (result: T) => Promise<void>;
}

function CreditsDialog({ page, onClose, onDone }: DialogProps<number>) {
  const { t } = useAdminTranslation();
  const id = useId();
  const keys = usePendingKey<{ amount: number; reason: string }>();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const value = Number(amount);
  const amountOk =
    /^-?\d+$/.test(amount.trim()) && value !== 0 && Math.abs(value) <= MAX_CREDIT_ADJUSTMENT;
  return (
    <ActionDialog
      title={t('members.actions.creditsTitle')}
      intro={t('members.actions.creditsIntro', { count: page.member.credits })}
      submitLabel={t('members.actions.creditsSubmit')}
      canSubmit={amountOk && reasonOk(reason)}
      onClose={onClose}
      onSubmit={async () => {
        const intent = { amount: value, reason: reason.trim() };
        const key = keys.keyFor(intent);
        const result = await adjustCredits(page.member.id, intent, key);
        keys.succeeded(key);
        await onDone(result.credits);
      }}
    >
      <div className="mb-3">
        <label className="form-label fw-semibold" htmlFor={id}>
          {t('members.actions.amount')}
        </label>
        <input
          id={id}
          className="form-control"
          inputMode="numeric"
          value={amount}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAmount(event.target.value)}
        />
        <div id={`${id}-hint`} className="form-text">
          {t('members.actions.amountHint')}
        </div>
      </div>
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}

function SessionsDialog({ page, onClose, onDone }: DialogProps<number>) {
  const { t } = useAdminTranslation();
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={t('members.actions.sessionsTitle')}
      intro={t('members.actions.sessionsIntro', { count: page.sessions.length })}
      submitLabel={t('members.actions.sessionsSubmit')}
      canSubmit={reasonOk(reason)}
      onClose={onClose}
      onSubmit={async () => {
        const result = await endSessions(page.member.id, reason.trim());
        await onDone(result.ended);
      }}
    >
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}

function ReactivateDialog({ page, onClose, onDone }: DialogProps<void>) {
  const { t } = useAdminTranslation();
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={t('members.actions.reactivateTitle')}
      intro={t('members.actions.reactivateIntro')}
      submitLabel={t('members.actions.reactivateSubmit')}
      canSubmit={reasonOk(reason)}
      onClose={onClose}
      onSubmit={async () => {
        await reactivate(page.member.id, reason.trim());
        await onDone();
      }}
    >
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}

function EraseDialog({ page, onClose, onDone }: DialogProps<void>) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  return (
    <ActionDialog
      title={t('members.actions.eraseTitle')}
      intro={t('members.actions.eraseIntro')}
      submitLabel={t('members.actions.eraseSubmit')}
      danger
      canSubmit={typed.trim() === String(page.member.id)}
      onClose={onClose}
      onSubmit={async () => {
        await erase(page.member.id, typed.trim());
        await onDone();
      }}
    >
      <label className="form-label fw-semibold" htmlFor={id}>
        {t('members.actions.eraseConfirm', { id: page.member.id })}
      </label>
      <input
        id={id}
        className="form-control"
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </ActionDialog>
  );
}
