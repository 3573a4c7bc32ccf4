import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** The photo and text desks (the verification desk is a tab beside them, its own area). */
export const area: AdminAreaRoutes = {
  routes: [
    page('admin-inspection', 'inspection', (m) => m.PhotoInspectionPage),
    page('admin-inspection-texts', 'inspection/texts', (m) => m.TextInspectionPage),
  ],
  nav: [{ path: 'inspection', key: 'inspection', icon: '🔍', roles: ['moderator'] }],
};
