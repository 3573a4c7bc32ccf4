import { Link } from 'react-router';
import type { StaffMemberPage } from '@app/contract';
import { useAdminTranslation } from '../../../../shared/i18n';
import { useFormats } from '../../hooks/useFormats';
import { RecordTable } from '../RecordTable';

/** Complaints by and against the member, with the way to the complaints area. */
export function ComplaintsTab({ complaints }: { complaints: StaffMemberPage['complaints'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  return (
    <>
      <RecordTable
        rows={complaints}
        empty={t('members.none.complaints')}
        head={[
          t('members.col.date'),
          t('members.col.side'),
          t('members.col.subject'),
          t('members.col.status'),
        ]}
        row={(complaint) => (
          <tr key={complaint.id}>
            <td>{format.dateTime(complaint.created_at)}</td>
            <td>{t(`members.side.${complaint.side}`)}</td>
            <td>{complaint.subject}</td>
            <td>{complaint.status}</td>
          </tr>
        )}
      />
      <Link className="d-inline-block mt-3" to="/admin/complaints">
        {t('members.toComplaints')}
      </Link>
    </>
  );
}
