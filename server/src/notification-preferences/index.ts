/**
 * The notification preferences feature's public API: what a member wants to be told about
 * (GET/PUT /api/notifications.php) and re-enabling e-mail after a bounce, spam report or
 * unsubscribe. The mails and pushes that honour them read them through the service.
 */
export { NotificationPreferencesModule } from './notification-preferences.module';
export {
  NotificationPreferencesService,
  PREFERENCES_SELECT,
  PREFERENCE_DEFAULTS,
  type PreferenceRow,
} from './notification-preferences.service';
