import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import type { Gender, ProfileCard, SearchResponse, Settings, User } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { settingsQueryKey } from '../../../api/settings';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http';
import { profileCardFixture, settingsResponseFixture, userFixture } from '../../../test/fixtures';
import { rememberSignupChoice } from '../../../components/signup/seeking';
import { seedPublicQueries } from '../../../public/seed';

const card = (id: number, name = `Lid ${id}`): ProfileCard => ({
  ...profileCardFixture,
  id,
  name,
  fictional: false,
  verified: false,
});
const page = (
  ids: number[],
  next: string | null,
  extra: Partial<SearchResponse> = {},
): SearchResponse => ({
  profiles: ids.map((id) => ({ ...card(id), boosted: false })),
  next_cursor: next,
  num_results: 30,
  num_results_capped: false,
  similar: null,
  ...extra,
});
const query = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;
const regions = {
  countries: [
    { code: 'NL', region_label: 'province', regions: [{ id: 5, code: 'UT', name: 'Utrecht' }] },
  ],
};

function renderSearch(
  path: string,
  respond: (call: RecordedCall) => Response,
  user: User | null = userFixture,
  settings?: Partial<Settings>,
  seed?: (queryClient: QueryClient) => void,
) {
  const fetch = mockFetch({
    'GET /api/search.php': respond,
    'GET /api/regions.php': () => jsonResponse(200, regions),
  });
  const queryClient = seededQueryClient(user);
  seed?.(queryClient);
  if (settings) {
    queryClient.setQueryData(settingsQueryKey, {
      ...settingsResponseFixture,
      settings: { ...settingsResponseFixture.settings, ...settings },
    });
  }
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

/** A member of `gender` who seeks `seeks` (null: either). */
const seeking = (gender: Gender, seeks: Gender | null): User => ({
  ...userFixture,
  profile: { ...userFixture.profile, gender, seeking_gender: seeks },
});

beforeEach(() => window.sessionStorage.clear());

describe('member search (/members)', () => {
  it('offers only the search fields the setting search_fields names', async () => {
    renderSearch('/members', () => jsonResponse(200, page([1], null)), userFixture, {
      search_fields: ['gender', 'max_age'],
    });
    await screen.findByTestId('search-results', {}, { timeout: 10_000 });
    expect(screen.getByLabelText('Ik zoek')).toBeInTheDocument();
    expect(screen.getByLabelText('Maximale leeftijd')).toBeInTheDocument();
    expect(screen.queryByLabelText('Land')).toBeNull();
    expect(screen.queryByLabelText('Minimale leeftijd')).toBeNull();
    expect(screen.queryByLabelText('Provincie')).toBeNull();
  }, 30_000);

  it('marks a boosted member’s card with Boost, and shows a member brought twice by two pages once', async () => {
    const { user } = renderSearch('/members', (call) =>
      query(call).get('cursor')
        ? jsonResponse(200, page([3, 4], null))
        : jsonResponse(200, {
            ...page([1, 2], 'next'),
            profiles: [
              { ...card(3, 'Boosted Bea'), boosted: true },
              ...page([1, 2], null).profiles,
            ],
          }),
    );
    const results = await screen.findByTestId('search-results', {}, { timeout: 10_000 });
    const cards = within(results).getAllByTestId('member-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Boosted Bea');
    expect(within(cards[0]).getByTestId('boost-mark')).toHaveTextContent(
      'Boost: staat nu bovenaan',
    );
    expect(within(cards[1]).queryByTestId('boost-mark')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Meer leden laden' }));
    await waitFor(() => expect(within(results).getAllByTestId('member-card')).toHaveLength(4));
    expect(within(results).getAllByText('Boosted Bea')).toHaveLength(1);
    // members find the boost page from the search
    expect(screen.getByRole('link', { name: /Boost je profiel/ })).toHaveAttribute(
      'href',
      '/boost',
    );
  }, 30_000);

  it('offers every search field with the site defaults', async () => {
    renderSearch('/members', () => jsonResponse(200, page([1], null)));
    await screen.findByTestId('search-results', {}, { timeout: 10_000 });
    for (const label of ['Ik zoek', 'Land', 'Minimale leeftijd', 'Maximale leeftijd']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  }, 30_000);

  it('starts with the gender the member seeks in the member’s country, shows the count and the cards', async () => {
    const { calls, router } = renderSearch('/members', () =>
      jsonResponse(200, page([1, 2, 3], null)),
    );
    const results = await screen.findByTestId('search-results');
    expect(within(results).getAllByTestId('member-card')).toHaveLength(3);
    expect(screen.getByTestId('num-results')).toHaveTextContent('Gevonden leden: 30');
    const sent = query(calls.find((c) => c.url.includes('search.php'))!);
    expect(sent.get('gender')).toBe('male');
    expect(sent.get('country')).toBe('NL');
    // the search state is in the URL: it survives navigation and a reload
    expect(router.state.location.search).toContain('gender=male');
  });

  it('starts a man who seeks men with men, and a woman who seeks women with women', async () => {
    for (const gender of ['male', 'female'] as const) {
      const member = seeking(gender, gender);
      const { calls, router, unmount } = renderSearch(
        '/members',
        () => jsonResponse(200, page([1], null)),
        member,
      );
      await screen.findByTestId('search-results');
      expect(query(calls.find((c) => c.url.includes('search.php'))!).get('gender')).toBe(gender);
      expect(router.state.location.search).toContain(`gender=${gender}`);
      unmount();
    }
  });

  it('starts a member who seeks either gender without a gender filter', async () => {
    const { calls, router } = renderSearch(
      '/members',
      () => jsonResponse(200, page([1], null)),
      seeking('male', null),
    );
    await screen.findByTestId('search-results');
    expect(query(calls.find((c) => c.url.includes('search.php'))!).has('gender')).toBe(false);
    expect(router.state.location.search).toBe('?country=NL');
  });

  it('starts a visitor with the gender chosen at signup’s first step, else without one', async () => {
    const visit = async () => {
      const { calls, unmount } = renderSearch(
        '/members',
        () => jsonResponse(200, page([1], null)),
        null as never,
      );
      await screen.findByTestId('search-results');
      const sent = query(calls.find((c) => c.url.includes('search.php'))!);
      unmount();
      return sent.get('gender');
    };
    expect(await visit()).toBeNull();
    // "Ik ben een: Man", "Ik zoek een: Man"
    rememberSignupChoice('gender', 'male');
    rememberSignupChoice('seeking_gender', 'male');
    expect(await visit()).toBe('male');
    // only "Ik ben een: Vrouw": a signup would seek men, and so does the search
    window.sessionStorage.clear();
    rememberSignupChoice('gender', 'female');
    expect(await visit()).toBe('male');
  });

  it('takes over the first page the server rendered for a visitor without asking again, unless the visitor chose a gender at signup', async () => {
    const country = settingsResponseFixture.settings.geoip_country;
    const visit = async () => {
      const { calls, unmount, router } = renderSearch(
        '/members',
        () => jsonResponse(200, page([7, 8], null)),
        null as never,
        undefined,
        (queryClient) =>
          seedPublicQueries(queryClient, settingsResponseFixture, {
            landers: null,
            company: null,
            packages: null,
            results: { filters: { country }, answer: page([1, 2, 3], null) },
          }),
      );
      await screen.findByTestId('search-results');
      // the first filters written to the address
      await waitFor(() => expect(router.state.location.search).toContain(`country=${country}`));
      const names = () => screen.getAllByTestId('member-card').map((card) => card.textContent);
      const searched = () => calls.filter((c) => c.url.includes('search.php')).map(query);
      return { names, searched, unmount };
    };
    const first = await visit();
    expect(first.names()).toHaveLength(3);
    expect(first.searched()).toEqual([]);
    first.unmount();
    // "Ik zoek een: Man": the server's default is replaced by the men
    rememberSignupChoice('seeking_gender', 'male');
    const chosen = await visit();
    await waitFor(() => expect(chosen.searched().map((q) => q.get('gender'))).toEqual(['male']));
    await waitFor(() => expect(chosen.names()).toHaveLength(2));
    chosen.unmount();
  });

  it('applies the filters and loads the next page with the cursor', async () => {
    const { calls, user } = renderSearch('/members?gender=male&country=NL', (call) =>
      query(call).get('cursor') === 'c2'
        ? jsonResponse(200, page([25, 26], null))
        : jsonResponse(200, page([1, 2], 'c2')),
    );
    await screen.findByTestId('search-results');
    await user.selectOptions(screen.getByLabelText('Minimale leeftijd'), '30');
    await user.click(screen.getByLabelText('Alleen met foto'));
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(calls.some((c) => query(c).get('min_age') === '30')).toBe(true));
    const applied = query(calls.filter((c) => c.url.includes('search.php')).at(-1)!);
    expect(applied.get('with_photo')).toBe('1');

    await user.click(await screen.findByRole('button', { name: 'Meer leden laden' }));
    await waitFor(() => expect(screen.getAllByTestId('member-card')).toHaveLength(4));
    expect(query(calls.filter((c) => c.url.includes('search.php')).at(-1)!).get('cursor')).toBe(
      'c2',
    );
    expect(screen.queryByRole('button', { name: 'Meer leden laden' })).toBeNull();
  });

  it('empties filters, results and count when cleared, without searching', async () => {
    const { calls, user } = renderSearch('/members?gender=male', () =>
      jsonResponse(200, page([1], null)),
    );
    await screen.findByTestId('search-results');
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Wissen' }));
    expect(await screen.findByTestId('search-cleared')).toBeInTheDocument();
    expect(screen.queryByTestId('search-results')).toBeNull();
    expect(screen.queryByTestId('num-results')).toBeNull();
    expect(calls.filter((c) => c.url.includes('search.php'))).toHaveLength(
      calls.slice(0, before).filter((c) => c.url.includes('search.php')).length,
    );
  });

  it('shows similar members when few match, saying which filters were widened', async () => {
    renderSearch('/members?gender=male&min_age=30&max_age=31', () =>
      jsonResponse(
        200,
        page([1], null, {
          num_results: 1,
          similar: { profiles: [card(7, 'Joost')], count: 12, widened: ['age'] },
        }),
      ),
    );
    const similar = await screen.findByTestId('search-similar');
    expect(similar).toHaveTextContent('Vergelijkbare leden (12)');
    expect(similar).toHaveTextContent('leeftijd ± 5 jaar');
    expect(within(similar).getByText('Joost')).toBeInTheDocument();
  });

  it('asks a visitor to log in when the settings keep search for members', async () => {
    const { calls } = renderSearch(
      '/members',
      () => jsonResponse(200, page([], null)),
      null as never,
      {
        logged_out_search: false,
      },
    );
    expect(await screen.findByTestId('search-login')).toHaveTextContent(
      'Log in of meld je gratis aan om leden te zoeken.',
    );
    expect(calls.some((c) => c.url.includes('search.php'))).toBe(false);
  });

  it('lets a visitor search when the settings allow it', async () => {
    renderSearch('/members?country=NL', () => jsonResponse(200, page([1, 2], null)), null as never);
    expect(await screen.findAllByTestId('member-card')).toHaveLength(2);
  });
});

describe('the match-finder (/match-finder)', () => {
  it('leads to a search with the chosen age and, for "sexy", members with a photo', async () => {
    const { router, user } = renderSearch('/match-finder', () =>
      jsonResponse(200, page([1], null)),
    );
    await user.click(await screen.findByLabelText(/35 jaar en ouder/));
    await user.click(screen.getByLabelText(/^.?Sexy$/u));
    expect(screen.getByText(/We vragen en bewaren geen afkomst/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toon mijn matches' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      gender: 'male',
      country: 'NL',
      min_age: '35',
      with_photo: '1',
    });
  });

  it('searches the gender the member seeks: men for a man who seeks men', async () => {
    const { router, user } = renderSearch(
      '/match-finder',
      () => jsonResponse(200, page([1], null)),
      seeking('male', 'male'),
    );
    await user.click(await screen.findByRole('button', { name: 'Toon mijn matches' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(new URLSearchParams(router.state.location.search).get('gender')).toBe('male');
  });

  it('searches a visitor the gender chosen at signup’s first step', async () => {
    rememberSignupChoice('seeking_gender', 'female');
    const { router, user } = renderSearch(
      '/match-finder',
      () => jsonResponse(200, page([1], null)),
      null as never,
    );
    await user.click(await screen.findByRole('button', { name: 'Toon mijn matches' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(new URLSearchParams(router.state.location.search).get('gender')).toBe('female');
  });
});
