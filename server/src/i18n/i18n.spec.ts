import { SUPPORTED_LANGUAGES } from '@app/contract';
import { ERROR_STATUS } from '../common/app-error';
import { catalogues, languageFrom, memberLanguage, setOfferedLanguages, translate } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/**
 * A key as the Dutch has it: a plural form the Dutch lacks (Polish `_few`, `_many`) stands for
 * its `_other` (contract/src/plurals.spec.ts checks every language's forms).
 */
function dutchKey(key: string, dutch: readonly string[]): string {
  const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return plural && !dutch.includes(key) && dutch.includes(`${plural[1]}_other`)
    ? `${plural[1]}_other`
    : key;
}

describe('server catalogues', () => {
  const reference = keys(catalogues.nl).sort();

  it.each(SUPPORTED_LANGUAGES)('has every key of the Dutch catalogue, non-empty, in %s', (lng) => {
    const catalogue = catalogues[lng];
    expect([...new Set(keys(catalogue).map((key) => dutchKey(key, reference)))].sort()).toEqual(
      reference,
    );
    for (const key of keys(catalogue)) {
      expect(translate(lng, key)).not.toBe('');
      expect(translate(lng, key)).not.toBe(key);
    }
  });

  it('has a message for every error code', () => {
    for (const code of Object.keys(ERROR_STATUS)) {
      // a message with a count is its plural forms (errors.<code>_one, errors.<code>_other)
      expect([
        code,
        reference.includes(`errors.${code}`) || reference.includes(`errors.${code}_other`),
      ]).toEqual([code, true]);
    }
  });

  it('writes a count in the plural form of the member’s language (Intl plural rules)', () => {
    expect(translate('nl', 'mail.and_others', { count: 1 })).toBe('nog iemand');
    expect(translate('nl', 'mail.and_others', { count: 2 })).toBe('nog 2 anderen');
    expect(translate('pl', 'mail.and_others', { count: 3 })).toBe('jeszcze 3 osoby');
    expect(translate('pl', 'mail.and_others', { count: 5 })).toBe('jeszcze 5 osób');
    expect(translate('pl', 'mail.and_others', { count: 22 })).toBe('jeszcze 22 osoby');
    expect(translate('en', 'errors.message_too_long', { count: 1000 })).toBe(
      'Your message is too long (at most 1000 characters).',
    );
  });

  it("uses the spec's Dutch generic messages word for word", () => {
    expect(translate('nl', 'errors.generic')).toBe('Er is een fout opgetreden.');
    expect(translate('nl', 'errors.internal_error')).toBe(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
  });

  describe('with every language offered', () => {
    beforeEach(() => setOfferedLanguages([...SUPPORTED_LANGUAGES]));
    afterEach(() => setOfferedLanguages(undefined));

    it('picks the locale cookie first, then Accept-Language, then Dutch', () => {
      expect(languageFrom('de', 'en')).toBe('de');
      expect(languageFrom(undefined, 'fr-BE,fr;q=0.9')).toBe('fr');
      expect(languageFrom('xx', 'ja')).toBe('nl');
    });

    it('writes to a member in their stored language', () => {
      expect(memberLanguage('pl')).toBe('pl');
      expect(memberLanguage('xx')).toBe('nl');
    });
  });

  describe('with the languages the owner offers (nl only until an admin adds others)', () => {
    afterEach(() => setOfferedLanguages(undefined));

    it('offers only Dutch by default: a cookie or Accept-Language of another gets Dutch', () => {
      expect(languageFrom('de', 'en')).toBe('nl');
      expect(languageFrom(undefined, 'fr-BE,fr;q=0.9')).toBe('nl');
    });

    it('skips the languages not offered and takes the first offered one the browser asks for', () => {
      setOfferedLanguages(['en']);
      expect(languageFrom('de', 'de-DE,de;q=0.9,en;q=0.8')).toBe('en');
      expect(languageFrom('en', 'de')).toBe('en');
    });

    it('shows a member whose stored language is not offered Dutch, and theirs once it is', () => {
      expect(memberLanguage('de')).toBe('nl');
      setOfferedLanguages(['de']);
      expect(memberLanguage('de')).toBe('de');
    });

    it('still reads all seven for the staff console when asked to', () => {
      expect(languageFrom('en', undefined, SUPPORTED_LANGUAGES)).toBe('en');
    });
  });
});
