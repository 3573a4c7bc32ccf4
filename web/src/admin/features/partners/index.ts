import { lazyCatalogues, type CatalogueLoaders } from '../../shared/i18n';

/** This area's texts, per language (namespace admin, under `partners`). */
export const messages: CatalogueLoaders = lazyCatalogues(
  (language) => import(`./locales/${language}.json`),
);
export { toolMessages } from './operator-tools/messages';

/** The persona panel's texts (namespace admin, under `persona`, and its audit actions' names). */
export const personaMessages: CatalogueLoaders = lazyCatalogues(
  (language) => import(`./persona/locales/${language}.json`),
);
