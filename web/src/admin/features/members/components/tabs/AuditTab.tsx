import { Link } from 'react-router';
import type { StaffMemberPage } from '@app/contract';
import { AdminEmpty } from '../../../../shared/components';
import { useAdminTranslation } from '../../../../shared/i18n';
import { useFormats } from '../../hooks/useFormats';

/** The audit rows about the member (before → after, the reason), with the way to all of them. */
export function AuditTab({
  audit,
  memberId,
}: {
  audit: StaffMemberPage['audit'];
  memberId: number;
}) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  return audit.length === 0 ? (
    <AdminEmpty>{t('members.none.audit')}</AdminEmpty>
  ) : (
    <>
      <ol className="list-unstyled mb-0">
        {audit.map((row) => (
          <li key={row.id} className="border-bottom py-2">
            <div className="d-flex flex-wrap gap-2 align-items-baseline">
              <strong>
                {t(`audit.actions.${row.action.replace(/\./g, '_')}`, {
                  defaultValue: row.action,
                })}
              </strong>
              <span className="small text-body-secondary">
                {format.dateTime(row.at)}
                {row.actor_id !== null && ` · #${row.actor_id}`}
              </span>
            </div>
            {row.reason && (
              <div className="small">
                {t('members.actions.reason')}: {row.reason}
              </div>
            )}
            {(row.before !== null || row.after !== null) && (
              <div className="small text-break">
                <code>{JSON.stringify(row.before)}</code> → <code>{JSON.stringify(row.after)}</code>
              </div>
            )}
          </li>
        ))}
      </ol>
      <Link className="d-inline-block mt-3" to={`/admin/audit?target=${memberId}`}>
        {t('members.fullAudit')}
      </Link>
    </>
  );
}
