export { AccountSettingsPage } from './AccountSettingsPage';
export { DeleteAccountPage } from './DeleteAccountPage';
export { AccountDeletedPage } from './AccountDeletedPage';
export { ProfilePage } from '../profile/ProfilePage';

export { LanguagePage } from '../language/LanguagePage';
export { ComplaintsPage } from '../complaints/ComplaintsPage';
