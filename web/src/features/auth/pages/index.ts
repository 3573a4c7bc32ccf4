import { placeholderPage } from '../../../components/PlaceholderPage';

export const LoginPage = placeholderPage('pages.login');
export const SignupPage = placeholderPage('pages.signup');
export const CompleteSignupPage = placeholderPage('pages.completeSignup');
export const SignupMatchesPage = placeholderPage('pages.signupMatches');
export const ResetPasswordPage = placeholderPage('pages.resetPassword');
export const ResetPasswordDoPage = placeholderPage('pages.resetPasswordDo');
export const MailChangeDoPage = placeholderPage('pages.mailChangeDo');
export const ActivateDonePage = placeholderPage('pages.activateDone');
export const ActivateErrorPage = placeholderPage('pages.activateError');
export const AccountDeletedPage = placeholderPage('pages.accountDeleted');
