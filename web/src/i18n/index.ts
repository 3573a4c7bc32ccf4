import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../config/constants';
import nl from './locales/nl.json';
import sharedNl from '@app/contract/i18n/nl.json';
import { chooseLocale, languageOfAddress, localeCookie, readLocaleCookie } from './choose-locale';
import { withSharedMessages, type Catalogue } from './merge';

type Module = { default: Catalogue };

/**
 * Each language is the web's own catalogue (locales/*.json) with the messages it shares with the
 * server merged in (`errors.<code>`, `validation.*`: contract/src/i18n/*.json). Dutch (default and
 * fallback) is bundled; every other language is fetched the first time it is chosen, so a first
 * visit downloads one catalogue instead of seven.
 */
const CATALOGUES: Record<string, () => Promise<[Module, Module]>> = {
  en: () => Promise.all([import('./locales/en.json'), import('@app/contract/i18n/en.json')]),
  de: () => Promise.all([import('./locales/de.json'), import('@app/contract/i18n/de.json')]),
  es: () => Promise.all([import('./locales/es.json'), import('@app/contract/i18n/es.json')]),
  fr: () => Promise.all([import('./locales/fr.json'), import('@app/contract/i18n/fr.json')]),
  it: () => Promise.all([import('./locales/it.json'), import('@app/contract/i18n/it.json')]),
  pl: () => Promise.all([import('./locales/pl.json'), import('@app/contract/i18n/pl.json')]),
};

const dutch = withSharedMessages(nl, sharedNl);

function loadCatalogue(language: string): Promise<Catalogue> {
  const load = CATALOGUES[language];
  if (!load) return Promise.resolve(dutch);
  return load().then(([own, shared]) => withSharedMessages(own.default, shared.default));
}

// an address with ?lang=<code> chooses the language, remembered as a choice in the menu is
const addressLanguage = languageOfAddress();
if (addressLanguage && typeof document !== 'undefined')
  document.cookie = localeCookie(addressLanguage);

/** Resolves when the chosen language's catalogue is loaded; render after it (main.tsx). */
export const i18nReady = i18n
  // only the default namespace comes from here: the lazily loaded ones (admin, pages, …) bring
  // their own catalogues (lazy-messages.ts), and once one is added i18next asks this backend for
  // it with every language it loads; answering nothing keeps the main catalogue out of them
  .use(
    resourcesToBackend((language: string, namespace: string) =>
      namespace === 'translation' ? loadCatalogue(language) : Promise.resolve(undefined),
    ),
  )
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: { translation: dutch } },
    partialBundledLanguages: true,
    // the cookie wins; the domain language is applied once the settings arrive
    lng: chooseLocale(readLocaleCookie(), undefined),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // placeholders are written {name}, as in the spec, the contract and the server; a count is
    // {count} with plural keys in i18next's JSON v4 form (<key>_one, _few, _many, _other), the
    // form chosen by Intl.PluralRules of the language (contract/src/plurals.spec.ts)
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
    react: { useSuspense: false },
  });

/**
 * The rest of the language's texts: the app has them all once `i18nReady` resolved (the public
 * entry's module of the same name fetches what its page did not bring: web/src/public/i18n.ts).
 */
export function completeCatalogue(): Promise<void> {
  return i18nReady.then(() => undefined);
}

function syncHtmlLang(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

export default i18n;
