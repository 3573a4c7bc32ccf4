import { lazyNamespace, type CatalogueLoaders } from '../../i18n/lazy-messages';

/** The warning's texts: the namespace `siteEntry`, loaded with the warning only. */
export const SITE_ENTRY_NS = 'siteEntry';

export const siteEntryMessages = lazyNamespace(SITE_ENTRY_NS);

export const SITE_ENTRY_CATALOGUES: readonly CatalogueLoaders[] = [
  {
    nl: () => import('./locales/nl.json'),
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    es: () => import('./locales/es.json'),
    fr: () => import('./locales/fr.json'),
    it: () => import('./locales/it.json'),
    pl: () => import('./locales/pl.json'),
  },
];
