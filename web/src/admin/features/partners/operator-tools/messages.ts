import type { CatalogueLoaders } from '../../../shared/i18n';

/**
 * The operators' tools' texts (issue 38 item 5), per language: namespace admin, under
 * `operatorTools` (and their audit actions' names).
 */
export const toolMessages: CatalogueLoaders = {
  nl: () => import('./locales/nl.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
  pl: () => import('./locales/pl.json'),
};
