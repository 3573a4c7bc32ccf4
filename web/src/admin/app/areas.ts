/**
 * The console's areas, in the navigation's order: the one list of what the console has. Each
 * area in admin/features/<area> exports its routes and its navigation entries (routes.ts); the
 * site's router maps over their routes (with the shell's own two pages: ./routes.ts), lazily
 * loading each area's pages, and the shell's navigation and home page show a staff member the
 * ADMIN_AREAS their roles may use (admins all). The member site's first load carries this list
 * and the areas' routes.ts files, so they import no page, text or call of the console.
 */
import type { AdminArea, AdminAreaRoutes, AdminRoute } from '../shared/routes';
import { area as audit } from '../features/audit/routes';
import { area as auth } from '../features/auth/routes';
import { area as bookkeeping } from '../features/bookkeeping/routes';
import { area as campaigns } from '../features/campaigns/routes';
import { area as catalogue } from '../features/catalogue/routes';
import { area as complaints } from '../features/complaints/routes';
import { area as figures } from '../features/figures/routes';
import { area as inspection } from '../features/inspection/routes';
import { area as jobs } from '../features/jobs/routes';
import { area as members } from '../features/members/routes';
import { area as operators } from '../features/operators/routes';
import { area as partners } from '../features/partners/routes';
import { area as settings } from '../features/settings/routes';
import { area as statements } from '../features/statements/routes';
import { area as accounts } from '../features/accounts/routes';
import { area as verification } from '../features/verification/routes';

export type { AdminArea, AdminRoute };

const AREAS: readonly AdminAreaRoutes[] = [
  // the home page (a page of the shell: ./routes.ts)
  { routes: [], nav: [{ path: '', key: 'home', icon: '🏠', roles: ['moderator', 'operator'] }] },
  auth,
  members,
  partners,
  operators,
  complaints,
  statements,
  inspection,
  verification,
  audit,
  figures,
  bookkeeping,
  jobs,
  accounts,
  settings,
  catalogue,
  campaigns,
];

/** The navigation's entries, in order. */
export const ADMIN_AREAS: readonly AdminArea[] = AREAS.flatMap((area) => area.nav);

/** The areas' routes under /admin. */
export const AREA_ROUTES: readonly AdminRoute[] = AREAS.flatMap((area) => area.routes);
