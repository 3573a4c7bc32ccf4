import { lazyCatalogues, type CatalogueLoaders } from '../../shared/i18n';

/** This area's texts, per language (namespace admin, under `auth`). */
export const messages: CatalogueLoaders = lazyCatalogues(
  (language) => import(`./locales/${language}.json`),
);
export { RecoveryCodesNotice } from './components/RecoveryCodesNotice';
/** Signing out, from the shell's header. */
export { staffLogout } from './api/sign-in';
