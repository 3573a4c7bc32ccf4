import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

export const area: AdminAreaRoutes = {
  routes: [page('admin-jobs', 'jobs', (m) => m.JobsPage)],
  nav: [{ path: 'jobs', key: 'jobs', icon: '🛠️', roles: ['admin'] }],
};
