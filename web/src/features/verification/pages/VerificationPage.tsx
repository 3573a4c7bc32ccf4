import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  VERIFICATION_GESTURES,
  type OwnVerificationResponse,
  type VerificationGesture,
} from '@app/contract';
import { serverErrorText } from '../../../api/server-error';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { usePageTitle } from '../../../components/usePageTitle';
import { useFormat } from '../../../i18n/format';
import { useVerification, useVerificationActions } from '../api/verification';
import './verification.scss';

const ICONS = Object.fromEntries(VERIFICATION_GESTURES.map((g) => [g.key, g.icon])) as Record<
  VerificationGesture,
  string
>;

/**
 * /profile/verify, "Verifieer je profiel": the member asks for a gesture (the site picks one),
 * takes a selfie making it (the front camera on a phone) and sends it; then it waits for a
 * moderator; verified shows the badge, rejected the reason and a try-again, a badge staff
 * withdrew where to read why (Beslissingen) and a try-again.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  usePageTitle(t('verification.title'));
  const state = useVerification();

  return (
    <section className="container py-4 py-md-5 verification" aria-labelledby="verification-title">
      <header className="mb-4">
        <Link to="/profile" className="small">
          ← {t('profileEditor.title')}
        </Link>
        <h1 className="h3 mt-2 mb-1" id="verification-title">
          {t('verification.title')}
        </h1>
        <p className="text-body-secondary mb-0 verification__intro">{t('verification.intro')}</p>
      </header>
      <div className="card border-0 shadow-sm rounded-4">
        <div className="card-body p-4 p-md-5">
          {state.isPending ? (
            <p className="mb-0 text-body-secondary" role="status" aria-busy="true">
              {t('verification.loading')}
            </p>
          ) : state.isError ? (
            <div role="alert" className="text-center">
              <p>{t('verification.loadFailed')}</p>
              <p className="text-body-secondary">{serverErrorText(state.error, t)}</p>
              <button
                type="button"
                className="btn btn-primary rounded-pill px-4"
                onClick={() => void state.refetch()}
              >
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <VerificationState data={state.data} />
          )}
        </div>
      </div>
    </section>
  );
}

function VerificationState({ data }: { data: OwnVerificationResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  const request = data.request;
  if (data.verified) {
    return (
      <div className="text-center" data-testid="verification-verified">
        <div className="verification__icon mx-auto mb-3" aria-hidden="true">
          ✅
        </div>
        <h2 className="h5">{t('verification.verifiedTitle')}</h2>
        <p className="mb-2">
          <VerifiedBadge />
        </p>
        <p className="text-body-secondary mb-0">{t('verification.verifiedText')}</p>
      </div>
    );
  }
  if (request?.status === 'pending') {
    return (
      <div className="text-center" role="status" data-testid="verification-pending">
        <div className="verification__icon mx-auto mb-3" aria-hidden="true">
          ⏳
        </div>
        <h2 className="h5">{t('verification.pendingTitle')}</h2>
        <p className="text-body-secondary mb-0">{t('verification.pendingText')}</p>
      </div>
    );
  }
  if (request?.status === 'requested') {
    return <SelfieStep gesture={request.gesture} expiresAt={request.expires_at} />;
  }
  return (
    <div>
      {request?.status === 'approved' && (
        // approved once, not verified now: staff withdrew the badge (its statement explains why)
        <div className="alert alert-warning" role="alert" data-testid="verification-withdrawn">
          <h2 className="h6 mb-1">{t('verification.withdrawnTitle')}</h2>
          <p className="mb-1">{t('verification.withdrawnText')}</p>
          <Link to="/decisions">{t('verification.decisionsLink')}</Link>
        </div>
      )}
      {request?.status === 'rejected' && (
        <div className="alert alert-warning" role="alert" data-testid="verification-rejected">
          <h2 className="h6 mb-1">{t('verification.rejectedTitle')}</h2>
          {request.reason && (
            <p className="mb-0">
              {t('verification.rejectedReason', {
                reason: t(`verification.rejectReasons.${request.reason}`),
              })}
            </p>
          )}
        </div>
      )}
      {request?.status === 'expired' && (
        <p className="text-body-secondary">{t('verification.expiredText')}</p>
      )}
      <StartButton label={request ? t('verification.tryAgain') : t('verification.start')} />
      {request?.decided_at && (
        <p className="small text-body-secondary mt-3 mb-0">{format.date(request.decided_at)}</p>
      )}
    </div>
  );
}

function StartButton({ label }: { label: string }) {
  const { t } = useTranslation();
  const { requestGesture } = useVerificationActions();
  return (
    <div>
      <button
        type="button"
        className="btn btn-primary rounded-pill px-4"
        onClick={() => requestGesture.mutate()}
        disabled={requestGesture.isPending}
      >
        {label}
      </button>
      {requestGesture.isError && (
        <div className="text-danger small mt-2" role="alert">
          {serverErrorText(requestGesture.error, t)}
        </div>
      )}
    </div>
  );
}

/** The gesture asked for, and the selfie: the front camera on a phone, a file elsewhere. */
function SelfieStep({ gesture, expiresAt }: { gesture: VerificationGesture; expiresAt: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { sendSelfie } = useVerificationActions();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    sendSelfie.mutate(file);
  };
  const error = missing
    ? t('verification.selfieRequired')
    : sendSelfie.isError
      ? serverErrorText(sendSelfie.error, t)
      : null;
  return (
    <form onSubmit={submit} noValidate data-testid="verification-gesture">
      <h2 className="h5">{t('verification.gestureTitle')}</h2>
      <div className="verification__gesture my-3" data-gesture={gesture}>
        <span className="verification__gesture-icon" aria-hidden="true">
          {ICONS[gesture]}
        </span>
        <strong className="fs-5">{t(`verification.gestures.${gesture}`)}</strong>
      </div>
      <p className="text-body-secondary">
        {t('verification.gestureHint', { time: format.time(expiresAt) })}
      </p>
      <label className="form-label fw-semibold" htmlFor={inputId}>
        {t('verification.chooseSelfie')}
      </label>
      <input
        id={inputId}
        type="file"
        className={`form-control ${error ? 'is-invalid' : ''}`}
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
        capture="user"
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setMissing(false);
          sendSelfie.reset();
        }}
      />
      {error && (
        <div id={`${inputId}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
      <button
        type="submit"
        className="btn btn-primary rounded-pill px-4 mt-3"
        disabled={sendSelfie.isPending}
      >
        {sendSelfie.isPending ? t('verification.sending') : t('verification.send')}
      </button>
    </form>
  );
}
