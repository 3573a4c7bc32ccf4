import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLikeMutation } from '../../../api/likes';
import { useUser } from '../../../api/user';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { Modal } from '../../../components/Modal';
import { useSiteEntryWarningShown } from '../../site-entry';
import { useLikeSuggestion } from '../api/like-suggestion';
import { SignupLink } from '../../../components/signup/SignupLink';
import { MemberAvatar } from '../../../components/member/MemberCard';
import { LIKE_POPUP_PARAM, likePopupDelay, likePopupPageMember } from '../like-popup-delay';

export { likePopupDelay };

/**
 * The like popup (SPEC point 2) in the app: a link with `?t=<seconds>` opens it after that delay,
 * and the parameter leaves the URL at once (a reload or a shared link does not bring it back; the
 * other parameters and the hash stay). The server-rendered public pages (home, landers, member
 * landings) have no router: their entry (web/src/public) takes `t` out itself and loads the same
 * dialog lazily, only when `t` is there.
 */
export function LikePopup() {
  const [params] = useSearchParams();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!params.has(LIKE_POPUP_PARAM)) return;
    const delay = likePopupDelay(params.get(LIKE_POPUP_PARAM));
    const next = new URLSearchParams(params);
    next.delete(LIKE_POPUP_PARAM);
    const query = next.toString();
    void navigate({ search: query ? `?${query}` : '', hash }, { replace: true });
    if (delay === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay * 1000);
  }, [params, hash, navigate]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!open) return null;
  return (
    <LikePopupDialog pageMember={likePopupPageMember(pathname)} onClose={() => setOpen(false)} />
  );
}

/**
 * The popup itself, once its time has come. It offers one member to like: the member of a
 * /members/{id}/... page (`pageMember`), else the first of the member's matches, else (visitors)
 * the first search result; visitors are asked to sign up to like. It waits while the site-entry
 * warning is on screen (the visitor answers that first), and shows nothing when there is no one
 * to offer.
 */
export function LikePopupDialog({
  pageMember,
  onClose,
}: {
  pageMember: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useUser();
  const [liked, setLiked] = useState(false);
  const like = useLikeMutation();
  const entryWarning = useSiteEntryWarningShown();

  const suggestion = useLikeSuggestion(pageMember, !!user, !entryWarning);
  const member = suggestion.data;
  if (entryWarning || suggestion.isPending || !member) return null;
  const place = member.city ?? member.region ?? t(`countries.${member.country}`);

  return (
    <Modal open title={t('likePopup.title')} onClose={onClose}>
      <div className="text-center" data-testid="like-popup">
        <div className="d-flex justify-content-center mb-3">
          <MemberAvatar member={member} size="lg" />
        </div>
        <p className="h5 mb-1">
          {member.name}, {t('members.age', { count: member.age })}
        </p>
        <p className="text-body-secondary mb-2">{place}</p>
        {member.fictional && <FictionalBadge className="mb-2" />}
        {liked ? (
          <LikedNotice name={member.name} />
        ) : user ? (
          <button
            type="button"
            className={`btn btn-primary rounded-pill px-4${like.isPending ? ' disabled' : ''}`}
            // busy, yet not disabled: a disabled button drops the keyboard's focus out of the
            // dialog (to the page behind it)
            aria-disabled={like.isPending || undefined}
            aria-busy={like.isPending || undefined}
            onClick={() => {
              if (like.isPending) return;
              like.mutate({ member: member.id, like: true }, { onSuccess: () => setLiked(true) });
            }}
          >
            {t('likePopup.like', { name: member.name })}
          </button>
        ) : (
          <div className="d-grid gap-2">
            <SignupLink className="btn btn-primary rounded-pill">
              {t('likePopup.signup')}
            </SignupLink>
            <Link to="/login" className="btn btn-link" onClick={onClose}>
              {t('likePopup.login')}
            </Link>
          </div>
        )}
        {like.isError && (
          <p className="text-danger small mt-2" role="alert">
            {like.error.message}
          </p>
        )}
        <div className="mt-3 d-flex justify-content-center gap-3">
          <Link to={`/members/${member.id}`} className="small" onClick={onClose}>
            {t('likePopup.viewProfile')}
          </Link>
          <button type="button" className="btn btn-link btn-sm p-0" onClick={onClose}>
            {t('likePopup.notNow')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * "You liked X": takes the focus from the like button it replaces, so the keyboard stays in the
 * dialog (on the confirmation, which a screen reader then reads) instead of falling to the page.
 */
function LikedNotice({ name }: { name: string }) {
  const { t } = useTranslation();
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <p ref={notice} tabIndex={-1} className="text-success fw-semibold" role="status">
      {t('likePopup.liked', { name })}
    </p>
  );
}
