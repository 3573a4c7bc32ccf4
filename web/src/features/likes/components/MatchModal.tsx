import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { AUTO_LIKE_RELOAD_MS } from '../../../config/constants';
import { HIDDEN_LIKE, fetchAutoLike, likesQueryKey, useMatchModal } from '../../../api/likes';
import { Dialog } from '../../../components/Dialog';
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
      .then(({ profile, hidden_like }) => {
        if (profile) openRef.current(profile);
        else if (hidden_like) openRef.current(HIDDEN_LIKE);
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
 * A like a free member may not see who gave (auto-like's `hidden_like`) shows a blurred
 * silhouette and the way to premium instead.
 */
export function MatchModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile, close } = useMatchModal();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useAutoLike();

  if (!profile) return null;
  if ('hidden' in profile) {
    return <HiddenLikeModal buttonRef={buttonRef} close={close} />;
  }
  const toProfile = () => {
    close();
    void navigate(`/likes/m/${profile.id}`);
  };
  const kind = profile.match ? 'match' : 'newLike';

  return (
    <Dialog
      className="match-modal"
      labelledBy="match-modal-title"
      describedBy="match-modal-text"
      onClose={close}
      initialFocus={buttonRef}
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
    </Dialog>
  );
}

/** Someone liked a free member who may not see who: the news, a silhouette, the way to premium. */
function HiddenLikeModal({
  buttonRef,
  close,
}: {
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  close: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toPremium = () => {
    close();
    void navigate('/premium');
  };
  return (
    <Dialog
      className="match-modal"
      labelledBy="match-modal-title"
      describedBy="match-modal-text"
      onClose={close}
      initialFocus={buttonRef}
      testId="hidden-like-modal"
    >
      <div className="match-modal__content text-center text-white">
        <div className="match-modal__thumb" aria-hidden="true">
          👍
        </div>
        <h2 id="match-modal-title" className="display-6 fw-bold mb-2">
          {t('matchModal.newLikeTitle')}
        </h2>
        <p id="match-modal-text" className="lead mb-4">
          {t('matchModal.hiddenText')}
        </p>
        <div className="match-modal__silhouette rounded-circle mx-auto mb-3" aria-hidden="true">
          <svg viewBox="0 0 100 100" focusable="false">
            <circle cx="50" cy="40" r="20" />
            <ellipse cx="50" cy="100" rx="34" ry="28" />
          </svg>
        </div>
        <div className="d-flex flex-column align-items-center gap-2">
          <button
            ref={buttonRef}
            type="button"
            className="btn btn-warning btn-lg rounded-pill px-5 fw-semibold"
            onClick={toPremium}
          >
            {t('matchModal.goPremium')}
          </button>
          <button type="button" className="btn btn-link text-white" onClick={close}>
            {t('matchModal.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
