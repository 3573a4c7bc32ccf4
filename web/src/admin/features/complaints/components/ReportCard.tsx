import type { ComplaintDetailResponse } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { useWhen } from '../hooks/useWhen';
import { MemberName } from './MemberName';
import { StateBadge } from './StateBadge';

/** What the reporter wrote, who about, and when it was received and handled. */
export function ReportCard({ complaint }: { complaint: ComplaintDetailResponse['complaint'] }) {
  const { t } = useAdminTranslation();
  const when = useWhen();
  return (
    <section className="card" aria-labelledby={`report-${complaint.id}`}>
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <h2 className="h5 mb-0 me-auto" id={`report-${complaint.id}`}>
            {t('complaints.report')}
          </h2>
          <StateBadge status={complaint.status} resolution={complaint.resolution} />
        </div>
        <dl className="admin-facts small mb-2">
          <dt>{t('complaints.aboutLabel')}</dt>
          <dd>{t(`complaints.about.${complaint.about}`)}</dd>
          <dt>{t('complaints.by')}</dt>
          <dd>
            {complaint.reporter ? (
              <MemberName member={complaint.reporter} />
            ) : (
              <>
                {complaint.reporter_name ?? '—'} ({t('complaints.visitor')})
                {complaint.reporter_email && (
                  <span className="d-block text-break">{complaint.reporter_email}</span>
                )}
              </>
            )}
          </dd>
          <dt>{t('complaints.reported')}</dt>
          <dd>
            {complaint.reported_member ? <MemberName member={complaint.reported_member} /> : '—'}
          </dd>
          <dt>{t('complaints.received')}</dt>
          <dd>{when(complaint.created_at)}</dd>
          {complaint.handled_at && (
            <>
              <dt>{t('complaints.handled')}</dt>
              <dd>
                {when(complaint.handled_at)}
                {complaint.handled_by &&
                  ` · ${complaint.handled_by.name ?? `#${complaint.handled_by.id}`}`}
              </dd>
            </>
          )}
        </dl>
        <blockquote className="admin-quote mb-0 text-break">
          {complaint.message || t('complaints.noMessage')}
        </blockquote>
      </div>
    </section>
  );
}
