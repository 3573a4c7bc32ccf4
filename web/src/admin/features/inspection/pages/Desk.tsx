import { useEffect, useState } from 'react';
import type { InspectedMember, InspectionStats } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import type { LastDecision } from '../useInspectionDesk';

/** How long the oldest item waits, in words ("3 min", "2 h 5 min", "1 d 4 h"). */
function waitOf(oldest: string, now: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((now - new Date(oldest).getTime()) / 60_000));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor(minutes / 60) % 24,
    minutes: minutes % 60,
  };
}

/** The queue's length and oldest wait, always in view. */
export function DeskStats({ stats }: { stats: InspectionStats | undefined }) {
  const { t } = useAdminTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  if (!stats) return null;
  const wait = stats.oldest_at ? waitOf(stats.oldest_at, now) : null;
  const waitText = !wait
    ? t('inspection.noWait')
    : wait.days > 0
      ? t('inspection.waitDays', { days: wait.days, hours: wait.hours })
      : wait.hours > 0
        ? t('inspection.waitHours', { hours: wait.hours, minutes: wait.minutes })
        : t('inspection.waitMinutes', { minutes: wait.minutes });
  return (
    <dl className="inspection-stats" aria-live="polite" data-testid="inspection-stats">
      <div>
        <dt>{t('inspection.waiting')}</dt>
        <dd data-testid="inspection-waiting">{stats.waiting}</dd>
      </div>
      <div>
        <dt>{t('inspection.oldest')}</dt>
        <dd>{waitText}</dd>
      </div>
    </dl>
  );
}

/** The decision buttons, each with its key. */
export function DeskActions({
  reasons,
  reasonText,
  onApprove,
  onReject,
  disabled,
}: {
  reasons: readonly string[];
  reasonText: (reason: string) => string;
  onApprove: () => void;
  onReject: (index: number) => void;
  disabled: boolean;
}) {
  const { t } = useAdminTranslation();
  return (
    <div className="inspection-actions" role="group" aria-label={t('inspection.decide')}>
      <button
        type="button"
        className="btn btn-success inspection-actions__approve"
        onClick={onApprove}
        disabled={disabled}
        aria-keyshortcuts="A"
      >
        <kbd>A</kbd> {t('inspection.approve')}
      </button>
      <div className="inspection-actions__reasons">
        <span className="small fw-semibold text-body-secondary">{t('inspection.rejectWith')}</span>
        {reasons.map((reason, index) => (
          <button
            key={reason}
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => onReject(index)}
            disabled={disabled}
            aria-keyshortcuts={String(index + 1)}
          >
            <kbd>{index + 1}</kbd> {reasonText(reason)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The last decision with its undo (U) while the window lasts. */
export function UndoBar<T>({
  last,
  seconds,
  onUndo,
  describe,
}: {
  last: LastDecision<T> | null;
  seconds: number;
  onUndo: () => void;
  describe: (last: LastDecision<T>) => string;
}) {
  const { t } = useAdminTranslation();
  return (
    <div className="inspection-undo" role="status" aria-live="polite">
      {last && seconds > 0 && (
        <div className="alert alert-secondary d-flex flex-wrap align-items-center gap-2 mb-0 py-2">
          <span className="me-auto" data-testid="inspection-last">
            {describe(last)}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-dark"
            onClick={onUndo}
            aria-keyshortcuts="U"
          >
            <kbd>U</kbd> {t('inspection.undo', { seconds })}
          </button>
        </div>
      )}
    </div>
  );
}

/** The member beside the item: profile and every photo (never e-mail, IP or payments). */
export function MemberPanel({ member }: { member: InspectedMember }) {
  const { t, i18n } = useAdminTranslation();
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(member.member_since),
  );
  return (
    <aside className="inspection-member card" aria-label={t('inspection.member')}>
      <div className="card-body">
        <h2 className="h5 mb-1">
          {member.name}{' '}
          <span className="text-body-secondary fw-normal small">#{member.user_id}</span>
        </h2>
        <p className="small text-body-secondary mb-2">
          {t('inspection.memberLine', {
            count: member.age,
            gender: t(`inspection.gender.${member.gender}`, { defaultValue: member.gender }),
            place: [member.city, member.country].filter(Boolean).join(', '),
          })}
          <br />
          {t('inspection.memberSince', { date: since })}
          {member.fictional && (
            <span className="badge text-bg-info ms-2">{t('inspection.fictional')}</span>
          )}
        </p>
        <h3 className="h6 mt-3">{t('inspection.about')}</h3>
        <p className="inspection-member__about small mb-3">
          {member.about || <span className="text-body-secondary">{t('inspection.noAbout')}</span>}
        </p>
        <h3 className="h6">{t('inspection.photos', { number: member.photos.length })}</h3>
        <ul className="inspection-member__photos list-unstyled mb-0">
          {member.photos.map((photo) => (
            <li key={photo.id}>
              <a href={photo.full_url} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumb_url}
                  alt={t('inspection.photoOf', { name: member.name, id: photo.id })}
                  width={80}
                  height={80}
                  loading="lazy"
                />
              </a>
              <span className={`badge inspection-badge--${photo.status}`}>
                {t(`inspection.status.${photo.status}`)}
                {photo.main ? ` · ${t('inspection.main')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** Which keys do what, shown once under the desk. */
export function KeyHelp({ reasons }: { reasons: number }) {
  const { t } = useAdminTranslation();
  return (
    <p className="small text-body-secondary mt-3 mb-0">{t('inspection.keys', { max: reasons })}</p>
  );
}
