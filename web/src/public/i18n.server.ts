/**
 * The texts of the public pages when the server renders them (vite.public.config.ts puts this
 * module in place of web/src/i18n/index.ts in the server build): every language's catalogues at
 * hand, and a record of the groups of texts each render used, which the page then carries
 * (usedTexts) so the browser can take it over without loading a catalogue first.
 */
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '../config/constants';
import { withSharedMessages, type Catalogue } from '../i18n/merge';
import { I18N_OPTIONS, byLanguage } from './i18n-options';
import { SITE_ENTRY_NS } from '../features/site-entry';
import { PAGES_NS } from '../features/static-pages';

const OWN = import.meta.glob<Catalogue>('../i18n/locales/*.json', {
  import: 'default',
  eager: true,
});
const SHARED = import.meta.glob<Catalogue>('../../../contract/src/i18n/*.json', {
  import: 'default',
  eager: true,
});
/** The namespaces loaded on demand in the app (lazyNamespace) that the public pages use. */
const LANDERS = import.meta.glob<Catalogue>('../features/landers/locales/*.json', {
  import: 'default',
  eager: true,
});
/** The static pages' (a page brings its own text and the common parts: usedTexts). */
const PAGES = import.meta.glob<Catalogue>('../features/static-pages/locales/*.json', {
  import: 'default',
  eager: true,
});
/** The entry warning's (a page that may show it brings them: entryWarningTexts). */
const SITE_ENTRY = import.meta.glob<Catalogue>('../features/site-entry/locales/*.json', {
  import: 'default',
  eager: true,
});

const resources: Resource = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    {
      translation: withSharedMessages(byLanguage(OWN, language), byLanguage(SHARED, language)),
      landers: byLanguage(LANDERS, language),
      [SITE_ENTRY_NS]: byLanguage(SITE_ENTRY, language),
      [PAGES_NS]: byLanguage(PAGES, language),
    },
  ]),
);

/** The groups (namespace, first key part) the current render asked for. */
let used = new Set<string>();

void i18n
  .use(initReactI18next)
  .use({
    type: 'postProcessor',
    name: 'usedTexts',
    process(value: string, keys: string | string[], options: { ns?: string | string[] }) {
      const namespace = Array.isArray(options.ns) ? options.ns[0] : options.ns;
      for (const key of Array.isArray(keys) ? keys : [keys]) {
        const [ns, path] = key.includes(':') ? key.split(':', 2) : [namespace, key];
        used.add(`${ns ?? 'translation'}\u0000${path.split('.')[0]}`);
      }
      return value;
    },
  })
  .init({
    ...I18N_OPTIONS,
    lng: 'nl',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources,
    postProcess: ['usedTexts'],
    initAsync: false,
  });

export const i18nReady: Promise<unknown> = Promise.resolve();

/** Every catalogue is here (web/src/public/i18n.ts fetches the rest of a page's in the browser). */
export function completeCatalogue(): Promise<void> {
  return Promise.resolve();
}

/** Renders in `language`: the switch is synchronous (every catalogue is here). */
export function switchLanguageForRender(language: Language): void {
  void i18n.changeLanguage(language);
  if (i18n.language !== language) throw new Error(`language ${language} not switched to`);
  used = new Set();
}

/**
 * The namespaces a page brings whole; of the others (the default one, the static pages' long
 * texts) it brings only the groups it used.
 */
const WHOLE_NAMESPACES = new Set(['landers', SITE_ENTRY_NS]);

/**
 * The texts the render since switchLanguageForRender used: whole groups of the default namespace
 * (`home`, `nav`, …) and of the static pages' (`terms`, `common`), and whole other namespaces, in
 * the render's language.
 */
export function usedTexts(): Record<string, Catalogue> {
  const language = i18n.language;
  const out: Record<string, Catalogue> = {};
  for (const entry of used) {
    const [ns, group] = entry.split('\u0000');
    const bundle = i18n.getResourceBundle(language, ns) as Catalogue | undefined;
    if (!bundle) continue;
    if (WHOLE_NAMESPACES.has(ns)) {
      out[ns] = bundle;
      continue;
    }
    const texts = bundle[group];
    if (texts === undefined) continue;
    out[ns] = { ...(out[ns] ?? {}), [group]: texts };
  }
  return out;
}

/** The entry warning's texts in the render's language (the warning renders only in the browser). */
export function entryWarningTexts(): Catalogue {
  return i18n.getResourceBundle(i18n.language, SITE_ENTRY_NS) as Catalogue;
}

export default i18n;
