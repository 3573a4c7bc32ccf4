import i18n from './index';
import { chooseLocale, isSupportedLanguage, localeCookie, readLocaleCookie } from './choose-locale';
import { SUPPORTED_LANGUAGES, offeredLanguages, type Language } from '../config/constants';

/**
 * The languages the site offers members and visitors (the setting languages_offered), once the
 * settings are known; until then (and in the staff console, which never asks) all seven.
 */
let offered: readonly Language[] = SUPPORTED_LANGUAGES;

/**
 * Called when the settings arrive: the cookie's language when the site offers it, else the
 * domain language when offered, else nl. A cookie of a language no longer offered stays (the
 * visitor's wish, shown again once it is offered).
 */
export function applyDomainLanguage(
  domainLanguage: string | undefined,
  languagesOffered: readonly string[],
): Language {
  offered = offeredLanguages(languagesOffered);
  const language = chooseLocale(readLocaleCookie(), domainLanguage, offered);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  return language;
}

/** An explicit choice: remembered in the locale cookie for 365 days. */
export function chooseLanguage(language: Language): void {
  document.cookie = localeCookie(language);
  void i18n.changeLanguage(language);
}

/**
 * A logged-in member's stored language follows them to every browser (the server's texts and
 * mails use it too): it replaces the cookie's when they differ. A stored language the site no
 * longer offers is left alone: the member sees nl, and their preference stays for later.
 */
export function applyMemberLanguage(language: string): void {
  if (!isSupportedLanguage(language) || !offered.includes(language)) return;
  if (language === readLocaleCookie()) return;
  if (i18n.language === language) document.cookie = localeCookie(language);
  else chooseLanguage(language);
}
