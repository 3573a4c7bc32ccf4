import type { ComponentType } from 'react';
import { STATIC_PAGES, isTokenPage } from '@app/contract';

/**
 * The app's pages that a visitor opens before logging in and that the public entry serves too
 * (issue 34, item 9): rendered by the server, taken over in the browser with the public entry's
 * light scripts instead of the app's (React, React Router: ≈ 215 KB on a first visit).
 */
export const APP_PAGES = [
  'login',
  'signup',
  'pricing',
  'premium',
  'members',
  'terms',
  'privacy',
  'cookies',
  'ban',
  'return-policy',
  'faq',
  'service',
  'token',
] as const;
export type AppPageName = (typeof APP_PAGES)[number];

const PATHS: Record<string, AppPageName> = {
  '/login': 'login',
  '/signup': 'signup',
  '/pricing': 'pricing',
  '/premium': 'premium',
  // the visitor search (members get the app: the server serves the public entry to visitors only)
  '/members': 'members',
};

/** Which of these pages an address is (as the app's routes match it), or null. */
export function matchAppPage(pathname: string): { name: AppPageName; token?: string } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const named = PATHS[path];
  if (named) return { name: named };
  const single = /^\/([^/]+)$/.exec(path)?.[1];
  if (!single) return null;
  if (single in STATIC_PAGES) return { name: single as AppPageName };
  if (isTokenPage(single)) return { name: 'token', token: single };
  return null;
}

/**
 * Each page's component, loaded in the browser before the page is taken over (its own chunk, so
 * the home page and the landers carry none of them); the server build has them all
 * (app-pages.server.tsx).
 */
export type AppPageLoaders = Record<AppPageName, () => Promise<ComponentType>>;
