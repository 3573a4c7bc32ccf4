/**
 * What each console area gives the site's router and the console's navigation: its pages (their
 * route ids and paths under /admin, each loaded lazily from the area's pages/index.ts, in a chunk
 * of its own) and its entries in the navigation. app/areas.ts lists the areas; the router maps
 * over that one list. Types and a helper only: the member site's first load carries this file,
 * so it imports nothing of the console.
 */
import type { ComponentType } from 'react';
import type { StaffRoleName } from '@app/contract';

/** A page: its route id, its path under /admin ('' is the console's home), its component. */
export interface AdminPageRoute {
  id: string;
  path: string;
  load: () => Promise<ComponentType>;
}

/** A path that sends on to another page under /admin. */
export interface AdminRedirect {
  id: string;
  path: string;
  redirectTo: string;
}

export type AdminRoute = AdminPageRoute | AdminRedirect;

/** An entry of the navigation: shown to the staff whose roles may use it (admins see all). */
export interface AdminArea {
  /** Its path under /admin ('' is the home page). */
  path: string;
  /** Its name and description: `app.areas.<key>.name` / `.description` (namespace admin). */
  key: string;
  /** A small icon beside the name. */
  icon: string;
  /** The roles that use it (admins use every area). */
  roles: readonly StaffRoleName[];
}

/** An area of the console: its routes and its entries in the navigation (none for some). */
export interface AdminAreaRoutes {
  routes: readonly AdminRoute[];
  nav: readonly AdminArea[];
}

/** The pages of one lazily loaded module (an area's pages/index.ts) as routes. */
export function pagesOf<M>(pages: () => Promise<M>) {
  return (id: string, path: string, pick: (module: M) => ComponentType): AdminPageRoute => ({
    id,
    path,
    load: async () => pick(await pages()),
  });
}
