import type { StaffRoleName } from '@app/contract';

/**
 * The console's areas: the navigation shows a staff member the ones their roles may use (admins
 * all), and the home page offers them. Each area's pages live in admin/features/<area>; the
 * routes are in app/router.tsx (the site's one router), lazily loaded.
 */
export interface AdminArea {
  /** Its path under /admin ('' is the home page). */
  path: string;
  /** Its name and description: `app.areas.<key>.name` / `.description` (namespace admin). */
  key: string;
  /** A small icon beside the name. */
  icon: string;
  /** The roles that use it (admins use every area). */
  roles: readonly StaffRoleName[];
}

export const ADMIN_AREAS: readonly AdminArea[] = [
  { path: '', key: 'home', icon: '🏠', roles: ['moderator', 'operator'] },
  { path: 'members', key: 'members', icon: '👥', roles: ['admin'] },
  { path: 'inbox', key: 'inbox', icon: '💬', roles: ['operator'] },
  { path: 'partners', key: 'partners', icon: '🎭', roles: ['admin'] },
  { path: 'operators', key: 'operators', icon: '🧑‍💻', roles: ['admin'] },
  { path: 'complaints', key: 'complaints', icon: '🚩', roles: ['moderator'] },
  { path: 'scams', key: 'scams', icon: '🛡️', roles: ['moderator'] },
  { path: 'appeals', key: 'appeals', icon: '⚖️', roles: ['moderator'] },
  { path: 'inspection', key: 'inspection', icon: '🔍', roles: ['moderator'] },
  { path: 'audit', key: 'audit', icon: '📜', roles: ['admin'] },
  { path: 'figures', key: 'figures', icon: '📈', roles: ['admin'] },
  { path: 'bookkeeping', key: 'bookkeeping', icon: '🧾', roles: ['admin'] },
  { path: 'jobs', key: 'jobs', icon: '🛠️', roles: ['admin'] },
  { path: 'staff', key: 'staff', icon: '🪪', roles: ['admin'] },
  { path: 'settings', key: 'settings', icon: '⚙️', roles: ['admin'] },
  { path: 'catalogue', key: 'catalogue', icon: '🏷️', roles: ['admin'] },
  { path: 'campaigns', key: 'campaigns', icon: '✉️', roles: ['admin'] },
];
