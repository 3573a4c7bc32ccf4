import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomePage } from '../../home';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { SignupForm } from '../signup/SignupForm';
import { SignupModal } from '../signup/SignupModal';
import { useIsDesktop } from '../useIsDesktop';

/** /signup: on desktop the signup modal over the home page, on a phone the signup page. */
export function SignupPage() {
  const { t } = useTranslation();
  const desktop = useIsDesktop();
  const navigate = useNavigate();
  if (desktop) {
    return (
      <>
        <HomePage />
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
