/** The admins' side of the site settings and company info (issue 19, item 7). */
export { SiteSettingsModule } from './site-settings.module';
