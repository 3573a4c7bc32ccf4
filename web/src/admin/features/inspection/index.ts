import { lazyCatalogues, type CatalogueLoaders } from '../../shared/i18n';

/** This area's texts, per language (namespace admin, under `inspection`). */
export const messages: CatalogueLoaders = lazyCatalogues(
  (language) => import(`./locales/${language}.json`),
);

/** The desks' tabs, shared with the verification area's desk. */
export { InspectionTabs } from './InspectionTabs';
