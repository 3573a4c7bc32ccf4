import { UNREAD_BADGE_CAP } from '../config/constants';

/** 0 shows nothing; above the cap (99) shows "99+". */
export function formatBadgeCount(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

export function CountBadge({
  count,
  label,
  className = 'text-bg-primary',
}: {
  count: number;
  label: string;
  className?: string;
}) {
  if (count <= 0) return null;
  return (
    <span className={`badge rounded-pill nav-badge ${className}`} title={label}>
      {formatBadgeCount(count)}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}
