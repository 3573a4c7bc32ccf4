import { waitFor } from '@testing-library/react';
import i18n from './index';
import { chooseLocale, localeCookie, readLocaleCookie } from './choose-locale';
import { applyDomainLanguage, applyMemberLanguage } from './locale';
import { SUPPORTED_LANGUAGES } from '../config/constants';

const ALL = SUPPORTED_LANGUAGES;

function clearCookie() {
  document.cookie = 'locale=; path=/; max-age=0';
}

describe('locale choice', () => {
  afterEach(async () => {
    clearCookie();
    await i18n.changeLanguage('nl');
  });

  it('prefers the locale cookie over the domain language', () => {
    expect(chooseLocale('de', 'fr-FR')).toBe('de');
  });

  it('uses the first two letters of the domain language when there is no cookie', () => {
    expect(chooseLocale(undefined, 'fr-FR')).toBe('fr');
    expect(chooseLocale(undefined, 'PL')).toBe('pl');
  });

  it('falls back to nl for an unsupported or missing language', () => {
    expect(chooseLocale(undefined, 'sv-SE')).toBe('nl');
    expect(chooseLocale('xx', undefined)).toBe('nl');
    expect(chooseLocale(undefined, undefined)).toBe('nl');
  });

  it('reads the locale cookie among others', () => {
    expect(readLocaleCookie('sid=abc; locale=it; other=1')).toBe('it');
    expect(readLocaleCookie('sid=abc')).toBeUndefined();
  });

  it('writes the locale cookie for 365 days', () => {
    expect(localeCookie('en')).toContain('locale=en');
    expect(localeCookie('en')).toContain(`max-age=${365 * 24 * 60 * 60}`);
  });

  it('switches to the domain language on a first visit and sets <html lang>', async () => {
    expect(applyDomainLanguage('de-DE', ALL)).toBe('de');
    // the German catalogue is fetched first, then the language switches
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    expect(document.documentElement.lang).toBe('de');
  });

  it('keeps the cookie language when the domain language differs', async () => {
    document.cookie = 'locale=es; path=/';
    expect(applyDomainLanguage('de-DE', ALL)).toBe('es');
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(document.documentElement.lang).toBe('es');
  });

  describe('among the languages the site offers (languages_offered)', () => {
    afterEach(() => applyDomainLanguage(undefined, ALL));

    it('shows Dutch, with nl only offered, whatever the cookie or the domain ask for', async () => {
      document.cookie = 'locale=es; path=/';
      expect(applyDomainLanguage('de-DE', ['nl'])).toBe('nl');
      clearCookie();
      expect(applyDomainLanguage('de-DE', ['nl'])).toBe('nl');
      expect(chooseLocale('fr', 'fr-FR', ['nl', 'en'])).toBe('nl');
      expect(chooseLocale('fr', 'en-GB', ['nl', 'en'])).toBe('en');
    });

    it('keeps the cookie of a language no longer offered, for when it is offered again', async () => {
      document.cookie = 'locale=es; path=/';
      expect(applyDomainLanguage(undefined, ['nl'])).toBe('nl');
      expect(readLocaleCookie()).toBe('es');
      expect(applyDomainLanguage(undefined, ['nl', 'es'])).toBe('es');
      await waitFor(() => expect(i18n.language).toBe('es'));
    });

    it("leaves a member's stored language alone when the site does not offer it", () => {
      applyDomainLanguage(undefined, ['nl']);
      applyMemberLanguage('pl');
      expect(i18n.language).toBe('nl');
      expect(readLocaleCookie()).toBeUndefined();
    });
  });
});
