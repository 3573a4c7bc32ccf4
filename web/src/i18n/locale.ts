import i18n from './index';
import { chooseLocale, isSupportedLanguage, localeCookie, readLocaleCookie } from './choose-locale';
import type { Language } from '../config/constants';

/** Called when the settings arrive: without a locale cookie, the domain language decides. */
export function applyDomainLanguage(domainLanguage: string | undefined): Language {
  const language = chooseLocale(readLocaleCookie(), domainLanguage);
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
 * mails use it too): it replaces the cookie's when they differ.
 */
export function applyMemberLanguage(language: string): void {
  if (!isSupportedLanguage(language) || language === readLocaleCookie()) return;
  if (i18n.language === language) document.cookie = localeCookie(language);
  else chooseLanguage(language);
}
