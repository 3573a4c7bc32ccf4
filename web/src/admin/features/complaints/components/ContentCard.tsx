import type { ComplaintDetailResponse, LiveContent, ReportedContent } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { useWhen } from '../hooks/useWhen';

/** The reported item as it was then (the snapshot) beside how it is now; none for the site. */
export function ContentCard({ complaint }: { complaint: ComplaintDetailResponse['complaint'] }) {
  const { t } = useAdminTranslation();
  if (complaint.about === 'site') return null;
  return (
    <section className="card" aria-labelledby={`content-${complaint.id}`}>
      <div className="card-body">
        <h2 className="h5" id={`content-${complaint.id}`}>
          {t('complaints.content')}
        </h2>
        <div className="row g-3">
          <div className="col-12 col-md-6">
            <h3 className="h6 text-body-secondary">{t('complaints.then')}</h3>
            <Snapshot snapshot={complaint.snapshot} photoUrl={complaint.snapshot_photo_url} />
          </div>
          <div className="col-12 col-md-6" data-testid="live-content">
            <h3 className="h6 text-body-secondary">{t('complaints.now')}</h3>
            <Live live={complaint.live} />
          </div>
        </div>
      </div>
    </section>
  );
}

function Snapshot({
  snapshot,
  photoUrl,
}: {
  snapshot: ReportedContent | null;
  photoUrl: string | null;
}) {
  const { t } = useAdminTranslation();
  const when = useWhen();
  if (!snapshot) return <p className="text-body-secondary small">{t('complaints.noSnapshot')}</p>;
  return (
    <div className="admin-content">
      <div className="small fw-semibold mb-1">{snapshot.name}</div>
      {snapshot.kind === 'member' && (
        <p className="mb-0 text-break">{snapshot.about || t('complaints.emptyAbout')}</p>
      )}
      {snapshot.kind === 'message' && (
        <>
          <p className="mb-1 text-break">{snapshot.text ?? t('complaints.photoMessage')}</p>
          <div className="small text-body-secondary">{when(snapshot.sent_at)}</div>
        </>
      )}
      {snapshot.kind === 'photo' &&
        (photoUrl ? (
          <img className="admin-content__photo" src={photoUrl} alt={t('complaints.photoAlt')} />
        ) : (
          <p className="small text-body-secondary mb-0">{t('complaints.photoGone')}</p>
        ))}
    </div>
  );
}

function Live({ live }: { live: LiveContent | null }) {
  const { t } = useAdminTranslation();
  if (!live) return null;
  const badge = {
    present: 'text-bg-primary',
    hidden: 'text-bg-warning',
    removed: 'text-bg-secondary',
  }[live.state];
  return (
    <div className="admin-content">
      <span className={`badge ${badge} mb-2`}>{t(`complaints.live.${live.state}`)}</span>
      {live.photo?.url && live.state !== 'removed' && (
        <img className="admin-content__photo" src={live.photo.url} alt={t('complaints.photoAlt')} />
      )}
      {live.kind !== 'photo' && live.state !== 'removed' && (
        <p className="mb-0 text-break">
          {live.text ?? (live.kind === 'member' ? t('complaints.emptyAbout') : '—')}
        </p>
      )}
      {live.state === 'hidden' && (
        <p className="small text-body-secondary mb-0 mt-1">{t('complaints.hiddenNote')}</p>
      )}
    </div>
  );
}
