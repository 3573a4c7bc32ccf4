import type { StaffMemberPage } from '@app/contract';
import { useAdminTranslation } from '../../../../shared/i18n';
import { useFormats } from '../../hooks/useFormats';
import { RecordTable } from '../RecordTable';

/** The member's sessions: device, last seen, address, started. */
export function SessionsTab({ sessions }: { sessions: StaffMemberPage['sessions'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  return (
    <RecordTable
      rows={sessions}
      empty={t('members.none.sessions')}
      head={[
        t('members.col.device'),
        t('members.col.lastSeen'),
        t('members.col.ip'),
        t('members.col.started'),
      ]}
      row={(session) => (
        <tr key={session.id}>
          <td title={session.user_agent ?? undefined}>{session.device}</td>
          <td>{format.dateTime(session.last_seen_at)}</td>
          <td>{session.ip ?? '—'}</td>
          <td>{format.dateTime(session.created_at)}</td>
        </tr>
      )}
    />
  );
}
