import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../config/constants';
import nl from './locales/nl.json';
import { chooseLocale, readLocaleCookie } from './choose-locale';

/**
 * Dutch (default and fallback) is bundled; each other catalogue is its own chunk, fetched the first
 * time that language is chosen, so a first visit downloads one catalogue instead of seven.
 */
const CATALOGUES: Record<string, () => Promise<{ default: object }>> = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
  pl: () => import('./locales/pl.json'),
};

function loadCatalogue(language: string): Promise<object> {
  const load = CATALOGUES[language];
  return load ? load().then((module) => module.default) : Promise.resolve(nl);
}

/** Resolves when the chosen language's catalogue is loaded; render after it (main.tsx). */
export const i18nReady = i18n
  .use(resourcesToBackend((language: string) => loadCatalogue(language)))
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: { translation: nl } },
    partialBundledLanguages: true,
    // the cookie wins; the domain language is applied once the settings arrive
    lng: chooseLocale(readLocaleCookie(), undefined),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

function syncHtmlLang(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

export default i18n;
