import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LANDERS, MEMBER_LANDINGS } from '@app/contract';
import i18n from '../i18n';
import { PublicRouteProvider, type PublicRoute } from './router';
import {
  DefaultLayout,
  LanderLayout,
  usePageBounceLogging,
  useTrafficBounce,
} from '../app/public-entry';
import { HomePage } from '../features/home';
import { LanderPage } from '../features/landers/pages';
import { matchAppPage, type AppPageName } from './app-pages';

/**
 * What the app's shell does on every page that these pages need too: page-bounce logging (?lb)
 * and the traffic report's bounce.
 */
function PublicShell({ search, pathname }: { search: string; pathname: string }) {
  usePageBounceLogging(search);
  useTrafficBounce(pathname);
  return null;
}

/**
 * The pages a visitor's first visit gets from the public entry: the home page, the landers, the
 * member landings, and the app's pages a visitor opens before logging in (app-pages.ts), in the
 * default layout.
 */
export type PublicPage =
  | { page: 'home'; params: Record<string, string> }
  | { page: 'lander'; params: { name: string; slug?: string } }
  | { page: 'member-landing'; params: { id: string; landing: string; slug?: string } }
  | { page: 'app'; name: AppPageName; params: { token?: string } };

const LANDER = new RegExp(`^/landers/(${LANDERS.join('|')})(?:/([^/]+))?/?$`);
const MEMBER_LANDING = new RegExp(
  `^/members/([^/]+)/(${MEMBER_LANDINGS.join('|')})(?:/([^/]+))?/?$`,
);

/** Which public page an address is (the app's routes of the same pages), or null. */
export function matchPublicPage(pathname: string): PublicPage | null {
  if (pathname === '/') return { page: 'home', params: {} };
  const lander = LANDER.exec(pathname);
  if (lander) return { page: 'lander', params: { name: lander[1], slug: decode(lander[2]) } };
  const landing = MEMBER_LANDING.exec(pathname);
  // /members/{id}/landing has no slug (the app's route), the others may have one
  if (landing && !(landing[2] === 'landing' && landing[3])) {
    return {
      page: 'member-landing',
      params: { id: decode(landing[1]) ?? '', landing: landing[2], slug: decode(landing[3]) },
    };
  }
  const app = matchAppPage(pathname);
  if (app) return { page: 'app', name: app.name, params: app.token ? { token: app.token } : {} };
  return null;
}

function decode(part: string | undefined): string | undefined {
  if (part === undefined) return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The page in its layout, as the app shows it, with the providers it needs. `appPage`: an app
 * page's component (loaded before: app-pages.browser.ts, app-pages.server.ts). `children`: what
 * the browser adds once it took the page over (the like popup), never rendered by the server.
 */
export function PublicApp({
  queryClient,
  page,
  location,
  appPage: AppPage,
  children,
}: {
  queryClient: QueryClient;
  page: PublicPage;
  location: { pathname: string; search: string; hash: string };
  appPage?: ComponentType;
  children?: ReactNode;
}) {
  const content: ReactNode =
    page.page === 'home' ? (
      <HomePage />
    ) : page.page === 'app' ? (
      AppPage && <AppPage />
    ) : (
      <LanderPage />
    );
  const route: PublicRoute = { ...location, params: page.params, outlet: content };
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <PublicRouteProvider route={route}>
          <PublicShell search={location.search} pathname={location.pathname} />
          {page.page === 'home' || page.page === 'app' ? <DefaultLayout /> : <LanderLayout />}
          {children}
        </PublicRouteProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
