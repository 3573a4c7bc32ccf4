export { NotificationPreferencesPage } from './NotificationPreferencesPage';
