export { AccountSettingsPage } from './AccountSettingsPage';
export { DeleteAccountPage } from './DeleteAccountPage';
export { AccountDeletedPage } from './AccountDeletedPage';
export { LanguagePage } from './LanguagePage';
