import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** Invites, discount codes, credit packages, gifts and the company details. */
export const area: AdminAreaRoutes = {
  routes: [
    { id: 'admin-catalogue', path: 'catalogue', redirectTo: '/admin/catalogue/invites' },
    page('admin-catalogue-invites', 'catalogue/invites', (m) => m.InvitesPage),
    page('admin-catalogue-discounts', 'catalogue/discounts', (m) => m.DiscountsPage),
    page('admin-catalogue-packages', 'catalogue/packages', (m) => m.PackagesPage),
    page('admin-catalogue-gifts', 'catalogue/gifts', (m) => m.GiftsPage),
    page('admin-catalogue-company', 'catalogue/company', (m) => m.CompanyPage),
  ],
  nav: [{ path: 'catalogue', key: 'catalogue', icon: '🏷️', roles: ['admin'] }],
};
