/**
 * Texts loaded only with the part of the site that shows them (an i18next namespace per part:
 * the staff console's `admin`, the static pages' `pages`, the landers' `landers`), so that a
 * first visit downloads none of them. Each part brings one catalogue per language; they are
 * merged into the namespace for the language shown and for Dutch (the fallback).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from './index';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../config/constants';
import { withSharedMessages, type Catalogue } from './merge';

/** One part's catalogues: a loader per language (all seven). */
export type CatalogueLoaders = Record<
  (typeof SUPPORTED_LANGUAGES)[number],
  () => Promise<{ default: Catalogue }>
>;

/**
 * One part's loaders from one import of its `locales/<language>.json` (the bundler makes a chunk
 * per file it finds there): `lazyCatalogues((language) => import(`./locales/${language}.json`))`.
 */
export function lazyCatalogues(
  load: (language: keyof CatalogueLoaders) => Promise<{ default: Catalogue }>,
): CatalogueLoaders {
  return Object.fromEntries(
    SUPPORTED_LANGUAGES.map((language) => [language, () => load(language)]),
  ) as CatalogueLoaders;
}

function languageOf(language: string): string {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language)
    ? language
    : DEFAULT_LANGUAGE;
}

/** A namespace whose catalogues arrive on demand. */
export function lazyNamespace(namespace: string) {
  const loaded = new Map<string, Promise<void>>();
  /** The languages whose catalogues are in (a bundle of the namespace alone does not say so). */
  const done = new Set<string>();

  /** Loads every part's catalogue of a language into the namespace (once per language). */
  function load(language: string, parts: readonly CatalogueLoaders[]): Promise<void> {
    const lang = languageOf(language) as keyof CatalogueLoaders;
    let pending = loaded.get(lang);
    if (!pending) {
      pending = Promise.all(parts.map((part) => part[lang]())).then((modules) => {
        const merged = modules.reduce<Catalogue>(
          (all, module) => withSharedMessages(all, module.default),
          {},
        );
        i18n.addResourceBundle(lang, namespace, merged, true, true);
        done.add(lang);
      });
      pending.catch(() => loaded.delete(lang));
      loaded.set(lang, pending);
    }
    return pending;
  }

  /**
   * Whether the namespace's messages of the language shown (and Dutch) are there yet; a page the
   * server rendered brings them with it (web/src/public), and then nothing is loaded.
   */
  function useMessages(parts: readonly CatalogueLoaders[]): boolean {
    const { i18n: instance } = useTranslation();
    const language = languageOf(instance.language);
    const brought =
      Object.keys((instance.getResourceBundle(language, namespace) as object | undefined) ?? {})
        .length > 0;
    // rendered again once they arrive (also after a change of language)
    const [, setArrived] = useState(0);
    useEffect(() => {
      if (brought) return;
      let current = true;
      void Promise.all([load(DEFAULT_LANGUAGE, parts), load(language, parts)]).then(() => {
        if (current) setArrived((n) => n + 1);
      });
      return () => {
        current = false;
      };
    }, [language, parts, brought]);
    return brought || (done.has(language) && done.has(DEFAULT_LANGUAGE));
  }

  return { namespace, load, useMessages };
}
