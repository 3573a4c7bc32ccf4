import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

export const area: AdminAreaRoutes = {
  routes: [page('admin-audit', 'audit', (m) => m.AuditPage)],
  nav: [{ path: 'audit', key: 'audit', icon: '📜', roles: ['admin'] }],
};
