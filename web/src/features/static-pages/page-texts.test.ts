import { CHAT_HISTORY_LIMIT_DAYS, SUPPORTED_LANGUAGES } from '@app/contract';
import { companyInfoFixture, settingsFixture } from '../../test/fixtures';
import { pageValues } from './page-values';
import nl from './locales/nl.json';
import en from './locales/en.json';
import de from './locales/de.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import itTexts from './locales/it.json';
import pl from './locales/pl.json';

const files: Record<string, unknown> = { nl, en, de, es, fr, it: itTexts, pl };

/** Every text of a catalogue by its path (lists included: paragraphs, sections, questions). */
function texts(tree: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(path, tree);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of texts(value, path ? `${path}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the legal and help pages’ texts', () => {
  it('have every text of the Dutch pages, with the same placeholders, in all seven languages', () => {
    const dutch = texts(files.nl);
    for (const language of SUPPORTED_LANGUAGES) {
      const own = texts(files[language]);
      expect([language, [...own.keys()]]).toEqual([language, [...dutch.keys()]]);
      for (const [path, text] of dutch) {
        expect([language, path, placeholders(own.get(path) ?? '')]).toEqual([
          language,
          path,
          placeholders(text),
        ]);
      }
    }
  });

  it('use only placeholders the live settings and company details fill', () => {
    const filled = new Set([
      ...Object.keys(pageValues(settingsFixture, companyInfoFixture, 'nl')),
      'date', // common.version: the version date, given where it is shown
    ]);
    const unknown = [...texts(files.nl)].flatMap(([path, text]) =>
      placeholders(text)
        .filter((name) => !filled.has(name))
        .map((name) => `${path}: {${name}}`),
    );
    expect(unknown).toEqual([]);
  });

  it('never write the chat history limit or the refund days as a number', () => {
    const fixed = new RegExp(`\\b(${CHAT_HISTORY_LIMIT_DAYS}|${settingsFixture.refund_days})\\b`);
    for (const language of SUPPORTED_LANGUAGES) {
      const written = [...texts(files[language])].filter(([, text]) => fixed.test(text));
      expect([language, written]).toEqual([language, []]);
    }
  });

  it('never write the boost price as a number, and fill it from the live settings', () => {
    const fixed = new RegExp(
      `\\b${settingsFixture.boost_credits} (credits|Credits|crédits|créditos|crediti|kredytów)`,
    );
    for (const language of SUPPORTED_LANGUAGES) {
      const written = [...texts(files[language])].filter(([, text]) => fixed.test(text));
      expect([language, written]).toEqual([language, []]);
    }
    const values = pageValues({ ...settingsFixture, boost_credits: 75 }, null, 'nl');
    expect(values.boostCredits).toBe(75);
    const faq = [...texts(files.nl)].filter(([path]) => path.startsWith('faq.'));
    expect(faq.some(([, text]) => text.includes('{boostCredits}'))).toBe(true);
  });

  it('fill the chat history limit from the live settings', () => {
    const values = pageValues({ ...settingsFixture, chat_history_days: 30 }, null, 'nl');
    expect(values.chatHistoryDays).toBe(30);
  });
});
