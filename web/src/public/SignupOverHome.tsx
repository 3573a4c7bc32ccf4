import { SignupPage } from '../features/auth/pages/SignupPage';
import { HomePage } from '../features/home';

/** /signup as the app's router puts it together: the signup page, over the home page on a desktop. */
export function SignupOverHome() {
  return <SignupPage behind={<HomePage />} />;
}
