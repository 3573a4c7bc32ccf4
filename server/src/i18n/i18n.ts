import i18next, { type i18n as I18n } from 'i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES_OFFERED_DEFAULT,
  SHARED_CATALOGUES,
  SUPPORTED_LANGUAGES,
  offeredLanguages,
  shownLanguage,
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
      // the spec writes placeholders as {min_age}; a count is {count}, its forms plural keys
      // (<key>_one, _few, _many, _other) chosen by Intl.PluralRules, as in the web
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

/**
 * The languages this process offers members and visitors (the setting `languages_offered`): the
 * settings service sets them whenever it reads the settings (at start and after every change an
 * admin makes, announced to every process), so the texts of a request, a mail or a push can
 * follow them without a read of their own.
 */
let offered: readonly Language[] = LANGUAGES_OFFERED_DEFAULT;

export function setOfferedLanguages(stored: unknown): void {
  offered = offeredLanguages(stored);
}

export function languagesOffered(): readonly Language[] {
  return offered;
}

export function isOffered(value: unknown): value is Language {
  return offered.includes(value as Language);
}

/**
 * The language a member is written to and shown (mails, pushes, messages): their stored one
 * when the site offers it, else nl (the stored preference stays, and counts again once offered).
 */
export function memberLanguage(stored: unknown): Language {
  return shownLanguage(stored, offered);
}

/**
 * Picks the language from the locale cookie, then Accept-Language, then nl: among the offered
 * languages (by default), or among all seven (the staff console).
 */
export function languageFrom(
  cookie: unknown,
  acceptLanguage: string | undefined,
  among: readonly Language[] = offered,
): Language {
  if (among.includes(cookie as Language)) return cookie as Language;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (among.includes(code as Language)) return code as Language;
  }
  return DEFAULT_LANGUAGE;
}
