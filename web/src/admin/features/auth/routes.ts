import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** The sign-in (no entry in the navigation). */
export const area: AdminAreaRoutes = {
  routes: [page('admin-login', 'login', (m) => m.AdminLoginPage)],
  nav: [],
};
