export { VerificationDeskPage } from './VerificationDeskPage';
