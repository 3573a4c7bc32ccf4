import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MODERATION_REASON_MAX,
  type ComplaintAction,
  type ComplaintDetailResponse,
} from '@app/contract';
import { AdminError } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { actOnComplaint, complaintQueryOptions, complaintsKey } from '../api/complaints';

const ACTION_STYLE: Record<ComplaintAction, string> = {
  dismiss: 'btn-outline-secondary',
  warn: 'btn-outline-dark',
  hide: 'btn-outline-primary',
  ban: 'btn-danger',
  unban: 'btn-outline-success',
};

/**
 * The actions possible now, each with a reason (a ban asks to confirm). When another staff
 * member was first, the answer (409) says so and the page shows the new state.
 */
export function ActionsCard({ complaint }: { complaint: ComplaintDetailResponse['complaint'] }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ComplaintAction | null>(null);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: (action: ComplaintAction) =>
      actOnComplaint(complaint.id, { action, reason: reason.trim() }),
    onSuccess: (data) => {
      queryClient.setQueryData(complaintQueryOptions(complaint.id).queryKey, data);
      setChosen(null);
      setReason('');
      setConfirming(false);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintsKey }),
  });
  const choose = (action: ComplaintAction) => {
    mutation.reset();
    setChosen(action);
    setConfirming(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || reason.trim().length < 3) return;
    if (chosen === 'ban' && !confirming) {
      setConfirming(true);
      return;
    }
    mutation.mutate(chosen);
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${id}-title`}>
          {t('complaints.actions.title')}
        </h2>
        {mutation.isSuccess && (
          <div className="alert alert-success py-2" role="status">
            {t('complaints.actions.done')}
          </div>
        )}
        {complaint.actions.length === 0 ? (
          <p className="text-body-secondary small mb-0">{t('complaints.actions.none')}</p>
        ) : (
          <div
            className="d-flex flex-wrap gap-2"
            role="group"
            aria-label={t('complaints.actions.title')}
          >
            {complaint.actions.map((action) => (
              <button
                key={action}
                type="button"
                className={`btn btn-sm ${ACTION_STYLE[action]}`}
                aria-pressed={chosen === action}
                onClick={() => choose(action)}
              >
                {t(`complaints.actions.${action}`)}
              </button>
            ))}
          </div>
        )}
        {chosen && (
          <form className="mt-3" onSubmit={submit} noValidate>
            <p className="small text-body-secondary mb-2">
              {t(`complaints.actions.${chosen}Help`)}
            </p>
            <label className="form-label small fw-semibold" htmlFor={`${id}-reason`}>
              {t('complaints.actions.reason')}
            </label>
            <textarea
              id={`${id}-reason`}
              className="form-control form-control-sm mb-1"
              rows={3}
              required
              minLength={3}
              maxLength={MODERATION_REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setConfirming(false);
              }}
              aria-describedby={`${id}-reason-help`}
            />
            <div id={`${id}-reason-help`} className="form-text mt-0 mb-2">
              {t('complaints.actions.reasonHelp')}
            </div>
            {confirming && (
              <div className="alert alert-danger py-2" role="alert">
                {t('complaints.actions.banConfirm', {
                  name: complaint.reported_member?.name ?? `#${complaint.reported_member?.user_id}`,
                })}
              </div>
            )}
            {mutation.isError && <AdminError error={mutation.error} />}
            <div className="d-flex gap-2">
              <button
                type="submit"
                className={`btn btn-sm ${chosen === 'ban' ? 'btn-danger' : 'btn-primary'}`}
                disabled={reason.trim().length < 3 || mutation.isPending}
              >
                {mutation.isPending
                  ? t('complaints.actions.working')
                  : confirming
                    ? t('complaints.actions.banYes')
                    : t(`complaints.actions.${chosen}Submit`)}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => {
                  setChosen(null);
                  setConfirming(false);
                  mutation.reset();
                }}
              >
                {t('complaints.actions.cancel')}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
