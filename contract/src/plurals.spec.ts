/**
 * Every text with a count, in every language (issue 39 point 3: "no '1 ongelezen berichten'"):
 * the web's catalogues (the main one and every lazily loaded part: the staff console, the static
 * pages, the landers, …), the shared messages and the server's (the mails, the SMS). A count is
 * always the placeholder `{count}` (or `{count, number}`), and a text with one is a set of
 * i18next plural keys (`<key>_one`, `<key>_other`, and the forms a language has besides: Polish
 * `_few` and `_many`), which i18next chooses with Intl.PluralRules. A number that is no count (a
 * label such as "Gevonden leden: {number}", a position, a maximum in "{number} van {max}") has
 * another name.
 */
import i18next, { type TFunction } from 'i18next';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SUPPORTED_LANGUAGES, type Language } from './constants';

const ROOT = join(__dirname, '..', '..');
/** The counts tried: every form each of the seven languages has for whole numbers. */
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 102];
const PLURAL_KEY = /^(.*)_(zero|one|two|few|many|other)$/;
const COUNT = /\{count(?:, *\w+)?\}/;

/**
 * Counts left under their own names: the static pages' paragraphs are list items, which i18next
 * cannot give plural forms (their numbers are settings: 14 days, 18 years, 30 days).
 */
const KNOWN_LEFT: Record<string, string[]> = {
  'web/src/features/static-pages/locales': [
    'minAge',
    'refundDays',
    'reconsiderationDays',
    'chatHistoryDays',
    // the FAQ's boost answer (a list item too)
    'boostMinutes',
    'boostCredits',
    'boostFreeDays',
  ],
};

/** Every folder holding the seven catalogues of one namespace. */
function catalogueFolders(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory() || name === 'node_modules' || name === 'dist') return [];
    return name === 'locales' ? [path] : catalogueFolders(path);
  });
}

const folders = [
  ...catalogueFolders(join(ROOT, 'web/src')),
  join(ROOT, 'contract/src/i18n'),
  join(ROOT, 'server/src/i18n/locales'),
].map((path) => relative(ROOT, path));

/** Every leaf, dotted (list items by index), with its text. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      leaves(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [[prefix, value]];
}

function read(folder: string, language: Language): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, folder, `${language}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** The forms a language gives the counts tried, and `other` (i18next's last resort). */
function formsOf(language: Language): string[] {
  const rules = new Intl.PluralRules(language);
  return [...new Set([...COUNTS.map((n) => rules.select(n)), 'other'])];
}

/** An i18next instance as the web and the server configure theirs, on one folder's catalogues. */
function translator(folder: string): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: 'nl',
    fallbackLng: 'nl',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [language, { translation: read(folder, language) }]),
    ),
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
  return instance.t;
}

describe('texts with a count', () => {
  it('are looked for in every catalogue: web, console, static pages, shared, server', () => {
    expect(folders).toEqual(
      expect.arrayContaining([
        'web/src/i18n/locales',
        'web/src/admin/features/partners/locales',
        'web/src/features/static-pages/locales',
        'contract/src/i18n',
        'server/src/i18n/locales',
      ]),
    );
  });

  it('has Intl plural rules giving Polish three forms for whole numbers', () => {
    expect(formsOf('pl').sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(formsOf('nl').sort()).toEqual(['one', 'other']);
  });

  describe.each(folders)('%s', (folder) => {
    const catalogues = new Map(
      SUPPORTED_LANGUAGES.map((language) => [language, new Map(leaves(read(folder, language)))]),
    );
    const dutch = catalogues.get('nl')!;
    /** The keys that take a count: each a set of plural keys in the Dutch. */
    const counted = [...dutch.keys()].flatMap((key) => {
      const match = PLURAL_KEY.exec(key);
      return match && match[2] === 'other' && dutch.has(`${match[1]}_one`) ? [match[1]] : [];
    });
    const isPlural = (key: string) => {
      const match = PLURAL_KEY.exec(key);
      return !!match && counted.includes(match[1]);
    };

    it.each([...SUPPORTED_LANGUAGES])(
      'gives every text with a count in %s the plural forms of the language',
      (language) => {
        const catalogue = catalogues.get(language)!;
        const forms = formsOf(language);
        const allowed = [
          ...(new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[]),
          'zero',
        ];
        const problems: string[] = [];
        for (const [key, text] of catalogue) {
          if (COUNT.test(String(text)) && !isPlural(key))
            problems.push(`"${key}" shows {count} but has no plural forms`);
          const match = PLURAL_KEY.exec(key);
          if (match && isPlural(key) && !allowed.includes(match[2]))
            problems.push(`"${key}": ${language} has no form "${match[2]}"`);
        }
        for (const base of counted)
          for (const form of forms)
            if (typeof catalogue.get(`${base}_${form}`) !== 'string')
              problems.push(`"${base}" lacks its form "${form}"`);
        expect([language, problems]).toEqual([language, []]);
      },
    );

    it.each([...SUPPORTED_LANGUAGES])(
      'shows each count tried, in the form %s chooses for it, from its own catalogue',
      (language) => {
        if (counted.length === 0) return;
        const t = translator(folder);
        const catalogue = catalogues.get(language)!;
        const rules = new Intl.PluralRules(language);
        const problems: string[] = [];
        for (const base of counted) {
          for (const count of COUNTS) {
            const form =
              count === 0 && catalogue.has(`${base}_zero`) ? 'zero' : rules.select(count);
            const own = catalogue.get(`${base}_${form}`);
            const text = t(base, { lng: language, count });
            // the language's own text of the form, not the Dutch one i18next would fall back to
            if (typeof own !== 'string' || text !== t(`${base}_${form}`, { lng: language, count }))
              problems.push(`${base} (${count}): "${text}" is not ${language}'s "${form}"`);
            // a form may say "one" in words, and _zero "none"; any other shows the number
            else if (form !== 'zero' && count !== 1 && !text.includes(String(count)))
              problems.push(`${base} (${count}): "${text}" does not show the number`);
          }
        }
        expect([language, problems]).toEqual([language, []]);
      },
    );

    it('names no number before a counted noun other than {count} (Dutch)', () => {
      const NOUNS =
        "dagen|dag|uur|minuten|minuut|seconden|seconde|credits|credit|berichten|bericht|leden|lid|jaar|foto's|foto’s|foto|likes|like|tekens|teken|codes|gesprekken|mensen|anderen|sessies|interesses|pixels";
      const other = new RegExp(`\\{(\\w+)(?:, *\\w+)?\\} (?:${NOUNS})(?![\\wé])`, 'g');
      const left = KNOWN_LEFT[folder] ?? [];
      const problems = [...dutch].flatMap(([key, text]) =>
        [...String(text).matchAll(other)]
          .filter((match) => match[1] !== 'count' && !left.includes(match[1]))
          .map((match) => `${key}: ${match[0]}`),
      );
      expect(problems).toEqual([]);
    });
  });
});
