import nl from './locales/nl.json';
import en from './locales/en.json';
import de from './locales/de.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import itCatalogue from './locales/it.json';
import pl from './locales/pl.json';
import { INTERESTS } from '../../../prisma/data/interests';
import { SUPPORTED_COUNTRIES, SUPPORTED_LANGUAGES } from '../config/constants';

type Tree = { [key: string]: string | Tree };
/** The seven catalogue files, read as JSON. */
const files: Record<string, Tree> = { nl, en, de, es, fr, it: itCatalogue, pl };

function load(language: string): Tree {
  return files[language];
}

/** Every leaf key, dotted, with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') {
      for (const [k, v] of leaves(value, dotted)) out.set(k, v);
    } else out.set(dotted, value);
  }
  return out;
}

const catalogues = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((lang) => [lang, leaves(load(lang))]),
);
const allKeys = new Set(Object.values(catalogues).flatMap((c) => [...c.keys()]));

describe('message catalogues', () => {
  it('has one catalogue file for each of the seven languages', () => {
    expect(Object.keys(files).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const language of SUPPORTED_LANGUAGES)
      expect(leaves(load(language)).size).toBeGreaterThan(0);
  });

  it.each([...SUPPORTED_LANGUAGES])('has every key, non-empty, in %s', (language) => {
    const catalogue = catalogues[language];
    const problems = [...allKeys]
      .filter((key) => {
        const value = catalogue.get(key);
        return typeof value !== 'string' || value.trim() === '';
      })
      .map((key) => `${language}: missing or empty key "${key}"`);
    expect(problems).toEqual([]);
  });

  it('names every interest, supported country and region label', () => {
    const required = [
      ...INTERESTS.map((i) => `interests.${i.slug}`),
      ...SUPPORTED_COUNTRIES.map((c) => `countries.${c}`),
      ...['province', 'state', 'canton', 'county', 'region', 'territory', 'voivodeship'].map(
        (l) => `regionLabels.${l}`,
      ),
    ];
    const missing = required.filter((key) => !catalogues.nl.has(key));
    expect(missing).toEqual([]);
  });

  it('carries the spec messages word for word in nl', () => {
    expect(catalogues.nl.get('errors.generic')).toBe('Er is een fout opgetreden.');
    expect(catalogues.nl.get('errors.genericLater')).toBe(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
    expect(catalogues.nl.get('errors.notFoundTitle')).toBe('This page could not be found');
    expect(catalogues.en.get('errors.notFoundTitle')).toBe('This page could not be found');
  });
});
