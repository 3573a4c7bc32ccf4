import i18n from './index';
import { chooseLocale, localeCookie, readLocaleCookie } from './choose-locale';
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
