import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { StaffMember } from '@app/contract';
import { jsonResponse, mockFetch, type Responder } from './http';
import { renderRoutes, seededQueryClient } from './render';

/**
 * The console's jsdom tests render the site's router at a path with every call answered by the
 * given responders: `consoleRenderer(createRoutes, staff)` gives that render function. The test
 * hands in the shell's `createRoutes` (the shared test code imports no shell); with `staff`,
 * GET /api/staff/me answers that staff member signed in, unless the test answers it itself. The
 * render returns what renderRoutes and mockFetch return (the router, the query client, the calls).
 */
export function consoleRenderer(
  createRoutes: (queryClient: QueryClient) => RouteObject[],
  staff?: StaffMember,
) {
  return (path: string, routes: Record<string, Responder>) => {
    const http = mockFetch(
      staff ? { 'GET /api/staff/me': () => jsonResponse(200, { staff }), ...routes } : routes,
    );
    const queryClient = seededQueryClient();
    return { ...renderRoutes(createRoutes(queryClient), { path, queryClient }), ...http };
  };
}

/** The admin the console's tests sign in as. */
export const staffAdmin: StaffMember = {
  id: 8,
  email: 'admin@vonkje.test',
  name: 'Anna',
  roles: ['admin'],
};
