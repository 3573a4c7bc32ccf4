import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** The admins' review per operator. */
export const area: AdminAreaRoutes = {
  routes: [
    page('admin-operators', 'operators', (m) => m.OperatorsPage),
    page('admin-operator', 'operators/:id', (m) => m.OperatorReviewPage),
  ],
  nav: [{ path: 'operators', key: 'operators', icon: '🧑‍💻', roles: ['admin'] }],
};
