/**
 * Every route under /admin, what the site's router maps over: the shell's own pages (home, not
 * found) around the areas' routes (./areas.ts, the one list of the areas), and the shell itself.
 * Apart from areas.ts because the shell's pages read the navigation from there.
 */
import { pagesOf, type AdminRoute } from '../shared/routes';
import { AREA_ROUTES } from './areas';

export type { AdminRoute };

const shell = () => import('./pages');
const shellPage = pagesOf(shell);

/** The console's shell (its layout route at /admin), loaded with the first console page. */
export const loadAdminShell = async () => (await shell()).AdminShell;

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  shellPage('admin-home', '', (m) => m.AdminHomePage),
  ...AREA_ROUTES,
  shellPage('admin-not-found', '*', (m) => m.AdminNotFoundPage),
];
