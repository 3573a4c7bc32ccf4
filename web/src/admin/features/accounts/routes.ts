import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** The staff accounts. */
export const area: AdminAreaRoutes = {
  routes: [page('admin-staff', 'staff', (m) => m.StaffPage)],
  nav: [{ path: 'staff', key: 'staff', icon: '🪪', roles: ['admin'] }],
};
