import { useId, useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '@app/contract';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { MemberAvatar } from '../../../components/member/MemberCard';

export type SwipeChoice = 'like' | 'pass';

/** How far (px) a card must be dragged to count as a decision. */
export const SWIPE_THRESHOLD_PX = 90;
/** Degrees of tilt per pixel dragged, and the most it tilts. */
const TILT_PER_PX = 0.06;
const MAX_TILT_DEG = 14;

/**
 * The top card of the stack: the main photo (or its locked / initial state) with the member's
 * name, age, place and (always, when fictional) the chat-pal label; a region named by the
 * member. Dragged left or right past the threshold (pointer events: touch, pen or mouse) it
 * decides; a shorter drag springs back. `leaving` flies it out while the decision is sent.
 */
export function SwipeCard({
  member,
  leaving,
  canLike,
  onDecide,
}: {
  member: ProfileCard;
  leaving: SwipeChoice | null;
  canLike: boolean;
  onDecide: (choice: SwipeChoice) => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const start = useRef<{ x: number; pointer: number } | null>(null);
  const [dx, setDx] = useState(0);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (leaving || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // links on the card keep their own clicks
    if ((event.target as HTMLElement).closest('a')) return;
    start.current = { x: event.clientX, pointer: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.pointer !== event.pointerId) return;
    setDx(event.clientX - start.current.x);
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.pointer !== event.pointerId) return;
    const moved = event.clientX - start.current.x;
    start.current = null;
    setDx(0);
    if (moved >= SWIPE_THRESHOLD_PX && canLike) onDecide('like');
    else if (moved <= -SWIPE_THRESHOLD_PX) onDecide('pass');
  };
  const onPointerCancel = () => {
    start.current = null;
    setDx(0);
  };

  const dragging = dx !== 0;
  const tilt = Math.max(-MAX_TILT_DEG, Math.min(MAX_TILT_DEG, dx * TILT_PER_PX));
  const strength = Math.min(1, Math.abs(dx) / SWIPE_THRESHOLD_PX);
  const place = member.city ?? member.region ?? t(`countries.${member.country}`);
  const classes = [
    'swipe-card',
    'card',
    'border-0',
    'rounded-4',
    dragging ? 'swipe-card--dragging' : '',
    leaving ? `swipe-card--leaving-${leaving}` : '',
  ].join(' ');

  return (
    <section
      className={classes}
      aria-labelledby={nameId}
      data-testid="swipe-card"
      style={dragging ? { transform: `translateX(${dx}px) rotate(${tilt}deg)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerCancel}
    >
      <div className="swipe-card__media">
        <MemberAvatar member={member} size="md" />
        <span
          className="swipe-card__stamp swipe-card__stamp--like"
          style={{ opacity: dx > 0 && canLike ? strength : 0 }}
          aria-hidden="true"
        >
          {t('swipe.stampLike')}
        </span>
        <span
          className="swipe-card__stamp swipe-card__stamp--pass"
          style={{ opacity: dx < 0 ? strength : 0 }}
          aria-hidden="true"
        >
          {t('swipe.stampPass')}
        </span>
      </div>
      <div className="swipe-card__facts">
        <div className="d-flex align-items-baseline gap-2 flex-wrap">
          <h2 className="h4 mb-0 text-truncate" id={nameId}>
            {member.name}
          </h2>
          <span className="swipe-card__age">{t('swipe.age', { count: member.age })}</span>
          {member.online && (
            <span className="swipe-card__online" title={t('swipe.online')}>
              <span className="visually-hidden">{t('swipe.online')}</span>
            </span>
          )}
        </div>
        <div className="swipe-card__place text-truncate">{place}</div>
        <div className="d-flex align-items-center justify-content-between gap-2 mt-2">
          {member.fictional ? <FictionalBadge /> : member.verified ? <VerifiedBadge /> : <span />}
          <Link to={`/members/${member.id}`} className="swipe-card__profile-link small">
            {t('swipe.viewProfile')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** A card waiting under the top one: only its picture, for the look of a stack. */
export function SwipeCardBehind({ member, depth }: { member: ProfileCard; depth: 1 | 2 }) {
  return (
    <div
      className={`swipe-card swipe-card--behind swipe-card--depth-${depth} card border-0 rounded-4`}
      aria-hidden="true"
    >
      <div className="swipe-card__media">
        <MemberAvatar member={member} size="md" />
      </div>
    </div>
  );
}
