import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignupMatches } from '../../../api/members';
import { useUser } from '../../../api/user';
import { FictionalNotice } from '../../../components/FictionalNotice';
import { usePageTitle } from '../../../components/usePageTitle';
import { Brand } from '../../../components/Brand';
import { MemberCard } from '../../../components/member/MemberCard';

const SKELETONS = 8;

/** /signup-matches: the first members who fit, right after signup (empty layout, own header). */
export function SignupMatchesPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.signupMatches'));
  const { user } = useUser();
  const matches = useSignupMatches();
  const unconfirmed = user?.status === 'not_confirmed';
  const hasFictional = matches.data?.some((m) => m.fictional) ?? false;

  return (
    <div className="signup-matches">
      <header className="signup-matches__header py-3">
        <div className="container d-flex align-items-center justify-content-between">
          <Brand to="/members" />
          <Link to="/members" className="btn btn-link text-decoration-none">
            {t('signupMatches.skip')}
          </Link>
        </div>
      </header>
      <section className="container py-4 py-md-5">
        <div className="text-center mx-auto mb-4 signup-matches__intro">
          <h1 className="h2 section-title mb-2">{t('signupMatches.title')}</h1>
          <p className="text-body-secondary mb-0">{t('signupMatches.intro')}</p>
        </div>
        {unconfirmed && (
          <div className="alert alert-info rounded-4 mx-auto signup-matches__intro" role="note">
            {t('signupMatches.confirmFirst')}
          </div>
        )}

        {matches.isPending && (
          <div
            className="row g-3"
            role="status"
            aria-busy="true"
            aria-label={t('signupMatches.loading')}
          >
            {Array.from({ length: SKELETONS }, (_, i) => (
              <div className="col-6 col-md-4 col-lg-3" key={i}>
                <div className="member-card member-card--skeleton card border-0 rounded-4 h-100" />
              </div>
            ))}
          </div>
        )}

        {matches.isError && (
          <div className="text-center py-4" role="alert">
            <p className="mb-3">{t('signupMatches.error')}</p>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill px-4"
              onClick={() => void matches.refetch()}
            >
              {t('common.retry')}
            </button>
          </div>
        )}

        {matches.data && matches.data.length === 0 && (
          <div className="text-center py-4">
            <div className="display-6 mb-2" aria-hidden="true">
              🔍
            </div>
            <p className="text-body-secondary mb-0">{t('signupMatches.empty')}</p>
          </div>
        )}

        {matches.data && matches.data.length > 0 && (
          <ul className="row g-3 list-unstyled mb-0">
            {matches.data.map((member) => (
              <li className="col-6 col-md-4 col-lg-3" key={member.id}>
                <MemberCard member={member} />
              </li>
            ))}
          </ul>
        )}

        {hasFictional && <FictionalNotice className="mt-4 p-3 bg-body-tertiary rounded-4" />}

        <div className="text-center mt-4">
          <Link to="/members" className="btn btn-primary btn-lg rounded-pill px-5">
            {t('signupMatches.toMembers')}
          </Link>
        </div>
      </section>
    </div>
  );
}
