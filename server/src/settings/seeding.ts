/**
 * What the seeds (prisma/seed) may use of this feature: the settings' defaults. Beside index.ts because the seeds
 * run under tsx, which cannot load the feature's Nest module (parameter decorators).
 */
export { SETTING_DEFAULTS } from './settings.defaults';
