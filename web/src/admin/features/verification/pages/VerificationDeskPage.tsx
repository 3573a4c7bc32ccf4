import { InspectionTabs } from '../../inspection';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  VERIFICATION_GESTURES,
  VERIFICATION_REJECT_REASONS,
  type VerificationItem,
  type VerificationRejectReason,
} from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../../i18n/format';
import { decideVerification, verificationClaimQueryOptions } from '../api';
import '../verification.scss';

const ICONS: Record<string, string> = Object.fromEntries(
  VERIFICATION_GESTURES.map((g) => [g.key, g.icon]),
);

/**
 * The verification desk (moderators), beside the photo and text desks: the gesture asked for,
 * the selfie and the member's approved profile photos side by side; approve gives the badge,
 * reject needs a reason the member reads. The selfie is claimed (nobody else gets it) and
 * deleted on the server as soon as it is decided.
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
            {t('verification.waiting', { count: stats.waiting })}
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
            <h2 className="h6">{t('verification.photos', { count: member.photos.length })}</h2>
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
