import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { settingsQueryKey } from '../api/settings';
import { companyInfoQueryKey } from '../api/companyinfo';
import type { User } from '@app/contract';
import { userQueryKey } from '../api/user';
import { companyInfoResponseFixture, settingsResponseFixture } from './fixtures';

/** A query client that already holds settings, company info and the given user. */
export function seededQueryClient(user: User | null = null): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(settingsQueryKey, settingsResponseFixture);
  queryClient.setQueryData(companyInfoQueryKey, companyInfoResponseFixture);
  queryClient.setQueryData(userQueryKey, { user });
  return queryClient;
}

/** Renders routes (or one element at /) in a memory router with seeded queries. */
export function renderRoutes(
  routes: RouteObject[] | ReactElement,
  {
    path = '/',
    queryClient = seededQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  const routeObjects = Array.isArray(routes) ? routes : [{ path: '*', element: routes }];
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
