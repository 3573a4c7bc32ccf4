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
 * How a photo loads: `high`, the page's largest paint (at once, fetched before other images);
 * `eager`, at once (in the first screen); `lazy`, as it scrolls into view.
 */
export type PhotoPriority = 'high' | 'eager' | 'lazy';

/**
 * The stored sizes the server sends (server/src/photos/photo-pipeline.ts): a card photo is
 * 480x600, a locked one a blurred 160x160 thumbnail. As the image's width and height they give
 * it its shape before it has loaded (the avatar's CSS sets its box).
 */
const CARD_PHOTO = { width: 480, height: 600 };
const LOCKED_PHOTO = { width: 160, height: 160 };

/**
 * The member's main photo as this viewer may see it: the card-size photo; for a locked one the
 * blurred thumbnail (the only URL the server sends then) under a lock; without a photo the
 * member's initial on a soft gradient. A span (shown as a grid), so it may sit inside a button.
 */
export function MemberAvatar({
  member,
  size = 'md',
  priority,
}: {
  member: Pick<ProfileCard, 'id' | 'name' | 'main_image'>;
  size?: AvatarSize;
  /** Unless told, cards load as they scroll into view, a profile page's header photo at once. */
  priority?: PhotoPriority;
}) {
  const { t } = useTranslation();
  const image = member.main_image;
  const base = `member-avatar member-avatar--${size}`;
  const how = priority ?? (size === 'xl' ? 'eager' : 'lazy');
  const loading = how === 'lazy' ? 'lazy' : 'eager';
  const fetchPriority = how === 'high' ? 'high' : undefined;
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
          {...LOCKED_PHOTO}
          loading={loading}
          fetchPriority={fetchPriority}
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
        {...CARD_PHOTO}
        loading={loading}
        fetchPriority={fetchPriority}
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
        <span className="text-body-secondary">{t('members.age', { count: member.age })}</span>
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
 * `to`, /members/{id} unless told). `badge` sits on the photo (the likes pages' "new");
 * `action` (a button such as the favourite star) sits on the photo's top right corner, beside
 * the link rather than inside it (a button inside a link is neither valid nor accessible).
 */
export function MemberCard({
  member,
  to,
  badge,
  photo,
  action,
}: {
  member: ProfileCard;
  to?: string;
  badge?: ReactNode;
  /** How the photo loads (MemberAvatar: as it scrolls into view unless told). */
  photo?: PhotoPriority;
  action?: ReactNode;
}) {
  const card = <CardLink member={member} to={to} badge={badge} photo={photo} />;
  if (!action) return card;
  return (
    <div className="member-card-frame position-relative h-100">
      {card}
      <div className="member-card__action">{action}</div>
    </div>
  );
}

function CardLink({
  member,
  to,
  badge,
  photo,
}: {
  member: ProfileCard;
  to?: string;
  badge?: ReactNode;
  photo?: PhotoPriority;
}) {
  return (
    <Link
      to={to ?? `/members/${member.id}`}
      className="member-card card border-0 shadow-sm rounded-4 h-100 text-reset text-decoration-none"
      data-testid="member-card"
    >
      <div className="member-card__media rounded-top-4 position-relative">
        <MemberAvatar member={member} priority={photo} />
        {badge}
      </div>
      <div className="card-body p-3">
        <MemberFacts member={member} />
      </div>
    </Link>
  );
}
