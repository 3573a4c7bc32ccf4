import type { CatalogueLoaders } from '../../shared/i18n';

/** This area's texts, per language (namespace admin, under `partners`). */
export const messages: CatalogueLoaders = {
  nl: () => import('./locales/nl.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
  pl: () => import('./locales/pl.json'),
};
export { toolMessages } from './operator-tools/messages';

/** The persona panel's texts (namespace admin, under `persona`, and its audit actions' names). */
export const personaMessages: CatalogueLoaders = {
  nl: () => import('./persona/locales/nl.json'),
  en: () => import('./persona/locales/en.json'),
  de: () => import('./persona/locales/de.json'),
  es: () => import('./persona/locales/es.json'),
  fr: () => import('./persona/locales/fr.json'),
  it: () => import('./persona/locales/it.json'),
  pl: () => import('./persona/locales/pl.json'),
};
