/**
 * The consent texts (the re-acceptance screen, the checkout's delivery consent, partner
 * sharing): the i18next namespace `consent`, loaded only with the member's parts that show them,
 * so a visitor's first visit downloads none of them. Read with `useConsentT`.
 */
import { useTranslation } from 'react-i18next';
import { lazyNamespace, type CatalogueLoaders } from '../../i18n/lazy-messages';

export const CONSENT_NS = 'consent';

const consent = lazyNamespace(CONSENT_NS);

const PARTS: readonly CatalogueLoaders[] = [
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

/** Whether the consent texts of the language shown (and Dutch) are there yet. */
export function useConsentMessages(): boolean {
  return consent.useMessages(PARTS);
}

/** The `consent` namespace's `t` for the language shown (Dutch where a text is missing). */
export function useConsentT() {
  const { i18n } = useTranslation();
  return { t: i18n.getFixedT(i18n.language, CONSENT_NS), language: i18n.language };
}
