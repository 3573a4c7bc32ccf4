import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { AUTO_LIKE_RELOAD_MS } from '../../../config/constants';
import { fetchAutoLike, likesQueryKey, useMatchModal } from '../../../api/likes';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { MemberAvatar } from '../../../components/member/MemberCard';

/** The members area (SPEC point 2): where the auto-like modal may appear. */
const MEMBERS_AREA = [/^\/members(\/|$)/, /^\/chats(\/|$)/, /^\/likes(\/|$)/, /^\/premium$/];

/** Remembers for the browser session that auto-like.php was asked. */
export const AUTO_LIKE_SESSION_KEY = 'vonkje.autoLikeShown';

function autoLikeDone(): boolean {
  try {
    return sessionStorage.getItem(AUTO_LIKE_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

function markAutoLikeDone() {
  try {
    sessionStorage.setItem(AUTO_LIKE_SESSION_KEY, '1');
  } catch {
    // storage unavailable: the modal may then come again next time
  }
}

/**
 * Once per browser session, on entering the members area, asks auto-like.php for the newest new
 * like and opens the modal with it; the likes reload AUTO_LIKE_RELOAD_MS after the answer.
 */
function useAutoLike() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const modal = useMatchModal();
  const openRef = useRef(modal.open);
  openRef.current = modal.open;
  const inMembersArea = MEMBERS_AREA.some((re) => re.test(pathname));

  useEffect(() => {
    if (!inMembersArea || autoLikeDone()) return;
    markAutoLikeDone();
    let timer: ReturnType<typeof setTimeout> | undefined;
    fetchAutoLike()
      .then(({ profile }) => {
        if (profile) openRef.current(profile);
        timer = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: likesQueryKey }),
          AUTO_LIKE_RELOAD_MS,
        );
      })
      .catch(() => undefined);
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [inMembersArea, queryClient]);
}

/**
 * The Match / New like full-screen modal (SPEC point 2): a thumbs-up, the member's main photo
 * (a click opens their profile), a button to the profile; a click elsewhere or Escape closes it.
 * Opened by a like answering match, and once per session by auto-like. For logged-in members.
 */
export function MatchModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile, close } = useMatchModal();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useAutoLike();

  useEffect(() => {
    if (!profile) return;
    buttonRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
    };
  }, [profile, close]);

  if (!profile) return null;
  const toProfile = () => {
    close();
    void navigate(`/likes/m/${profile.id}`);
  };
  const kind = profile.match ? 'match' : 'newLike';

  return (
    <div
      className="match-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby="match-modal-title"
      aria-describedby="match-modal-text"
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="match-modal__content text-center text-white">
        <div className="match-modal__thumb" aria-hidden="true">
          👍
        </div>
        <h2 id="match-modal-title" className="display-6 fw-bold mb-2">
          {t(`matchModal.${kind}Title`)}
        </h2>
        <p id="match-modal-text" className="lead mb-4">
          {t(`matchModal.${kind}Text`, { name: profile.name })}
        </p>
        <button
          type="button"
          className="match-modal__photo btn p-0 border-0 rounded-circle mb-3"
          onClick={toProfile}
          aria-label={t('matchModal.photoLabel', { name: profile.name })}
        >
          <MemberAvatar member={profile} size="lg" />
        </button>
        {profile.fictional && (
          <div className="mb-3">
            <FictionalBadge />
          </div>
        )}
        <div className="d-flex flex-column align-items-center gap-2">
          <button
            ref={buttonRef}
            type="button"
            className="btn btn-light btn-lg rounded-pill px-5 fw-semibold"
            onClick={toProfile}
          >
            {t('matchModal.viewProfile', { name: profile.name })}
          </button>
          <button type="button" className="btn btn-link text-white" onClick={close}>
            {t('matchModal.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
