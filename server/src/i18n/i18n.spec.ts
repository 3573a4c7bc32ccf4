import { SUPPORTED_LANGUAGES } from '@app/contract';
import { ERROR_STATUS } from '../common/app-error';
import { catalogues, languageFrom, translate } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('server catalogues', () => {
  const reference = keys(catalogues.nl).sort();

  it.each(SUPPORTED_LANGUAGES)('has every key of the Dutch catalogue, non-empty, in %s', (lng) => {
    const catalogue = catalogues[lng];
    expect(keys(catalogue).sort()).toEqual(reference);
    for (const key of reference) {
      expect(translate(lng, key)).not.toBe('');
      expect(translate(lng, key)).not.toBe(key);
    }
  });

  it('has a message for every error code', () => {
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(reference).toContain(`errors.${code}`);
    }
  });

  it("uses the spec's Dutch generic messages word for word", () => {
    expect(translate('nl', 'errors.generic')).toBe('Er is een fout opgetreden.');
    expect(translate('nl', 'errors.internal_error')).toBe(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
  });

  it('picks the locale cookie first, then Accept-Language, then Dutch', () => {
    expect(languageFrom('de', 'en')).toBe('de');
    expect(languageFrom(undefined, 'fr-BE,fr;q=0.9')).toBe('fr');
    expect(languageFrom('xx', 'ja')).toBe('nl');
  });
});
