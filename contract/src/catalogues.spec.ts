import { SUPPORTED_LANGUAGES } from './constants';
import { ERROR_CODES } from './errors';
import { SHARED_CATALOGUES } from './i18n';

function entries(value: unknown, prefix = ''): [string, string][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      entries(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [[prefix, String(value)]];
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * A key as the Dutch has it: a plural form (`<key>_few`, which Polish has and Dutch not) stands
 * for the Dutch `<key>_other`; plurals.spec.ts checks each language's forms.
 */
function dutchKey(key: string, dutch: Map<string, string>): string {
  const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return plural && dutch.has(`${plural[1]}_other`) && !dutch.has(key) ? `${plural[1]}_other` : key;
}

describe('the shared catalogues', () => {
  const dutch = new Map(entries(SHARED_CATALOGUES.nl));

  it('have a message for every error code', () => {
    // a message with a count is its plural forms (errors.<code>_one, errors.<code>_other)
    for (const code of ERROR_CODES)
      expect([code, dutch.has(`errors.${code}`) || dutch.has(`errors.${code}_other`)]).toEqual([
        code,
        true,
      ]);
  });

  it.each(SUPPORTED_LANGUAGES)(
    'have every Dutch key in %s, filled, with the same placeholders',
    (lng) => {
      const catalogue = new Map(entries(SHARED_CATALOGUES[lng]));
      const keys = new Set([...catalogue.keys()].map((key) => dutchKey(key, dutch)));
      expect([...keys].sort()).toEqual([...dutch.keys()].sort());
      for (const [key, text] of catalogue) {
        expect(text.trim()).not.toBe('');
        expect([key, placeholders(text)]).toEqual([
          key,
          placeholders(dutch.get(dutchKey(key, dutch)) as string),
        ]);
      }
    },
  );

  it("keep the spec's Dutch messages word for word", () => {
    expect(dutch.get('errors.login_failed')).toBe('Login mislukt, probeer opnieuw');
    expect(dutch.get('errors.login_blocked')).toBe(
      'Te veel foute pogingen, account voor {minutes} min geblokkeerd.',
    );
    expect(dutch.get('errors.email_not_found')).toBe('E-mailadres niet gevonden');
    expect(dutch.get('errors.generic')).toBe('Er is een fout opgetreden.');
  });
});
