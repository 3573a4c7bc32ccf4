import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLikeMutation } from '../../../api/likes';
import { useUser } from '../../../api/user';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { Modal } from '../../../components/Modal';
import { useLikeSuggestion } from '../api/like-suggestion';
import { SignupLink } from '../../../components/signup/SignupLink';
import { MemberAvatar } from '../../../components/member/MemberCard';

/** The longest delay a link may ask for (seconds). */
const MAX_DELAY_S = 3600;

/** The delay of `?t=<seconds>`, or null when absent or not a number of seconds. */
export function likePopupDelay(value: string | null): number | null {
  if (value === null || !/^\d{1,4}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds <= MAX_DELAY_S ? seconds : null;
}

/**
 * The like popup (SPEC point 2): a link with `?t=<seconds>` opens it after that delay, and the
 * parameter leaves the URL at once (a reload or a shared link does not bring it back). It offers
 * one member to like: the member of a /members/{id}/... page, else the first of the member's
 * matches, else (visitors) the first search result; visitors are asked to sign up to like.
 */
export function LikePopup() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { user } = useUser();
  const [open, setOpen] = useState(false);
  const [liked, setLiked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const like = useLikeMutation();
  const pageMember = /^\/members\/(\d+)/.exec(pathname)?.[1];

  useEffect(() => {
    const delay = likePopupDelay(params.get('t'));
    if (!params.has('t')) return;
    const next = new URLSearchParams(params);
    next.delete('t');
    setParams(next, { replace: true });
    if (delay === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay * 1000);
  }, [params, setParams]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const suggestion = useLikeSuggestion(pageMember, !!user, open);
  const member = suggestion.data;
  if (!open || suggestion.isPending || !member) return null;
  const close = () => setOpen(false);
  const place = member.city ?? member.region ?? t(`countries.${member.country}`);

  return (
    <Modal open title={t('likePopup.title')} onClose={close}>
      <div className="text-center" data-testid="like-popup">
        <div className="d-flex justify-content-center mb-3">
          <MemberAvatar member={member} size="lg" />
        </div>
        <p className="h5 mb-1">
          {member.name}, {t('members.age', { age: member.age })}
        </p>
        <p className="text-body-secondary mb-2">{place}</p>
        {member.fictional && <FictionalBadge className="mb-2" />}
        {liked ? (
          <p className="text-success fw-semibold" role="status">
            {t('likePopup.liked', { name: member.name })}
          </p>
        ) : user ? (
          <button
            type="button"
            className="btn btn-primary rounded-pill px-4"
            disabled={like.isPending}
            onClick={() =>
              like.mutate({ member: member.id, like: true }, { onSuccess: () => setLiked(true) })
            }
          >
            {t('likePopup.like', { name: member.name })}
          </button>
        ) : (
          <div className="d-grid gap-2">
            <SignupLink className="btn btn-primary rounded-pill">
              {t('likePopup.signup')}
            </SignupLink>
            <Link to="/login" className="btn btn-link" onClick={close}>
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
          <Link to={`/members/${member.id}`} className="small" onClick={close}>
            {t('likePopup.viewProfile')}
          </Link>
          <button type="button" className="btn btn-link btn-sm p-0" onClick={close}>
            {t('likePopup.notNow')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
