import type { InitOptions } from 'i18next';

/**
 * What the public pages' i18next is set to on the server and in the browser alike (a page must
 * render the same on both): as the app's (web/src/i18n/index.ts), without a fallback language:
 * the catalogues are complete (catalogues.test.ts), and the browser has only the page's language.
 */
export const I18N_OPTIONS: InitOptions = {
  fallbackLng: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  react: { useSuspense: false },
};

/** A language's file among those `import.meta.glob` found (`…/<language>.json`). */
export function byLanguage<T>(files: Record<string, T>, language: string): T {
  const found = Object.entries(files).find(([file]) => file.endsWith(`/${language}.json`));
  if (!found) throw new Error(`no catalogue for ${language}`);
  return found[1];
}
