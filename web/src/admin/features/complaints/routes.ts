import { pagesOf, type AdminAreaRoutes } from '../../shared/routes';

const page = pagesOf(() => import('./pages'));

/** Complaints and bans, and the scam queue. */
export const area: AdminAreaRoutes = {
  routes: [
    page('admin-complaints', 'complaints', (m) => m.ComplaintsInboxPage),
    page('admin-complaint', 'complaints/:id', (m) => m.ComplaintPage),
    page('admin-scams', 'scams', (m) => m.ScamQueuePage),
  ],
  nav: [
    { path: 'complaints', key: 'complaints', icon: '🚩', roles: ['moderator'] },
    { path: 'scams', key: 'scams', icon: '🛡️', roles: ['moderator'] },
  ],
};
