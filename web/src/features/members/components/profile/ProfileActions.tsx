import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@app/contract';
import { FavouriteStar } from '../../../../components/member/FavouriteStar';
import type { LoginReason } from './LoginRequired';

/** Who looks at the profile: a visitor, a member, or the member it belongs to. */
export type Viewer = 'visitor' | 'member' | 'own';

interface ProfileActionsProps {
  profile: MemberProfile;
  viewer: Viewer;
  liked: boolean;
  blocked: boolean;
  likeBusy: boolean;
  onLike: () => void;
  onBlock: () => void;
  onUnblock: () => void;
  onLoginRequired: (reason: LoginReason) => void;
  onGift: () => void;
}

/**
 * The buttons of a profile: like / unlike, message and gift (the gift picker; a visitor gets the
 * login-required message instead), block / unblock (members only; both confirmed first) and report. A blocked
 * member cannot be contacted, so only unblock and report remain; one's own profile has an edit
 * link instead.
 */
export function ProfileActions({
  profile,
  viewer,
  liked,
  blocked,
  likeBusy,
  onLike,
  onBlock,
  onUnblock,
  onLoginRequired,
  onGift,
}: ProfileActionsProps) {
  const { t } = useTranslation();
  const { id, name } = profile;

  if (viewer === 'own') {
    return (
      <div className="member-actions">
        <div className="member-actions__main">
          <Link to="/profile" className="btn btn-primary rounded-pill px-4">
            <span aria-hidden="true">✏️ </span>
            {t('memberProfile.editProfile')}
          </Link>
        </div>
        <p className="small text-body-secondary mb-0 mt-2">{t('memberProfile.ownProfile')}</p>
      </div>
    );
  }

  const visitor = viewer === 'visitor';
  const report = (
    <Link
      to={`/complaints?about=member&member=${id}`}
      className="btn btn-sm btn-link text-body-secondary member-actions__minor"
    >
      <span aria-hidden="true">🚩 </span>
      {t('memberProfile.report')}
    </Link>
  );

  return (
    <div
      className="member-actions"
      role="group"
      aria-label={t('memberProfile.actionsLabel', { name })}
    >
      {blocked && (
        <div className="member-actions__blocked rounded-4 p-3" role="status">
          <p className="fw-semibold mb-1">
            <span aria-hidden="true">🚫 </span>
            {t('memberProfile.blockedTitle', { name })}
          </p>
          <p className="small text-body-secondary mb-2">
            {t('memberProfile.blockedText', { name })}
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary rounded-pill px-3"
            onClick={onUnblock}
          >
            {t('memberProfile.unblock')}
          </button>
        </div>
      )}
      {!blocked && (
        <div className="member-actions__main">
          <button
            type="button"
            className={`btn rounded-pill ${liked ? 'btn-outline-primary' : 'btn-primary'}${likeBusy ? ' disabled' : ''}`}
            onClick={visitor ? () => onLoginRequired('like') : likeBusy ? undefined : onLike}
            // busy, yet not disabled: a disabled button drops the keyboard's focus, which the
            // Match modal that a like may open gives back here on closing
            aria-disabled={likeBusy || undefined}
            aria-busy={likeBusy || undefined}
          >
            <span aria-hidden="true">{liked ? '💔 ' : '❤️ '}</span>
            {liked ? t('memberProfile.unlike') : t('memberProfile.like')}
          </button>
          {visitor ? (
            <>
              <button
                type="button"
                className="btn btn-outline-primary rounded-pill"
                onClick={() => onLoginRequired('message')}
              >
                <span aria-hidden="true">💬 </span>
                {t('memberProfile.message')}
              </button>
              <button
                type="button"
                className="btn btn-outline-primary rounded-pill"
                onClick={() => onLoginRequired('gift')}
              >
                <span aria-hidden="true">🎁 </span>
                {t('memberProfile.gift')}
              </button>
            </>
          ) : (
            <>
              <Link to={`/members/${id}/chat`} className="btn btn-outline-primary rounded-pill">
                <span aria-hidden="true">💬 </span>
                {t('memberProfile.message')}
              </Link>
              <button
                type="button"
                className="btn btn-outline-primary rounded-pill"
                onClick={onGift}
                aria-haspopup="dialog"
              >
                <span aria-hidden="true">🎁 </span>
                {t('memberProfile.gift')}
              </button>
              <FavouriteStar member={id} name={name} />
            </>
          )}
        </div>
      )}
      <div className="member-actions__more">
        {!visitor && !blocked && (
          <button
            type="button"
            className="btn btn-sm btn-link text-body-secondary member-actions__minor"
            onClick={onBlock}
          >
            <span aria-hidden="true">🚫 </span>
            {t('memberProfile.block')}
          </button>
        )}
        {report}
      </div>
    </div>
  );
}
