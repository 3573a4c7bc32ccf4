import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '@app/contract';
import { FictionalBadge } from '../FictionalBadge';
import { VerifiedBadge } from '../VerifiedBadge';
import { LockIcon } from './LockIcon';

/** Eight soft gradients; a member keeps theirs (by id). */
const AVATAR_TONES = 8;

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

/**
 * The member's main photo as this viewer may see it: the card-size photo; for a locked one the
 * blurred thumbnail (the only URL the server sends then) under a lock; without a photo the
 * member's initial on a soft gradient. A span (shown as a grid), so it may sit inside a button.
 */
export function MemberAvatar({
  member,
  size = 'md',
}: {
  member: Pick<ProfileCard, 'id' | 'name' | 'main_image'>;
  size?: AvatarSize;
}) {
  const { t } = useTranslation();
  const image = member.main_image;
  const base = `member-avatar member-avatar--${size}`;
  // cards load as they scroll into view; a profile page's header photo at once
  const loading = size === 'xl' ? 'eager' : 'lazy';
  if (!image) {
    return (
      <span
        className={`${base} member-avatar--tone-${member.id % AVATAR_TONES}`}
        aria-hidden="true"
      >
        {member.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  if (image.locked) {
    return (
      <span className={`${base} member-avatar--locked`} data-testid="member-avatar-locked">
        <img
          src={image.filename}
          alt={t('memberProfile.lockedPhotoAlt', { name: member.name })}
          loading={loading}
          decoding="async"
        />
        <span className="photo-lock" aria-hidden="true">
          <LockIcon />
        </span>
      </span>
    );
  }
  return (
    <span className={base}>
      <img
        src={image.filename}
        alt={t('memberProfile.photoAlt', { name: member.name })}
        loading={loading}
        decoding="async"
      />
    </span>
  );
}

/**
 * Name, age, place, online state, (always, when fictional) the chat-pal label, and the verified
 * badge.
 */
export function MemberFacts({ member }: { member: ProfileCard }) {
  const { t } = useTranslation();
  const place = member.city ?? member.region ?? t(`countries.${member.country}`);
  return (
    <>
      <div className="d-flex align-items-center gap-2 flex-wrap">
        <span className="fw-bold text-truncate">{member.name}</span>
        <span className="text-body-secondary">{t('members.age', { age: member.age })}</span>
        {member.online && (
          <span className="member-online" title={t('members.online')}>
            <span className="visually-hidden">{t('members.online')}</span>
          </span>
        )}
      </div>
      <div className="small text-body-secondary text-truncate">{place}</div>
      {member.fictional && <FictionalBadge className="mt-1" />}
      {member.verified && !member.fictional && <VerifiedBadge className="mt-1" />}
    </>
  );
}

/**
 * A member in a grid: photo (or initial) over the facts; the whole card opens the profile (at
 * `to`, /members/{id} unless told). `badge` sits on the photo (the likes pages' "new").
 */
export function MemberCard({
  member,
  to,
  badge,
}: {
  member: ProfileCard;
  to?: string;
  badge?: ReactNode;
}) {
  return (
    <Link
      to={to ?? `/members/${member.id}`}
      className="member-card card border-0 shadow-sm rounded-4 h-100 text-reset text-decoration-none"
      data-testid="member-card"
    >
      <div className="member-card__media rounded-top-4 position-relative">
        <MemberAvatar member={member} />
        {badge}
      </div>
      <div className="card-body p-3">
        <MemberFacts member={member} />
      </div>
    </Link>
  );
}
