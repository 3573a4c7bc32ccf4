import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** The verification desk, reached from the inspection's tabs (no entry of its own). */
export const area: AdminAreaRoutes = {
  routes: [
    page('admin-inspection-verification', 'inspection/verification', (m) => m.VerificationDeskPage),
  ],
  nav: [],
};
