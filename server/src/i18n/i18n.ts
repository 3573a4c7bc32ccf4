import i18next, { type i18n as I18n } from 'i18next';
import {
  DEFAULT_LANGUAGE,
  SHARED_CATALOGUES,
  SUPPORTED_LANGUAGES,
  type Language,
  type SharedCatalogue,
} from '@app/contract';
import nl from './locales/nl.json';
import en from './locales/en.json';
import de from './locales/de.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pl from './locales/pl.json';

const own: Record<Language, typeof nl> = { nl, en, de, es, fr, it, pl };

/**
 * Server-side catalogues: the contract's shared messages (`errors.*`, `validation.*`, the same the
 * web shows) and the server's own (`mail.*`). The spec's Dutch messages are the nl values.
 */
export const catalogues = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    { ...SHARED_CATALOGUES[language], ...own[language] },
  ]),
) as Record<Language, SharedCatalogue & typeof nl>;

let instance: I18n | undefined;

function translator(): I18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      initAsync: false,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      resources: Object.fromEntries(
        Object.entries(catalogues).map(([lng, messages]) => [lng, { translation: messages }]),
      ),
      // the spec writes placeholders as {min_age}
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
    });
  }
  return instance;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export function translate(
  language: Language,
  key: string,
  params: Record<string, unknown> = {},
): string {
  return translator().t(key, { lng: language, ...params });
}

export function hasKey(key: string): boolean {
  return translator().exists(key, { lng: DEFAULT_LANGUAGE });
}

/** Picks the language from the locale cookie, then Accept-Language, then nl. */
export function languageFrom(cookie: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(cookie)) return cookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
