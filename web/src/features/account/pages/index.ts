import { placeholderPage } from '../../../components/PlaceholderPage';

export const ProfilePage = placeholderPage('pages.profile');
export const NotificationsPage = placeholderPage('pages.notifications');
export const LangConfigPage = placeholderPage('pages.langConfig');
export const ComplaintsPage = placeholderPage('pages.complaints');
