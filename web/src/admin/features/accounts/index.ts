import { lazyCatalogues, type CatalogueLoaders } from '../../shared/i18n';

/** This area's texts, per language (namespace admin, under `staff`). */
export const messages: CatalogueLoaders = lazyCatalogues(
  (language) => import(`./locales/${language}.json`),
);
