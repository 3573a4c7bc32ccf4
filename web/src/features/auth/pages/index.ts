export { LoginPage } from './LoginPage';
export { SignupPage } from './SignupPage';
export { CompleteSignupPage } from './CompleteSignupPage';
export { ResetPasswordPage, ResetPasswordDoPage } from './ResetPasswordPages';
export { MailChangeDoPage } from './MailChangeDoPage';
export { MailChangeCancelPage } from './MailChangeCancelPage';
export { ActivateDonePage, ActivateErrorPage } from './ActivatePages';

export { SignupMatchesPage } from './SignupMatchesPage';
