import { languageOfAddress, readLocaleCookie } from './choose-locale';

describe('a language chosen by the address (?lang=, the hreflang alternates)', () => {
  afterEach(() => {
    document.cookie = 'locale=; path=/; max-age=0';
    window.history.replaceState(null, '', '/');
  });

  it('reads a supported ?lang= and ignores any other', () => {
    expect(languageOfAddress('?lang=de')).toBe('de');
    expect(languageOfAddress('?ref=x&lang=pl')).toBe('pl');
    expect(languageOfAddress('?lang=xx')).toBeUndefined();
    expect(languageOfAddress('?lang=')).toBeUndefined();
    expect(languageOfAddress('')).toBeUndefined();
  });

  it('shows the page in that language and remembers it in the locale cookie', async () => {
    document.cookie = 'locale=fr; path=/';
    window.history.replaceState(null, '', '/terms?lang=de');
    await jest.isolateModulesAsync(async () => {
      const { default: i18n, i18nReady } = await import('./index');
      await i18nReady;
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(i18n.language).toBe('de');
      expect(document.documentElement.lang).toBe('de');
    });
    expect(readLocaleCookie()).toBe('de');
  });
});
