import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

export const area: AdminAreaRoutes = {
  routes: [page('admin-appeals', 'appeals', (m) => m.AppealsPage)],
  nav: [{ path: 'appeals', key: 'appeals', icon: '⚖️', roles: ['moderator'] }],
};
