import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { SignupForm } from '../../../components/signup/SignupForm';
import { SignupModal } from '../../../components/signup/SignupModal';
import { useIsDesktop } from '../../../components/useIsDesktop';

/**
 * /signup: on desktop the signup modal over `behind` (the router puts the home page there), on a
 * phone the signup page.
 */
export function SignupPage({ behind }: { behind: ReactNode }) {
  const { t } = useTranslation();
  const desktop = useIsDesktop();
  const navigate = useNavigate();
  if (desktop) {
    return (
      <>
        {behind}
        <SignupModal open onClose={() => void navigate('/')} />
      </>
    );
  }
  return <SignupPageBody title={t('signup.title')} intro={t('signup.intro')} />;
}

function SignupPageBody({ title, intro }: { title: string; intro: string }) {
  usePageTitle(title);
  return (
    <AuthCard title={title} wide>
      <p className="text-center text-body-secondary small mb-4">{intro}</p>
      <SignupForm />
    </AuthCard>
  );
}
