import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** The dashboard, the traffic report and the affiliate postbacks. */
export const area: AdminAreaRoutes = {
  routes: [
    page('admin-figures', 'figures', (m) => m.FiguresPage),
    page('admin-traffic', 'figures/traffic', (m) => m.TrafficPage),
    page('admin-postbacks', 'figures/postbacks', (m) => m.PostbacksPage),
  ],
  nav: [{ path: 'figures', key: 'figures', icon: '📈', roles: ['admin'] }],
};
