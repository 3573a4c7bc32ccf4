import type { ComplaintStatus, InboxComplaint } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';

/** A complaint's state, or what was done about it. */
export function StateBadge({
  status,
  resolution,
}: {
  status: ComplaintStatus;
  resolution: InboxComplaint['resolution'];
}) {
  const { t } = useAdminTranslation();
  if (resolution) {
    return (
      <span className="badge text-bg-success-subtle text-success-emphasis border border-success-subtle">
        {t(`complaints.resolution.${resolution}`)}
      </span>
    );
  }
  return (
    <span className={`badge ${status === 'open' ? 'text-bg-warning' : 'text-bg-info'}`}>
      {t(`complaints.status.${status}`)}
    </span>
  );
}
