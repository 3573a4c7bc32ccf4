import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

export const area: AdminAreaRoutes = {
  routes: [
    page('admin-members', 'members', (m) => m.MembersSearchPage),
    page('admin-member', 'members/:id', (m) => m.MemberPage),
  ],
  nav: [{ path: 'members', key: 'members', icon: '👥', roles: ['admin'] }],
};
