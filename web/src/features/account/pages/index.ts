import { placeholderPage } from '../../../components/PlaceholderPage';

export { AccountSettingsPage as NotificationsPage } from './AccountSettingsPage';
export { DeleteAccountPage } from './DeleteAccountPage';
export { AccountDeletedPage } from './AccountDeletedPage';

export const ProfilePage = placeholderPage('pages.profile');
export const LangConfigPage = placeholderPage('pages.langConfig');
export { ComplaintsPage } from '../complaints/ComplaintsPage';
