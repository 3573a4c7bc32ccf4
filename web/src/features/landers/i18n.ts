/**
 * The landers' texts: the lazily loaded namespace `landers` (none of it in a first visit's
 * shell), one catalogue per language.
 */
import { useTranslation } from 'react-i18next';
import { lazyNamespace, type CatalogueLoaders } from '../../i18n/lazy-messages';

export const LANDERS_NS = 'landers';

const landers = lazyNamespace(LANDERS_NS);

const messages: CatalogueLoaders = {
  nl: () => import('./locales/nl.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
  pl: () => import('./locales/pl.json'),
};
const PARTS = [messages] as const;

/** Whether the landers' texts of the language shown (and Dutch) are there yet. */
export function useLanderMessages(): boolean {
  return landers.useMessages(PARTS);
}

/** The landers' `t` (namespace `landers`; shared texts come from the default namespace). */
export function useLanderTranslation() {
  return useTranslation(LANDERS_NS);
}
