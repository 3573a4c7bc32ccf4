import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMemberCard } from '../../../api/members';
import { FictionalNotice } from '../../../components/FictionalNotice';
import { usePageTitle } from '../../../components/usePageTitle';
import { SignupForm } from '../../../components/signup/SignupForm';
import { MemberAvatar, MemberFacts } from '../../../components/member/MemberCard';

/**
 * /members/{id}/signup: a visitor who came for one member signs up beside that member's card,
 * then returns to that profile. Logged-in members are sent to the profile by the route loader.
 */
export function MemberSignupPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const member = useMemberCard(id);
  const name = member.data?.name;
  usePageTitle(name ? t('memberSignup.title', { name }) : t('pages.memberSignup'));

  return (
    <section className="container py-4 py-md-5">
      <div className="row g-4 justify-content-center align-items-start">
        <div className="col-12 col-lg-5">
          <div className="card border-0 shadow-sm rounded-4 member-signup__card">
            <div className="card-body p-4 text-center">
              {member.isPending && member.fetchStatus !== 'idle' && (
                <div aria-busy="true" className="py-4 text-body-secondary">
                  {t('common.loading')}
                </div>
              )}
              {member.data && (
                <>
                  <div className="d-flex justify-content-center mb-3">
                    <MemberAvatar member={member.data} size="lg" />
                  </div>
                  <div className="d-inline-block text-start">
                    <MemberFacts member={member.data} />
                  </div>
                  <h1 className="h4 mt-3 mb-1">{t('memberSignup.title', { name })}</h1>
                  <p className="text-body-secondary mb-0">{t('memberSignup.intro', { name })}</p>
                  {member.data.fictional && (
                    <FictionalNotice className="mt-3 p-3 bg-body-tertiary rounded-4 text-start" />
                  )}
                </>
              )}
              {(member.isError || (member.isPending && member.fetchStatus === 'idle')) && (
                <>
                  <h1 className="h4 mb-2">{t('pages.memberSignup')}</h1>
                  <p className="text-body-secondary mb-0" role="status">
                    {t('memberSignup.unavailable')}
                  </p>
                </>
              )}
            </div>
          </div>
        </div>
        <div className="col-12 col-lg-6">
          <div className="card border-0 shadow-sm rounded-4">
            <div className="card-body p-4 p-md-5">
              <h2 className="h5 mb-3 text-center">{t('signup.title')}</h2>
              <SignupForm memberId={member.data ? id : undefined} />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
