/**
 * The texts of the public entry (vite.public.config.ts puts this module in place of
 * web/src/i18n/index.ts there). A server-rendered page brings the texts it shows (PublicPageData),
 * so the first visit loads no catalogue script; the rest of the language's catalogue comes
 * afterwards as a JSON file (completeCatalogue), and so does another language when one is chosen.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { SUPPORTED_LANGUAGES, type Language } from '../config/constants';
import { withSharedMessages, type Catalogue } from '../i18n/merge';
import { I18N_OPTIONS, byLanguage } from './i18n-options';

/** The catalogues' addresses: JSON files among the built assets, never scripts. */
const OWN = import.meta.glob<string>('../i18n/locales/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});
const SHARED = import.meta.glob<string>('../../../contract/src/i18n/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

async function fetchJson(url: string): Promise<Catalogue> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as Catalogue;
}

/** A language's whole default catalogue (the web's own with the shared messages merged in). */
async function fetchCatalogue(language: string): Promise<Catalogue> {
  const [own, shared] = await Promise.all([
    fetchJson(byLanguage(OWN, language)),
    fetchJson(byLanguage(SHARED, language)),
  ]);
  return withSharedMessages(own, shared);
}

/** Ready at once: startPublicI18n initialises synchronously, before the page is taken over. */
export const i18nReady: Promise<unknown> = Promise.resolve();

/** Starts i18next with the language and the texts the server rendered the page with. */
export function startPublicI18n(language: Language, resources: Record<string, Catalogue>): void {
  void i18n
    .use(
      resourcesToBackend((lng: string, namespace: string) =>
        namespace === 'translation' ? fetchCatalogue(lng) : Promise.resolve(undefined),
      ),
    )
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      resources: { [language]: resources },
      partialBundledLanguages: true,
      initAsync: false,
    });
  if (typeof document !== 'undefined') {
    i18n.on('languageChanged', (lng) => {
      document.documentElement.lang = lng;
    });
  }
}

const completing = new Map<string, Promise<void>>();

/**
 * The rest of the page language's texts (for what a visitor opens next: the signup form, the
 * like popup…), fetched once however many ask; a failed fetch may be asked again.
 */
export function completeCatalogue(): Promise<void> {
  const language = i18n.language;
  let done = completing.get(language);
  if (!done) {
    done = fetchCatalogue(language).then((full) => {
      // deep, without overwriting: the texts on the page stay as they are
      i18n.addResourceBundle(language, 'translation', full, true, false);
    });
    done.catch(() => completing.delete(language));
    completing.set(language, done);
  }
  return done;
}

export default i18n;
