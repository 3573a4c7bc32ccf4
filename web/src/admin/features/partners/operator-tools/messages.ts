import { lazyCatalogues, type CatalogueLoaders } from '../../../shared/i18n';

/**
 * The operators' tools' texts (issue 38 item 5), per language: namespace admin, under
 * `operatorTools` (and their audit actions' names).
 */
export const toolMessages: CatalogueLoaders = lazyCatalogues(
  (language) => import(`./locales/${language}.json`),
);
