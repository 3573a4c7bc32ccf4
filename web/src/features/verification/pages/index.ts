export { VerificationPage } from './VerificationPage';
