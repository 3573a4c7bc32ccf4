/**
 * The web's lazily loaded catalogues (every `web/src/**\/locales/` folder beside the main one in
 * web/src/i18n: the staff console's parts, the static pages, …) are complete in all seven
 * languages: the same keys (list items included, so a translation cannot drop a paragraph), no
 * empty text, the same placeholders as the Dutch, and translated rather than copied. The main catalogue has its own test
 * (web/src/i18n/catalogues.test.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SUPPORTED_LANGUAGES } from './constants';

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'web/src/i18n/locales');

function localeFolders(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    if (name === 'locales') return path === MAIN ? [] : [path];
    return localeFolders(path);
  });
}

/** Every leaf, dotted (list items by index), with its text. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      leaves(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [[prefix, value]];
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The base of a plural key of this language's own plural forms (i18next's `<key>_<form>`). */
function pluralOf(language: string, key: string): string | null {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  if (!match) return null;
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
  return forms.includes(match[2]) ? match[1] : null;
}

const folders = localeFolders(join(ROOT, 'web/src')).map((path) => relative(ROOT, path));

describe("the web's lazily loaded catalogues", () => {
  it('are found (the staff console and the static pages have theirs)', () => {
    expect(folders).toContain('web/src/admin/app/locales');
    expect(folders).toContain('web/src/features/static-pages/locales');
  });

  it.each(folders)('%s has one catalogue per language and no other', (folder) => {
    const files = readdirSync(join(ROOT, folder)).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(SUPPORTED_LANGUAGES.map((language) => `${language}.json`).sort());
  });

  it.each(folders)(
    '%s has every key in every language, filled, with the Dutch placeholders',
    (folder) => {
      const read = (language: string) =>
        new Map(leaves(JSON.parse(readFileSync(join(ROOT, folder, `${language}.json`), 'utf8'))));
      const dutch = read('nl');
      const problems: string[] = [];
      for (const language of SUPPORTED_LANGUAGES) {
        const catalogue = read(language);
        for (const key of dutch.keys())
          if (!catalogue.has(key)) problems.push(`${language}: missing "${key}"`);
        for (const [key, text] of catalogue) {
          // a language's own plural forms (Polish _few, _many) stand beside the Dutch _one/_other
          const plural = pluralOf(language, key);
          const reference = dutch.has(key)
            ? key
            : plural && dutch.has(`${plural}_other`)
              ? `${plural}_other`
              : null;
          if (!reference) problems.push(`${language}: "${key}" is not in the Dutch`);
          else if (typeof text !== 'string' || text.trim() === '')
            problems.push(`${language}: empty "${key}"`);
          else if (placeholders(text).join() !== placeholders(dutch.get(reference)).join())
            problems.push(`${language}: "${key}" has other placeholders than the Dutch`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(folders)('%s is translated, not a copy of the Dutch', (folder) => {
    const read = (language: string) =>
      new Map(leaves(JSON.parse(readFileSync(join(ROOT, folder, `${language}.json`), 'utf8'))));
    const dutch = read('nl');
    for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'nl')) {
      const catalogue = read(language);
      const same = [...dutch].filter(([key, text]) => catalogue.get(key) === text).length;
      // names, units and codes may be the same in every language; texts are not
      expect([language, same / dutch.size < 0.5]).toEqual([language, true]);
    }
  });
});
