/**
 * The server build of the public pages (built by vite.public.config.ts to web/dist-ssr/render.cjs
 * and loaded by server/src/site-pages): the home page, the landers and the app's pages a visitor
 * opens before logging in (app-pages.ts) rendered to HTML for a visitor's first visit, with what
 * the browser needs to take the same page over (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import {
  LANDER_MEMBER_COUNTS,
  type LanderName,
  type PublicPageRenderer,
  type PublicRenderInput,
} from '@app/contract';
import { entryWarningTexts, switchLanguageForRender, usedTexts } from './i18n.server';
import { SITE_ENTRY_NS, shouldShowSiteEntryWarning } from '../features/site-entry';
import { PublicApp, matchPublicPage } from './PublicApp';
import { seedPublicQueries } from './seed';
import { APP_PAGE_COMPONENTS } from './app-pages.server';
import { visitorFirstFilters } from '../features/members';

const PROFILE_ID = /^[1-9]\d{0,9}$/;

export const landersOf: PublicPageRenderer['landersOf'] = (pathname) => {
  const page = matchPublicPage(pathname);
  if (!page) return null;
  if (page.page === 'home' || page.page === 'app') return 'none';
  if (page.page === 'lander') {
    return { count: LANDER_MEMBER_COUNTS[page.params.name as LanderName], member: null };
  }
  const id = PROFILE_ID.test(page.params.id) ? Number(page.params.id) : null;
  return { count: LANDER_MEMBER_COUNTS.member, member: id };
};

export const showsPackages: PublicPageRenderer['showsPackages'] = (pathname) => {
  const page = matchPublicPage(pathname);
  return page?.page === 'app' && (page.name === 'pricing' || page.name === 'premium');
};

export const searchOf: PublicPageRenderer['searchOf'] = (pathname, search, settings) => {
  const page = matchPublicPage(pathname);
  if (page?.page !== 'app' || page.name !== 'members') return null;
  // the server renders a visitor without a traffic source in storage (tracking.ts): the search
  // when all visitors may search, else the page asks to log in (and may search once taken over)
  if (!settings.settings.logged_out_search) return null;
  const filters = visitorFirstFilters(search, settings.settings.geoip_country);
  return filters && { ...filters };
};

export const render: PublicPageRenderer['render'] = (input: PublicRenderInput) => {
  const page = matchPublicPage(input.pathname);
  if (!page) throw new Error(`${input.pathname} is not a public page`);
  const queryClient = new QueryClient();
  seedPublicQueries(queryClient, input.settings, input);
  switchLanguageForRender(input.language);
  const html = renderToString(
    <PublicApp
      queryClient={queryClient}
      page={page}
      location={{ pathname: input.pathname, search: input.search, hash: '' }}
      appPage={page.page === 'app' ? APP_PAGE_COMPONENTS[page.name] : undefined}
    />,
  );
  // the adults-only warning of the lander layout, for a visitor it may meet (whether this browser
  // answered it before is known there only): rendered in (SiteEntryWarning), its texts come with
  // the page and its head the warning's inline check
  const settings = input.settings.settings;
  const mayWarn =
    page.page !== 'home' &&
    shouldShowSiteEntryWarning({
      enabled: settings.enable_site_entry_popup,
      loggedIn: false,
      installedApp: false,
      skippedAt: null,
      country: settings.geoip_country,
    });
  const texts = usedTexts();
  if (mayWarn) texts[SITE_ENTRY_NS] = entryWarningTexts();
  return {
    html,
    entryWarning: mayWarn,
    data: {
      language: input.language,
      texts,
      landers: input.landers,
      company: input.company,
      packages: input.packages,
      results: input.results,
    },
  };
};
