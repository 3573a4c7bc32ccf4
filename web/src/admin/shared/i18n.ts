/**
 * The staff console's messages: the i18next namespace `admin`, loaded only when the console is
 * (no staff text in a member's first load). Each part of the console (its shell and every area)
 * brings one catalogue per language; the shell lists the parts (app/catalogues.ts) and merges
 * them into the namespace for the language shown and for Dutch (the fallback).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../../config/constants';
import { withSharedMessages, type Catalogue } from '../../i18n/merge';

export const ADMIN_NS = 'admin';

/** One part's catalogues: a loader per language (all seven). */
export type CatalogueLoaders = Record<
  (typeof SUPPORTED_LANGUAGES)[number],
  () => Promise<{ default: Catalogue }>
>;

const loaded = new Map<string, Promise<void>>();

function languageOf(language: string): string {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language)
    ? language
    : DEFAULT_LANGUAGE;
}

/** Loads every part's catalogue of a language into the namespace (once per language). */
export function loadAdminMessages(
  language: string,
  parts: readonly CatalogueLoaders[],
): Promise<void> {
  const lang = languageOf(language) as keyof CatalogueLoaders;
  let pending = loaded.get(lang);
  if (!pending) {
    pending = Promise.all(parts.map((part) => part[lang]())).then((modules) => {
      const merged = modules.reduce<Catalogue>(
        (all, module) => withSharedMessages(all, module.default),
        {},
      );
      i18n.addResourceBundle(lang, ADMIN_NS, merged, true, true);
    });
    pending.catch(() => loaded.delete(lang));
    loaded.set(lang, pending);
  }
  return pending;
}

/** Whether the console's messages of the language shown (and Dutch) are there yet. */
export function useAdminMessages(parts: readonly CatalogueLoaders[]): boolean {
  const { i18n: instance } = useTranslation();
  const language = languageOf(instance.language);
  const [ready, setReady] = useState(
    () => i18n.hasResourceBundle(language, ADMIN_NS) && i18n.hasResourceBundle('nl', ADMIN_NS),
  );
  useEffect(() => {
    let current = true;
    void Promise.all([
      loadAdminMessages(DEFAULT_LANGUAGE, parts),
      loadAdminMessages(language, parts),
    ]).then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [language, parts]);
  return ready;
}

/** The console's `t` (namespace `admin`; shared texts such as `errors.*` come from the default). */
export function useAdminTranslation() {
  return useTranslation(ADMIN_NS);
}
