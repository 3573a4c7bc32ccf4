import { useRef, useState, type PointerEvent } from 'react';
import type { LanderMember } from '@app/contract';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useLanderTranslation } from '../i18n';
import { Icon } from './Icons';
import { MemberPhoto } from './MemberPhoto';
import { MemberFacts } from './MemberTile';

/** How far (px) a card must be dragged to count as a swipe. */
const SWIPE_PX = 90;
/** How long a card takes to fly out (none with reduced motion). */
const FLY_MS = 220;

type Choice = 'like' | 'pass';

const CHOICES = [
  { choice: 'pass', icon: 'close', label: 'swipe.passLabel', className: 'btn-light shadow-sm' },
  { choice: 'like', icon: 'heart', label: 'swipe.likeLabel', className: 'btn-primary shadow' },
] as const;

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * A deck of member cards: drag the top one left or right (pointer events and a CSS transform),
 * or press pass / like. Every swipe nudges to signup: a like asks to sign up to see whether the
 * member likes you back.
 */
export function SwipeDeck({ members }: { members: LanderMember[] }) {
  const { t } = useLanderTranslation();
  const [index, setIndex] = useState(0);
  const [dx, setDx] = useState(0);
  const [leaving, setLeaving] = useState<Choice | null>(null);
  const [last, setLast] = useState<{ choice: Choice; member: LanderMember } | null>(null);
  const start = useRef<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const current = members[index];

  const decide = (choice: Choice) => {
    if (!current || leaving) return;
    const done = () => {
      setLast({ choice, member: current });
      setIndex((i) => i + 1);
      setLeaving(null);
      setDx(0);
    };
    if (reducedMotion()) return done();
    setLeaving(choice);
    window.setTimeout(done, FLY_MS);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (leaving) return;
    start.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(event.clientX - start.current);
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    setDragging(false);
    if (dx > SWIPE_PX) decide('like');
    else if (dx < -SWIPE_PX) decide('pass');
    else setDx(0);
  };

  const offset = leaving === 'like' ? 600 : leaving === 'pass' ? -600 : dx;
  return (
    <div className="swipe-deck mx-auto">
      <div className="swipe-deck__stack">
        {current ? (
          members
            .slice(index, index + 3)
            .reverse()
            .map((member) => {
              const top = member.id === current.id;
              return (
                <div
                  key={member.id}
                  className={`swipe-deck__card ${top ? 'swipe-deck__card--top' : ''} ${top && !dragging ? 'swipe-deck__card--settle' : ''}`}
                  style={
                    top
                      ? { transform: `translateX(${offset}px) rotate(${offset / 18}deg)` }
                      : undefined
                  }
                  onPointerDown={top ? onPointerDown : undefined}
                  onPointerMove={top ? onPointerMove : undefined}
                  onPointerUp={top ? onPointerUp : undefined}
                  onPointerCancel={top ? onPointerUp : undefined}
                  aria-hidden={top ? undefined : true}
                  data-testid={top ? 'swipe-card' : undefined}
                >
                  <MemberPhoto member={member} priority={top && index === 0} />
                  {top && dx > 30 && (
                    <span className="swipe-deck__stamp swipe-deck__stamp--like">
                      {t('swipe.like')}
                    </span>
                  )}
                  {top && dx < -30 && (
                    <span className="swipe-deck__stamp swipe-deck__stamp--pass">
                      {t('swipe.pass')}
                    </span>
                  )}
                  <span className="swipe-deck__facts">
                    <MemberFacts member={member} light />
                  </span>
                </div>
              );
            })
        ) : (
          <div className="swipe-deck__done text-center">
            <p className="h5 mb-3">{t('swipe.done')}</p>
            <SignupLink className="btn btn-primary btn-lg rounded-pill px-4">{t('cta')}</SignupLink>
          </div>
        )}
      </div>
      {current && (
        <div className="d-flex justify-content-center gap-4 mt-3">
          {CHOICES.map((choice) => (
            <button
              key={choice.choice}
              type="button"
              className={`swipe-deck__button swipe-deck__button--${choice.choice} btn rounded-circle ${choice.className}`}
              onClick={() => decide(choice.choice)}
              aria-label={t(choice.label, { name: current.name })}
            >
              <Icon name={choice.icon} />
            </button>
          ))}
        </div>
      )}
      <div className="swipe-deck__nudge mt-3" role="status">
        {last && (
          <div className="card border-0 shadow-sm rounded-4">
            <div className="card-body d-flex flex-column flex-sm-row align-items-center gap-3">
              <p className="mb-0 flex-grow-1 text-center text-sm-start">
                {last.choice === 'like'
                  ? t('swipe.nudgeLike', { name: last.member.name })
                  : t('swipe.nudgePass')}
              </p>
              <SignupLink className="btn btn-primary rounded-pill px-4 text-nowrap">
                {t('cta')}
              </SignupLink>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
