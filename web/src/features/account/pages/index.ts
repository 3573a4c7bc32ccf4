import { placeholderPage } from '../../../components/PlaceholderPage';

export { AccountSettingsPage } from './AccountSettingsPage';
export { DeleteAccountPage } from './DeleteAccountPage';
export { AccountDeletedPage } from './AccountDeletedPage';
export { ProfilePage } from '../profile/ProfilePage';

export const LangConfigPage = placeholderPage('pages.langConfig');
export { ComplaintsPage } from '../complaints/ComplaintsPage';
