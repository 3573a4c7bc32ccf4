import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileCard, SwipeResponse } from '@app/contract';
import { ApiError } from '../../../api/client';
import { serverErrorText } from '../../../api/server-error';
import { ServerErrorAlert } from '../../../components/form';
import { usePageTitle } from '../../../components/usePageTitle';
import { MemberAvatar } from '../../../components/member/MemberCard';
import { swipeQueryKey, useSwipeCandidates, useSwipeDecision } from '../api/swipe';
import { SwipeCard, SwipeCardBehind, type SwipeChoice } from '../components/SwipeCard';

/** Keys that decide on desktop. */
const KEY_CHOICES: Partial<Record<string, SwipeChoice>> = {
  ArrowLeft: 'pass',
  ArrowRight: 'like',
};

/** How long a decided card flies out before the next one takes its place (styles: 0.35 s). */
const FLY_OUT_MS = 300;

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Runs `apply` once the card that started leaving at `started` has flown out. */
function afterFlyOut(started: number, apply: () => void) {
  const wait = reducedMotion() ? 0 : Math.max(0, FLY_OUT_MS - (performance.now() - started));
  if (wait === 0) apply();
  else window.setTimeout(apply, wait);
}

/** Whether a key press belongs to a field or a control that uses arrows itself. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="slider"], [role="listbox"], [role="menu"], [role="tablist"]') !== null
  );
}

/**
 * The swipe game (/swipe-game): a stack of candidates; the top card is liked with ♥, a swipe to
 * the right or →, and passed with ✕, a swipe to the left or ←. Likes are limited per day by the
 * server (SWIPE_LIKES_PER_DAY): the page shows how many are left, and once none are, the
 * server's message and a disabled like button; passing goes on. A like back is a match.
 */
export function SwipeGamePage() {
  const { t } = useTranslation();
  usePageTitle(t('swipe.title'));
  const queryClient = useQueryClient();
  const query = useSwipeCandidates();
  const decision = useSwipeDecision();
  const [leaving, setLeaving] = useState<{ id: number; choice: SwipeChoice } | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [match, setMatch] = useState<ProfileCard | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const data = query.data;
  const profiles = data?.profiles ?? [];
  const top = profiles[0];
  const likesLeft = data?.likes_left ?? 0;
  const perDay = data?.likes_per_day ?? 0;
  const canLike = likesLeft > 0;
  const shownLimit =
    limitMessage ?? (data && !canLike ? t('errors.swipe_limit_reached', { count: perDay }) : null);

  /** Changes the cached candidates: the decided card leaves, the likes left follow the server. */
  const update = useCallback(
    (change: (data: SwipeResponse) => SwipeResponse) =>
      queryClient.setQueryData<SwipeResponse>(swipeQueryKey, (old) => old && change(old)),
    [queryClient],
  );

  const decide = useCallback(
    (choice: SwipeChoice) => {
      if (!top || decision.isPending || leaving) return;
      if (choice === 'like' && !canLike) {
        setAnnouncement(shownLimit ?? '');
        return;
      }
      const member = top;
      const started = performance.now();
      setLeaving({ id: member.id, choice });
      setError(null);
      setMatch(null);
      const remove = (likes_left?: number) => {
        update((old) => ({
          ...old,
          profiles: old.profiles.filter((p) => p.id !== member.id),
          likes_left: likes_left ?? old.likes_left,
        }));
        if (profiles.length <= 1) void queryClient.invalidateQueries({ queryKey: swipeQueryKey });
      };
      decision.mutate(
        { member: member.id, choice },
        {
          onSuccess: (answer) =>
            afterFlyOut(started, () => {
              setLeaving(null);
              remove(answer.likes_left);
              if (answer.match) {
                setMatch(member);
                setAnnouncement(t('swipe.matchAnnounce', { name: member.name }));
              } else {
                setAnnouncement(
                  t(choice === 'like' ? 'swipe.liked' : 'swipe.passed', { name: member.name }),
                );
              }
            }),
          onError: (failure) => {
            setLeaving(null);
            if (failure instanceof ApiError && failure.code === 'swipe_limit_reached') {
              setLimitMessage(failure.message);
              update((old) => ({ ...old, likes_left: 0 }));
              setAnnouncement(failure.message);
            } else if (failure instanceof ApiError && failure.status === 404) {
              remove();
              setAnnouncement(t('swipe.gone', { name: member.name }));
            } else {
              const text = serverErrorText(failure, t);
              setError(text);
              setAnnouncement(text);
            }
          },
        },
      );
    },
    [top, decision, leaving, canLike, shownLimit, update, profiles.length, queryClient, t],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const choice = KEY_CHOICES[event.key];
      if (!choice || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      if (typingIn(event.target)) return;
      event.preventDefault();
      decide(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide]);

  return (
    <section className="container py-4 py-md-5 swipe-game">
      <header className="swipe-game__header text-center mb-3 mb-md-4">
        <h1 className="h3 mb-2">{t('swipe.title')}</h1>
        <p className="text-body-secondary mb-3 mx-auto swipe-game__intro">{t('swipe.intro')}</p>
        {data && <LikesLeft left={likesLeft} perDay={perDay} />}
      </header>

      <div className="swipe-game__board mx-auto">
        {shownLimit && (
          <div className="alert alert-warning swipe-game__limit">
            <strong className="d-block">{shownLimit}</strong>
            <span className="small">{t('swipe.passesGoOn')}</span>
          </div>
        )}
        <ServerErrorAlert message={error} />
        {match && <MatchPanel member={match} onClose={() => setMatch(null)} />}

        {query.isError && !data ? (
          <div className="swipe-game__state text-center" role="alert">
            <h2 className="h5">{t('swipe.loadErrorTitle')}</h2>
            <p className="text-body-secondary">{serverErrorText(query.error, t)}</p>
            <button
              type="button"
              className="btn btn-primary rounded-pill px-4"
              onClick={() => void query.refetch()}
            >
              {t('swipe.retry')}
            </button>
          </div>
        ) : !data || (!top && query.isFetching) ? (
          <div className="swipe-game__state text-center">
            <div className="spinner-border text-primary mb-3" role="status">
              <span className="visually-hidden">{t('swipe.loading')}</span>
            </div>
            <p className="text-body-secondary" aria-hidden="true">
              {t('swipe.loading')}
            </p>
          </div>
        ) : !top ? (
          <div className="swipe-game__state swipe-game__empty text-center">
            <div className="swipe-game__empty-icon" aria-hidden="true">
              ♥
            </div>
            <h2 className="h5">{t('swipe.emptyTitle')}</h2>
            <p className="text-body-secondary">{t('swipe.emptyText')}</p>
            <Link to="/members" className="btn btn-primary rounded-pill px-4">
              {t('swipe.emptyLink')}
            </Link>
          </div>
        ) : (
          <>
            <div className="swipe-stack">
              {profiles[2] && <SwipeCardBehind member={profiles[2]} depth={2} />}
              {profiles[1] && <SwipeCardBehind member={profiles[1]} depth={1} />}
              <SwipeCard
                key={top.id}
                member={top}
                canLike={canLike}
                leaving={leaving?.id === top.id ? leaving.choice : null}
                onDecide={decide}
              />
            </div>
            <div className="swipe-actions d-flex justify-content-center align-items-center gap-4">
              <button
                type="button"
                className="swipe-action swipe-action--pass"
                onClick={() => decide('pass')}
                disabled={decision.isPending}
              >
                <span aria-hidden="true">✕</span>
                <span className="visually-hidden">{t('swipe.skip')}</span>
              </button>
              <button
                type="button"
                className="swipe-action swipe-action--like"
                onClick={() => decide('like')}
                disabled={decision.isPending || !canLike}
              >
                <span aria-hidden="true">♥</span>
                <span className="visually-hidden">{t('swipe.like')}</span>
              </button>
            </div>
            <p className="swipe-game__hint small text-body-secondary text-center mt-3 mb-0">
              <span className="d-lg-none">{t('swipe.touchHint')}</span>
              <span className="d-none d-lg-inline">{t('swipe.keyHint')}</span>
            </p>
          </>
        )}
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </section>
  );
}

/** "Nog 3 likes vandaag", with a heart per like of the day (filled while left). */
function LikesLeft({ left, perDay }: { left: number; perDay: number }) {
  const { t } = useTranslation();
  const text = left === 0 ? t('swipe.likesLeftNone') : t('swipe.likesLeft', { count: left });
  return (
    <p className="swipe-likes-left d-inline-flex align-items-center gap-2 mb-0">
      <span className="swipe-likes-left__hearts" aria-hidden="true">
        {Array.from({ length: perDay }, (_, i) => (
          <span key={i} className={i < left ? 'is-left' : 'is-used'}>
            ♥
          </span>
        ))}
      </span>
      <span data-testid="likes-left">{text}</span>
    </p>
  );
}

/** "It's a match": both like each other; the way to the member's profile. */
function MatchPanel({ member, onClose }: { member: ProfileCard; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="swipe-match d-flex align-items-center gap-3">
      <MemberAvatar member={member} size="sm" />
      <div className="flex-grow-1 min-w-0">
        <p className="swipe-match__title mb-0">{t('swipe.matchTitle')}</p>
        <p className="mb-1 small">{t('swipe.matchText', { name: member.name })}</p>
        <Link to={`/members/${member.id}`} className="small fw-semibold">
          {t('swipe.matchLink', { name: member.name })}
        </Link>
      </div>
      <button
        type="button"
        className="btn-close"
        aria-label={t('swipe.matchClose')}
        onClick={onClose}
      />
    </div>
  );
}
