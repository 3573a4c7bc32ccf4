import type { RouteObject } from 'react-router';
import { SITE_ROUTES } from '@app/contract';
import { createRoutes } from './router';
import { seededQueryClient } from '../test/render';

/** Every route of the router with a path (or an index), as "id path" with its full path. */
function routePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const full = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent === '/' ? '' : parent}/${route.path}`
      : parent;
    const own = route.id && (route.path || route.index) ? [`${route.id} ${full}`] : [];
    return [...own, ...routePaths(route.children ?? [], full)];
  });
}

describe('the list of site routes (contract SITE_ROUTES)', () => {
  it('has every route path of the router, and no other', () => {
    const router = routePaths(createRoutes(seededQueryClient())).sort();
    const listed = SITE_ROUTES.map((route) => `${route.id} ${route.path}`).sort();
    expect(listed).toEqual(router);
  });

  it('lets search engines index the public pages only', () => {
    const indexable = SITE_ROUTES.filter((route) => route.indexable).map((route) => route.id);
    expect(indexable).toEqual(
      expect.arrayContaining(['index', 'login', 'signup', 'pricing', 'pages-terms', 'pages-token']),
    );
    expect(indexable.filter((id) => id.startsWith('landers-'))).toHaveLength(9);
    for (const id of ['members', 'members-id', 'chats', 'likes', 'credits', 'account', 'admin']) {
      expect(indexable).not.toContain(id);
    }
    expect(indexable.filter((id) => id.startsWith('members-id-landing'))).toEqual([]);
  });
});
