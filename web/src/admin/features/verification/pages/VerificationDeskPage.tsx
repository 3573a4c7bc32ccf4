import { InspectionTabs } from '../../inspection';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  VERIFICATION_GESTURES,
  VERIFICATION_REJECT_REASONS,
  VERIFICATION_WITHDRAW_GROUNDS,
  type VerificationItem,
  type VerificationRejectReason,
} from '@app/contract';
import {
  AdminEmpty,
  AdminError,
  AdminField,
  AdminLoading,
  AdminPage,
  AdminSelect,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../../i18n/format';
import {
  decideVerification,
  verificationClaimQueryOptions,
  withdrawBadge,
} from '../api/verification';
import '../verification.scss';

const ICONS: Record<string, string> = Object.fromEntries(
  VERIFICATION_GESTURES.map((g) => [g.key, g.icon]),
);

/**
 * The verification desk (moderators), beside the photo and text desks: the gesture asked for,
 * the selfie and the member's approved profile photos side by side; approve gives the badge,
 * reject needs a reason the member reads. The selfie is claimed (nobody else gets it) and
 * deleted on the server as soon as it is decided. Below the desk, a badge given by mistake (or
 * doubted later) is withdrawn with a reason the member reads.
 */
export function VerificationDeskPage() {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const claim = useQuery(verificationClaimQueryOptions());
  const decide = useMutation({
    mutationFn: (input: { id: number; reason: VerificationRejectReason | null }) =>
      decideVerification(
        input.id,
        input.reason ? { action: 'reject', reason: input.reason } : { action: 'approve' },
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: verificationClaimQueryOptions().queryKey }),
  });
  const item = claim.data?.request ?? null;
  const stats = claim.data?.stats;
  return (
    <AdminPage
      title={t('verification.title')}
      intro={t('verification.intro')}
      actions={
        stats && (
          <div className="small text-body-secondary" data-testid="verification-waiting">
            {t('verification.waiting', { number: stats.waiting })}
          </div>
        )
      }
    >
      <InspectionTabs />
      {decide.isError && (
        <div className="alert alert-warning" role="alert">
          {t('verification.decisionFailed')}
        </div>
      )}
      {claim.isPending ? (
        <AdminLoading />
      ) : claim.isError ? (
        <AdminError error={claim.error} onRetry={() => void claim.refetch()} />
      ) : item === null ? (
        <AdminEmpty>{t('verification.empty')}</AdminEmpty>
      ) : (
        <VerificationCase
          key={item.id}
          item={item}
          busy={decide.isPending}
          onDecide={(reason) => decide.mutate({ id: item.id, reason })}
        />
      )}
      <WithdrawBadge />
    </AdminPage>
  );
}

function VerificationCase({
  item,
  busy,
  onDecide,
}: {
  item: VerificationItem;
  busy: boolean;
  onDecide: (reason: VerificationRejectReason | null) => void;
}) {
  const { t } = useAdminTranslation();
  const { t: tMember } = useTranslation();
  const [reason, setReason] = useState<VerificationRejectReason | ''>('');
  const reasonId = useId();
  const member = item.member;
  return (
    <section
      className="verification-desk"
      aria-label={t('verification.caseOf', { name: member.name, id: item.id })}
    >
      <div className="verification-desk__grid">
        <div className="verification-desk__panel card border-0 shadow-sm">
          <div className="card-body">
            <h2 className="h6">{t('verification.gesture')}</h2>
            <div className="verification-desk__gesture" data-testid="verification-gesture">
              <span className="verification-desk__gesture-icon" aria-hidden="true">
                {ICONS[item.gesture]}
              </span>
              <strong>{tMember(`verification.gestures.${item.gesture}`)}</strong>
            </div>
            <p className="small text-body-secondary mb-0 mt-2">
              {t('verification.submitted', {
                when: formatDate(item.submitted_at, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </p>
          </div>
        </div>
        <figure className="verification-desk__panel card border-0 shadow-sm mb-0">
          <div className="card-body">
            <h2 className="h6">{t('verification.selfie')}</h2>
            <img
              src={item.selfie_url}
              alt={t('verification.selfieOf', { name: member.name })}
              className="verification-desk__selfie"
              data-testid="verification-selfie"
            />
          </div>
        </figure>
        <div className="verification-desk__panel card border-0 shadow-sm">
          <div className="card-body">
            <h2 className="h6">{t('verification.photos', { number: member.photos.length })}</h2>
            <p className="small mb-2">
              <strong>{member.name}</strong> · {member.age} · {member.city ?? member.country}
            </p>
            {member.photos.length === 0 ? (
              <p className="small text-body-secondary mb-0">{t('verification.noPhotos')}</p>
            ) : (
              <ul className="verification-desk__photos list-unstyled mb-0">
                {member.photos.map((photo) => (
                  <li key={photo.id}>
                    <img
                      src={photo.full_url}
                      alt={t('verification.photoOf', { name: member.name, id: photo.id })}
                      data-testid="verification-profile-photo"
                    />
                    {photo.main && (
                      <span className="badge text-bg-secondary">{t('verification.main')}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
      <div className="d-flex flex-wrap align-items-end gap-2 mt-3">
        <button
          type="button"
          className="btn btn-success"
          disabled={busy}
          onClick={() => onDecide(null)}
        >
          {t('verification.approve')}
        </button>
        <div className="ms-md-3">
          <label className="form-label small mb-1" htmlFor={reasonId}>
            {t('verification.reason')}
          </label>
          <select
            id={reasonId}
            className="form-select form-select-sm"
            value={reason}
            onChange={(e) => setReason(e.target.value as VerificationRejectReason | '')}
          >
            <option value="">{t('verification.chooseReason')}</option>
            {VERIFICATION_REJECT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`verification.reasons.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={busy || reason === ''}
          onClick={() => reason !== '' && onDecide(reason)}
        >
          {t('verification.reject')}
        </button>
      </div>
    </section>
  );
}

type WithdrawGround = (typeof VERIFICATION_WITHDRAW_GROUNDS)[number];

/** Takes a member's badge away: profile number, ground and the explanation the member reads. */
function WithdrawBadge() {
  const { t } = useAdminTranslation();
  const [member, setMember] = useState('');
  const [ground, setGround] = useState<WithdrawGround>('impersonation');
  const [reason, setReason] = useState('');
  const withdraw = useMutation({
    mutationFn: () => withdrawBadge({ member: Number(member), ground, reason }),
    onSuccess: () => {
      setMember('');
      setReason('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    withdraw.mutate();
  };
  return (
    <section className="card border-0 shadow-sm mt-4" aria-labelledby="withdraw-badge-title">
      <form className="card-body" onSubmit={submit}>
        <h2 className="h6" id="withdraw-badge-title">
          {t('verification.withdrawTitle')}
        </h2>
        <p className="small text-body-secondary">{t('verification.withdrawIntro')}</p>
        <div className="row g-2 align-items-end">
          <AdminField
            label={t('verification.withdrawMember')}
            className="col-12 col-md-3"
            inputMode="numeric"
            pattern="[0-9]*"
            required
            value={member}
            onChange={(e) => setMember(e.target.value.trim())}
          />
          <AdminSelect
            label={t('verification.withdrawGround')}
            className="col-12 col-md-3"
            value={ground}
            options={VERIFICATION_WITHDRAW_GROUNDS.map((g) => ({
              value: g,
              label: t(`verification.withdrawGrounds.${g}`),
            }))}
            onChange={(value) => setGround(value as WithdrawGround)}
          />
          <AdminField
            label={t('verification.withdrawReason')}
            className="col-12 col-md-6"
            required
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className="btn btn-outline-danger btn-sm mt-3"
          disabled={withdraw.isPending}
        >
          {t('verification.withdrawSend')}
        </button>
        {withdraw.isError && (
          <p className="alert alert-warning small mt-3 mb-0" role="alert">
            {withdraw.error.message}
          </p>
        )}
        {withdraw.isSuccess && (
          <p className="alert alert-success small mt-3 mb-0" role="status">
            {t('verification.withdrawDone', { member: withdraw.data.member.profile_id })}
          </p>
        )}
      </form>
    </section>
  );
}
