import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/Modal';
import { useSignupsOpen } from '../../../../components/signup/tracking';

/** What a visitor tried that needs an account (SPEC point 6). */
export type LoginReason = 'like' | 'message' | 'gift' | 'photos';

interface MemberRef {
  id: number;
  name: string;
}

/** Log in (and back to this profile) or sign up for this member, when signups are open. */
export function LoginRequiredLinks({ member }: { member: MemberRef }) {
  const { t } = useTranslation();
  const signupsOpen = useSignupsOpen();
  const back = encodeURIComponent(`/members/${member.id}`);
  return (
    <div className="d-flex flex-wrap gap-2">
      <Link to={`/login?redirect=${back}`} className="btn btn-primary rounded-pill px-4">
        {t('memberProfile.login')}
      </Link>
      {signupsOpen && (
        <Link
          to={`/members/${member.id}/signup`}
          className="btn btn-outline-primary rounded-pill px-4"
        >
          {t('memberProfile.signup')}
        </Link>
      )}
    </div>
  );
}

/** The login-required message for what a visitor tried, with the ways in. */
export function LoginRequiredModal({
  reason,
  member,
  onClose,
}: {
  reason: LoginReason | null;
  member: MemberRef;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={reason !== null} title={t('memberProfile.loginRequiredTitle')} onClose={onClose}>
      <div className="text-center px-md-3 pb-2">
        <div className="login-required__icon mx-auto mb-3" aria-hidden="true">
          🔐
        </div>
        <p className="mb-4">
          {reason && t(`memberProfile.loginRequired.${reason}`, { name: member.name })}
        </p>
        <div className="d-flex justify-content-center">
          <LoginRequiredLinks member={member} />
        </div>
      </div>
    </Modal>
  );
}
