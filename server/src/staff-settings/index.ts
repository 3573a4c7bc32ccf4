/**
 * The admins' side of the site settings and company info (issue 19, item 7): the console's
 * `settings` area and the catalogue's company page (docs/architecture.md, the console's table).
 */
export { StaffSettingsModule } from './staff-settings.module';
