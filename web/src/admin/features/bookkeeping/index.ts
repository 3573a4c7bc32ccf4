import type { CatalogueLoaders } from '../../shared/i18n';

/** This area's texts, per language (namespace admin, under `bookkeeping`). */
export const messages: CatalogueLoaders = {
  nl: () => import('./locales/nl.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
  pl: () => import('./locales/pl.json'),
};
