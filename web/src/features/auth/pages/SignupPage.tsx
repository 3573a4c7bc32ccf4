import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { SignupForm } from '../../../components/signup/SignupForm';
import { SignupModal } from '../../../components/signup/SignupModal';
import { isDesktopNow, useIsDesktop } from '../../../components/useIsDesktop';

/**
 * The layout the page opened in, kept: a window narrowed or a tablet turned mid-signup keeps
 * the form, and what was typed in it, where it is (the modal and the page each fit any width).
 * Until the page has been taken over, the width as the server rendered it (a phone's).
 */
function useOpenedOnDesktop(): boolean {
  const live = useIsDesktop();
  const [opened, setOpened] = useState<boolean | null>(null);
  useEffect(() => setOpened(isDesktopNow()), []);
  return opened ?? live;
}

/**
 * /signup: on desktop the signup modal over `behind` (the router puts the home page there), on a
 * phone the signup page; whichever it opened as, it stays.
 */
export function SignupPage({ behind }: { behind: ReactNode }) {
  const { t } = useTranslation();
  const desktop = useOpenedOnDesktop();
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
