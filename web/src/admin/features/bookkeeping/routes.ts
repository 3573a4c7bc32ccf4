import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

export const area: AdminAreaRoutes = {
  routes: [page('admin-bookkeeping', 'bookkeeping', (m) => m.BookkeepingPage)],
  nav: [{ path: 'bookkeeping', key: 'bookkeeping', icon: '🧾', roles: ['admin'] }],
};
