import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

export const area: AdminAreaRoutes = {
  routes: [
    page('admin-campaigns', 'campaigns', (m) => m.CampaignsPage),
    page('admin-campaign', 'campaigns/:id', (m) => m.CampaignEditorPage),
  ],
  nav: [{ path: 'campaigns', key: 'campaigns', icon: '✉️', roles: ['admin'] }],
};
