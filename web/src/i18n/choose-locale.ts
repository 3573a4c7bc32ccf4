import {
  DEFAULT_LANGUAGE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  SUPPORTED_LANGUAGES,
  type Language,
} from '../config/constants';

export function isSupportedLanguage(value: string | undefined | null): value is Language {
  return !!value && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The locale rule (SPEC point 4): the locale cookie wins; with no cookie, the first two letters
 * of the domain language choose the locale; otherwise nl. Each only among `among`: the languages
 * the site offers (the setting languages_offered) once the settings are known, all seven before
 * (and in the staff console).
 */
export function chooseLocale(
  cookieValue: string | undefined,
  domainLanguage: string | undefined,
  among: readonly Language[] = SUPPORTED_LANGUAGES,
): Language {
  if (among.includes(cookieValue as Language)) return cookieValue as Language;
  const fromDomain = domainLanguage?.slice(0, 2).toLowerCase();
  if (among.includes(fromDomain as Language)) return fromDomain as Language;
  return DEFAULT_LANGUAGE;
}

export function readLocaleCookie(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The Set-Cookie string for the locale cookie (365 days). */
export function localeCookie(language: Language): string {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${maxAge}; samesite=lax`;
}

/**
 * The language an address asks for with ?lang=<code> (the hreflang alternates the server links
 * to, server/src/site-pages), if supported.
 */
export function languageOfAddress(
  search: string = typeof location === 'undefined' ? '' : location.search,
): Language | undefined {
  const value = new URLSearchParams(search).get('lang');
  return isSupportedLanguage(value) ? value : undefined;
}
