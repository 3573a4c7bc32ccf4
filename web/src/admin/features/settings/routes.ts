import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

export const area: AdminAreaRoutes = {
  routes: [page('admin-settings', 'settings', (m) => m.SettingsPage)],
  nav: [{ path: 'settings', key: 'settings', icon: '⚙️', roles: ['admin'] }],
};
