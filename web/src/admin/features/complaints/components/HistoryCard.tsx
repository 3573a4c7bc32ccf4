import { Link } from 'react-router';
import type { ModerationHistory } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { useWhen } from '../hooks/useWhen';
import { MemberName } from './MemberName';

/** A member's record with staff: counts, bans and warnings, the complaints about them. */
export function HistoryCard({ title, history }: { title: string; history: ModerationHistory }) {
  const { t } = useAdminTranslation();
  const when = useWhen();
  const by = (s: { id: number; name: string | null } | null) =>
    s ? (s.name ?? `#${s.id}`) : t('complaints.history.unknownStaff');
  return (
    <section className="card">
      <div className="card-body">
        <h2 className="h6 mb-1">{title}</h2>
        <div className="mb-2">
          <MemberName member={history.member} />
        </div>
        <ul className="list-inline small text-body-secondary mb-2">
          <li className="list-inline-item">
            {t('complaints.history.received', { number: history.complaints_received.length })}
          </li>
          <li className="list-inline-item">
            {t('complaints.history.made', { number: history.complaints_made.length })}
          </li>
          <li className="list-inline-item">
            {t('complaints.history.warnings', { number: history.warnings.length })}
          </li>
          <li className="list-inline-item">
            {t('complaints.history.bans', { number: history.bans.length })}
          </li>
        </ul>
        {history.bans.length + history.warnings.length === 0 ? null : (
          <ul className="list-unstyled small mb-2">
            {history.bans.map((ban) => (
              <li key={`b${ban.id}`} className="border-start border-danger border-3 ps-2 mb-1">
                <strong>{t('complaints.history.ban')}</strong> {when(ban.created_at)} · {by(ban.by)}
                : {ban.reason}
                {ban.lifted_at && (
                  <div className="text-body-secondary">
                    {t('complaints.history.lifted')} {when(ban.lifted_at)} · {by(ban.lifted_by)}
                    {ban.lift_reason && `: ${ban.lift_reason}`}
                  </div>
                )}
              </li>
            ))}
            {history.warnings.map((warning) => (
              <li key={`w${warning.id}`} className="border-start border-warning border-3 ps-2 mb-1">
                <strong>{t('complaints.history.warning')}</strong> {when(warning.created_at)} ·{' '}
                {by(warning.by)}: {warning.reason}
              </li>
            ))}
          </ul>
        )}
        {history.complaints_received.length > 0 && (
          <details>
            <summary className="small">{t('complaints.history.receivedList')}</summary>
            <ul className="list-unstyled small mt-1 mb-0">
              {history.complaints_received.map((c) => (
                <li key={c.id}>
                  <Link to={`/admin/complaints/${c.id}`}>
                    {t('complaints.number', { id: c.id })}
                  </Link>{' '}
                  {c.subject} · {t(`complaints.about.${c.about}`)} ·{' '}
                  {c.resolution
                    ? t(`complaints.resolution.${c.resolution}`)
                    : t(`complaints.status.${c.status}`)}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </section>
  );
}
