import { screen, waitFor } from '@testing-library/react';
import { createRoutes } from './router';
import { renderRoutes, seededQueryClient } from '../test/render';
import { userFixture } from '../test/fixtures';
import type { RouteObject } from 'react-router';

function ids(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.id ? [r.id] : []), ...ids(r.children ?? [])]);
}

describe('router', () => {
  it('registers every route name of the spec as a route id', () => {
    const all = ids(createRoutes(seededQueryClient()));
    const names =
      'index members members-id chats chats-id likes likes-type likes-m-id credits credits-id-paymentmethod credits-repeat-order premium profile notifications signup complete-signup login pricing complaints pages-terms pages-privacy pages-cookies pages-ban pages-return-policy pages-faq pages-service'.split(
        ' ',
      );
    expect(names.filter((name) => !all.includes(name))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('shows the home page with the site name and the fictional-profile notice when logged out', async () => {
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { queryClient });
    expect(
      await screen.findByRole('heading', {
        name: 'Daten en chatten met singles bij jou in de buurt',
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/chatmaatjes genoemd/).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Meld je gratis aan' })[0]).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('sends a logged-in member from / and from /signup to /members', async () => {
    for (const path of ['/', '/signup']) {
      const queryClient = seededQueryClient(userFixture);
      const { router, unmount } = renderRoutes(createRoutes(queryClient), { path, queryClient });
      expect(await screen.findByRole('heading', { name: 'Leden zoeken' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/members');
      unmount();
    }
  });

  it('sends /callback to the login page', async () => {
    const queryClient = seededQueryClient();
    const { router } = renderRoutes(createRoutes(queryClient), { path: '/callback', queryClient });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('renders chat routes in the chat layout and landers in the lander layout', async () => {
    const queryClient = seededQueryClient(userFixture);
    const { unmount } = renderRoutes(createRoutes(queryClient), { path: '/chats/5', queryClient });
    expect(await screen.findByRole('complementary', { name: 'Gesprekken' })).toBeInTheDocument();
    unmount();
    renderRoutes(createRoutes(queryClient), { path: '/landers/video/summer', queryClient });
    expect(
      await screen.findByRole('heading', { name: 'Singles bij jou in de buurt zoeken contact' }),
    ).toBeInTheDocument();
  });
});
