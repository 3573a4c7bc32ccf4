import nl from './locales/nl.json';
import en from './locales/en.json';
import de from './locales/de.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import itCatalogue from './locales/it.json';
import pl from './locales/pl.json';
import { INTERESTS } from '../../../prisma/data/interests';
import { SHARED_CATALOGUES } from '@app/contract/i18n';
import { SUPPORTED_COUNTRIES, SUPPORTED_LANGUAGES } from '../config/constants';
import i18n from '.';

type Tree = { [key: string]: string | Tree };
/** The seven catalogue files, read as JSON. */
const files: Record<string, Tree> = { nl, en, de, es, fr, it: itCatalogue, pl };

function load(language: string): Tree {
  return files[language];
}

/** Every leaf key, dotted, with its value. */
function leaves(tree: object, prefix = ''): Map<string, unknown> {
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
/**
 * A key as the Dutch has it: a plural form the Dutch lacks (Polish `_few`, `_many`) stands for
 * its `_other` (contract/src/plurals.spec.ts checks every language's own forms).
 */
function dutchKey(key: string): string {
  const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return plural && !catalogues.nl.has(key) && catalogues.nl.has(`${plural[1]}_other`)
    ? `${plural[1]}_other`
    : key;
}
const allKeys = new Set(Object.values(catalogues).flatMap((c) => [...c.keys()].map(dutchKey)));

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

  it('repeats none of the messages it shares with the server', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const shared = leaves(SHARED_CATALOGUES[language]);
      const repeated = [...catalogues[language].keys()].filter((key) => shared.has(key));
      expect([language, repeated]).toEqual([language, []]);
    }
  });

  it('writes placeholders as {name}, the same ones in every language', () => {
    // {{name}} would be shown as {Sanne} now that i18next reads {name}, as the contract has it
    const doubled = [...allKeys].filter((key) =>
      SUPPORTED_LANGUAGES.some((language) => /\{\{/.test(String(catalogues[language].get(key)))),
    );
    expect(doubled).toEqual([]);
    const placeholders = (text: unknown) =>
      // {count, number}: the placeholder count, formatted as a number in the page language
      [...String(text).matchAll(/\{(\w+)(?:, *\w+)?\}/g)].map((match) => match[1]).sort();
    for (const language of SUPPORTED_LANGUAGES) {
      for (const [key, text] of catalogues[language]) {
        expect([language, key, placeholders(text)]).toEqual([
          language,
          key,
          placeholders(catalogues.nl.get(dutchKey(key))),
        ]);
      }
    }
  });

  it('keeps its own error texts beside the shared ones', () => {
    expect(catalogues.nl.get('errors.notFoundTitle')).toBe('This page could not be found');
    expect(catalogues.en.get('errors.notFoundTitle')).toBe('This page could not be found');
  });
});

describe('the shared messages in the web', () => {
  it("resolve in Dutch, with the spec's words and their placeholders filled", () => {
    const t = i18n.getFixedT('nl');
    expect(t('errors.login_failed')).toBe('Login mislukt, probeer opnieuw');
    expect(t('errors.login_blocked', { minutes: 15 })).toBe(
      'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    );
    expect(t('errors.birthdate_required', { min_age: 18 })).toBe(
      'Vul uw geboortedatum in (18+ jaar)',
    );
    expect(t('errors.internal_error')).toBe(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
  });

  it("resolve in a language loaded later, beside the web's own texts of that language", async () => {
    await i18n.loadLanguages('en');
    const t = i18n.getFixedT('en');
    expect(t('errors.login_failed')).toBe('Login failed, please try again');
    expect(t('errors.password_too_short', { count: 10 })).toBe(
      'Your password must be at least 10 characters long.',
    );
    expect(t('errors.notFoundTitle')).toBe('This page could not be found');
    expect(t('login.title')).toBe(en.login.title);
  });
});

describe('counts in the web', () => {
  it('choose the plural form of the language shown (Intl plural rules: Polish has three)', async () => {
    const nlT = i18n.getFixedT('nl');
    expect(nlT('nav.unreadMessages', { count: 1 })).toBe('1 ongelezen bericht');
    expect(nlT('nav.unreadMessages', { count: 2 })).toBe('2 ongelezen berichten');
    expect(nlT('nav.creditsBalance', { count: 1200 })).toBe('1.200 credits');
    await i18n.loadLanguages('pl');
    const plT = i18n.getFixedT('pl');
    expect(plT('nav.unreadMessages', { count: 1 })).toBe('1 nieprzeczytana wiadomość');
    expect(plT('nav.unreadMessages', { count: 3 })).toBe('3 nieprzeczytane wiadomości');
    expect(plT('nav.unreadMessages', { count: 5 })).toBe('5 nieprzeczytanych wiadomości');
    expect(plT('nav.unreadMessages', { count: 22 })).toBe('22 nieprzeczytane wiadomości');
    expect(plT('members.age', { count: 22 })).toBe('22 lata');
    expect(plT('members.age', { count: 25 })).toBe('25 lat');
  });
});
