import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { complaintQueryOptions } from '../api/complaints';
import { ActionsCard } from '../components/ActionsCard';
import { ContentCard } from '../components/ContentCard';
import { HistoryCard } from '../components/HistoryCard';
import { ReportCard } from '../components/ReportCard';

/**
 * One complaint in context (moderators, admins): what the reporter wrote, the reported item as it
 * was then (the snapshot) beside how it is now (present, hidden or removed), both members'
 * histories, and the actions possible now, each with a reason (a ban asks to confirm). When
 * another staff member was first, the answer (409) says so and the page shows the new state.
 */
export function ComplaintPage() {
  const { t } = useAdminTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...complaintQueryOptions(valid ? id : 0), enabled: valid });
  const title = t('complaints.detailTitle', { id: valid ? id : '?' });
  const back = (
    <Link to="/admin/complaints" className="btn btn-sm btn-outline-secondary">
      ← {t('complaints.back')}
    </Link>
  );
  if (!valid || query.isError) {
    return (
      <AdminPage title={title} actions={back}>
        <AdminError
          error={query.error ?? new Error(t('complaints.notFound'))}
          onRetry={valid ? () => void query.refetch() : undefined}
        />
      </AdminPage>
    );
  }
  if (query.isPending) {
    return (
      <AdminPage title={title} actions={back}>
        <AdminLoading />
      </AdminPage>
    );
  }
  const { complaint, reporter_history: reporter, reported_history: reported } = query.data;
  return (
    <AdminPage title={title} intro={complaint.subject} actions={back}>
      <div className="row g-3">
        <div className="col-12 col-lg-7 d-flex flex-column gap-3">
          <ReportCard complaint={complaint} />
          <ContentCard complaint={complaint} />
        </div>
        <div className="col-12 col-lg-5 d-flex flex-column gap-3">
          <ActionsCard complaint={complaint} />
          {reported && <HistoryCard title={t('complaints.reportedHistory')} history={reported} />}
          {reporter && <HistoryCard title={t('complaints.reporterHistory')} history={reporter} />}
        </div>
      </div>
    </AdminPage>
  );
}
