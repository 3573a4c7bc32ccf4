/** The settings feature's public API: the operator settings and reference lists. */
export { SettingsModule } from './settings.module';
export { SettingsService, domainLanguageOf, domainOf } from './settings.service';
export { SETTING_DEFAULTS, type SettingKey, type StoredSettings } from './settings.defaults';
export { seesWho, type ShownToFree } from './free-members';
