import { placeholderPage } from '../../../components/PlaceholderPage';

export { LoginPage } from './LoginPage';
export { SignupPage } from './SignupPage';
export { CompleteSignupPage } from './CompleteSignupPage';
export { ActivateDonePage, ActivateErrorPage } from './ActivatePages';

export const SignupMatchesPage = placeholderPage('pages.signupMatches');
export const ResetPasswordPage = placeholderPage('pages.resetPassword');
export const ResetPasswordDoPage = placeholderPage('pages.resetPasswordDo');
export const MailChangeDoPage = placeholderPage('pages.mailChangeDo');
export const AccountDeletedPage = placeholderPage('pages.accountDeleted');
