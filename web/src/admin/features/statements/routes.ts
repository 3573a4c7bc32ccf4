import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** The appeals against restricting decisions and the transparency report (server statements/). */
export const area: AdminAreaRoutes = {
  routes: [page('admin-appeals', 'appeals', (m) => m.AppealsPage)],
  nav: [{ path: 'appeals', key: 'appeals', icon: '⚖️', roles: ['moderator'] }],
};
