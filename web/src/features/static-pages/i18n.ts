/**
 * The static pages' texts: the i18next namespace `pages`, loaded only when one of these pages is
 * opened (long legal texts stay out of a first visit's download). Read with `usePagesT`, which
 * never asks the default backend for the namespace.
 */
import { useTranslation } from 'react-i18next';
import { lazyNamespace, type CatalogueLoaders } from '../../i18n/lazy-messages';
import type { Catalogue } from '../../i18n/merge';

export const PAGES_NS = 'pages';

const pages = lazyNamespace(PAGES_NS);

/** A catalogue whose texts include lists (paragraphs, sections), which i18next returns as such. */
const catalogue = (module: Promise<{ default: unknown }>) =>
  module as Promise<{ default: Catalogue }>;

/** This feature's texts, per language. */
export const pagesMessages: CatalogueLoaders = {
  nl: () => catalogue(import('./locales/nl.json')),
  en: () => catalogue(import('./locales/en.json')),
  de: () => catalogue(import('./locales/de.json')),
  es: () => catalogue(import('./locales/es.json')),
  fr: () => catalogue(import('./locales/fr.json')),
  it: () => catalogue(import('./locales/it.json')),
  pl: () => catalogue(import('./locales/pl.json')),
};

const PARTS = [pagesMessages] as const;

/** Whether the pages' texts of the language shown (and Dutch) are there yet. */
export function usePagesMessages(): boolean {
  return pages.useMessages(PARTS);
}

/** The `pages` namespace's `t` for the language shown (Dutch where a text is missing). */
export function usePagesT() {
  const { i18n } = useTranslation();
  return { t: i18n.getFixedT(i18n.language, PAGES_NS), language: i18n.language };
}
