import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** The operators' inbox and the admins' chat partners. */
export const area: AdminAreaRoutes = {
  routes: [
    page('admin-inbox', 'inbox', (m) => m.InboxPage),
    page('admin-inbox-conversation', 'inbox/:id', (m) => m.InboxConversationPage),
    page('admin-partners', 'partners', (m) => m.PartnersPage),
    page('admin-partner', 'partners/:id', (m) => m.PartnerPage),
  ],
  nav: [
    { path: 'inbox', key: 'inbox', icon: '💬', roles: ['operator'] },
    { path: 'partners', key: 'partners', icon: '🎭', roles: ['admin'] },
  ],
};
