/**
 * The staff console's messages: the i18next namespace `admin`, loaded only when the console is
 * (no staff text in a member's first load). Each part of the console (its shell and every area)
 * brings one catalogue per language; the shell lists the parts (app/catalogues.ts) and merges
 * them into the namespace for the language shown and for Dutch (the fallback).
 */
import { useTranslation } from 'react-i18next';
import { lazyNamespace, type CatalogueLoaders } from '../../i18n/lazy-messages';

export type { CatalogueLoaders };
export { lazyCatalogues } from '../../i18n/lazy-messages';

export const ADMIN_NS = 'admin';

const admin = lazyNamespace(ADMIN_NS);

/** Loads every part's catalogue of a language into the namespace (once per language). */
export const loadAdminMessages = admin.load;

/** Whether the console's messages of the language shown (and Dutch) are there yet. */
export const useAdminMessages = admin.useMessages;

/** The console's `t` (namespace `admin`; shared texts such as `errors.*` come from the default). */
export function useAdminTranslation() {
  return useTranslation(ADMIN_NS);
}
