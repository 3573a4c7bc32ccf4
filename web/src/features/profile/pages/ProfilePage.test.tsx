import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CitiesResponse,
  GeocodeResponse,
  OwnProfile,
  OwnProfileResponse,
  RegionsResponse,
  Settings,
} from '@app/contract';
import { createRoutes } from '../../../app/router';
import { ownProfileQueryKey } from '../../../api/own-data';
import { settingsQueryKey } from '../../../api/settings';
import { INTERESTS_MAX } from '../../../config/constants';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http';
import {
  settingsFixture,
  settingsResponseFixture,
  userFixture,
  emptySearchResponseFixture,
} from '../../../test/fixtures';
import { GEOCODE_CACHE_KEY } from '../locate';
import { profileValueLabelKey } from '../../../components/profile-values';

// the site's lazily loaded routes come first: on a busy machine that takes longer than the
// default second (and a test longer than the default five)
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);

const INTEREST_SLUGS = [
  'hiking',
  'cooking',
  'music',
  'yoga',
  'wine',
  'gym',
  'running',
  'cycling',
  'swimming',
  'football',
  'tennis',
  'skiing',
  'sailing',
  'dancing',
  'concerts',
  'festivals',
  'singing',
  'movies',
  'series',
  'theatre',
  'reading',
  'writing',
];

const settings = {
  ...settingsFixture,
  countries: [
    ...settingsFixture.countries,
    { code: 'BE', name: 'Belgium', region_label: 'province', currency: 'EUR' },
  ],
  interests: INTEREST_SLUGS.map((slug, i) => ({ id: i + 1, slug, icon: '⭐', kind: 'hobby' })),
} satisfies Settings;

const profile = {
  id: 10,
  name: 'Sanne',
  status: 'active',
  gender: 'female',
  seeking_gender: 'male',
  date_of_birth: '1990-04-07',
  age: 36,
  country: 'NL',
  region_id: 8,
  city_id: 81,
  region: 'Noord-Holland',
  city: 'Haarlem',
  sexuality: 'hetero',
  hair_color: 'blond',
  eye_color: null,
  body_type: 'slim',
  relationship_status: 'single',
  tattoos: false,
  signup_reason: 'dating',
  about: 'Ik hou van de zee.',
  interests: ['hiking', 'music'],
  invisible: false,
  privacy_mode: true,
  fictional: false,
  text_rejections: [],
  about_waiting: null,
} satisfies OwnProfile;

const regions = (country: string): RegionsResponse => ({
  countries: [
    {
      code: country,
      region_label: 'province',
      regions:
        country === 'NL'
          ? [
              { id: 8, code: 'NH', name: 'Noord-Holland' },
              { id: 9, code: 'UT', name: 'Utrecht' },
            ]
          : [{ id: 20, code: 'VAN', name: 'Antwerpen' }],
    },
  ],
});

const CITIES: Record<string, CitiesResponse['cities']> = {
  8: [
    { id: 80, name: 'Amsterdam' },
    { id: 81, name: 'Haarlem' },
  ],
  9: [
    { id: 90, name: 'Amersfoort' },
    { id: 91, name: 'Utrecht' },
  ],
};

const param = (call: RecordedCall, name: string) =>
  new URL(call.url, 'http://localhost').searchParams.get(name) ?? '';

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/profile.php': () => jsonResponse(200, { profile } satisfies OwnProfileResponse),
    'GET /api/regions.php': (call) => jsonResponse(200, regions(param(call, 'country'))),
    'GET /api/cities.php': (call) =>
      jsonResponse(200, {
        region_id: Number(param(call, 'region')),
        cities: CITIES[param(call, 'region')] ?? [],
      } satisfies CitiesResponse),
    'GET /api/user.php': () => jsonResponse(200, { user: userFixture }),
    'GET /api/photos.php': () =>
      jsonResponse(200, { photos: [], max_photos: 25, has_main_image: false }),
    ...extra,
  });
}

function renderProfile() {
  const queryClient = seededQueryClient(userFixture);
  queryClient.setQueryData(settingsQueryKey, { ...settingsResponseFixture, settings });
  return {
    ...renderRoutes(createRoutes(queryClient), { path: '/profile', queryClient }),
    queryClient,
  };
}

async function section(name: string) {
  return within(await screen.findByRole('region', { name }));
}

/** The editor, once the profile and the lists of the chosen region and city are in. */
async function loaded() {
  await screen.findByDisplayValue('Sanne');
  await waitFor(() =>
    expect(screen.getByRole('option', { name: 'Amsterdam' })).toBeInTheDocument(),
  );
}

function setGeolocation(geolocation: Partial<Geolocation> | undefined) {
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

const positionError = (code: number) =>
  ({
    code,
    message: '',
    PERMISSION_DENIED: 1,
    POSITION_UNAVAILABLE: 2,
    TIMEOUT: 3,
  }) as GeolocationPositionError;

beforeEach(() => {
  localStorage.clear();
  setGeolocation(undefined);
});

describe('the profile editor', () => {
  it('shows the saved profile in every section', async () => {
    routes();
    renderProfile();
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Mijn profiel' })).toBeVisible();

    const basics = await section('Over jou');
    expect(basics.getByLabelText(/Profielnaam/)).toHaveValue('Sanne');
    expect(basics.getByRole('radio', { name: 'Vrouw' })).toBeChecked();
    expect(basics.getByLabelText('Dag')).toHaveValue('7');
    expect(basics.getByLabelText('Maand')).toHaveValue('4');
    expect(basics.getByLabelText('Jaar')).toHaveValue('1990');
    expect(basics.getByLabelText('Ik zoek')).toHaveValue('male');
    expect(basics.getByLabelText('Ik ben hier voor')).toHaveValue('dating');

    const location = await section('Waar je woont');
    expect(location.getByLabelText('Land')).toHaveValue('NL');
    // the region is labelled as the country names its regions
    expect(location.getByLabelText('Provincie')).toHaveValue('8');
    expect(location.getByLabelText('Woonplaats')).toHaveValue('81');
    expect(location.getByRole('option', { name: 'België' })).toBeInTheDocument();

    const looks = await section('Uiterlijk');
    expect(looks.getByLabelText('Haarkleur')).toHaveValue('blond');
    expect(looks.getByLabelText('Oogkleur')).toHaveValue('');
    expect(looks.getByLabelText('Tatoeages')).toHaveValue('no');

    const interests = await section('Interesses');
    expect(interests.getByRole('button', { name: 'Wandelen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(interests.getByRole('button', { name: 'Koken' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(interests.getByText(`2 van ${INTERESTS_MAX} gekozen`)).toBeInTheDocument();

    expect((await section('Over mij')).getByRole('textbox')).toHaveValue('Ik hou van de zee.');
    const privacy = await section('Privacy');
    expect(privacy.getByRole('switch', { name: 'Onzichtbaar' })).not.toBeChecked();
    expect(privacy.getByRole('switch', { name: "Privémodus voor foto's" })).toBeChecked();
    // the date of birth stays with its owner: the hint says so
    expect(basics.getByText(/Anderen zien alleen je leeftijd/)).toBeInTheDocument();
  });

  it('sends one PUT with every field, the edited ones changed, and says it saved', async () => {
    const { calls } = routes({
      'PUT /api/profile.php': (call) =>
        jsonResponse(200, {
          profile: { ...profile, ...(call.body as object), region: 'Utrecht', city: 'Utrecht' },
        }),
    });
    renderProfile();
    await loaded();
    const user = userEvent.setup();
    const name = screen.getByLabelText(/Profielnaam/);
    await user.clear(name);
    await user.type(name, 'Sanne B');
    await user.selectOptions(screen.getByLabelText('Haarkleur'), 'red');
    await user.selectOptions(screen.getByLabelText('Provincie'), '9');
    // a new region: its cities, and no city chosen yet
    expect(screen.getByLabelText('Woonplaats')).toHaveValue('');
    await screen.findByRole('option', { name: 'Amersfoort' });
    await user.selectOptions(screen.getByLabelText('Woonplaats'), '91');
    await user.click(screen.getByRole('button', { name: 'Koken' }));
    await user.click(screen.getByRole('button', { name: 'Wandelen' }));
    await user.click(screen.getByRole('switch', { name: 'Onzichtbaar' }));
    const about = (await section('Over mij')).getByRole('textbox');
    await user.clear(about);
    await user.type(about, 'Nieuw');
    expect(screen.getByText('Je hebt wijzigingen die nog niet zijn opgeslagen.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Profiel opslaan' }));

    expect(await screen.findByText('Je profiel is opgeslagen.')).toBeVisible();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].headers['X-Request-Type']).toBe('client');
    expect(puts[0].body).toEqual({
      name: 'Sanne B',
      gender: 'female',
      seeking_gender: 'male',
      date_of_birth: '1990-04-07',
      country: 'NL',
      region_id: 9,
      city_id: 91,
      sexuality: 'hetero',
      relationship_status: 'single',
      signup_reason: 'dating',
      hair_color: 'red',
      eye_color: null,
      body_type: 'slim',
      tattoos: false,
      about: 'Nieuw',
      interests: ['music', 'cooking'],
      invisible: true,
      privacy_mode: true,
    });
    expect(screen.queryByText('Je hebt wijzigingen die nog niet zijn opgeslagen.')).toBeNull();
  });

  it('starts the next search with the gender the member now seeks', async () => {
    let seeks: OwnProfile['seeking_gender'] = 'male';
    const { calls } = routes({
      'PUT /api/profile.php': (call) => {
        seeks = (call.body as OwnProfile).seeking_gender;
        return jsonResponse(200, { profile: { ...profile, seeking_gender: seeks } });
      },
      'GET /api/user.php': () =>
        jsonResponse(200, {
          user: { ...userFixture, profile: { ...userFixture.profile, seeking_gender: seeks } },
        }),
      'GET /api/search.php': () => jsonResponse(200, emptySearchResponseFixture),
    });
    const { router } = renderProfile();
    await loaded();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Ik zoek'), 'female');
    await user.click(screen.getByRole('button', { name: 'Profiel opslaan' }));
    expect(await screen.findByText('Je profiel is opgeslagen.')).toBeVisible();
    await act(() => router.navigate('/members'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('search.php'))).toBe(true));
    const search = calls.find((call) => call.url.includes('search.php'))!;
    expect(param(search, 'gender')).toBe('female');
    expect(router.state.location.search).toContain('gender=female');
  });

  it("shows the server's refusal at its field and focuses it", async () => {
    routes({
      'PUT /api/profile.php': () =>
        jsonResponse(400, {
          error: 'invalid_city',
          message: 'Kies een plaats in de gekozen regio.',
          field: 'city_id',
        }),
    });
    renderProfile();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profiel opslaan' }));
    const city = screen.getByLabelText('Woonplaats');
    await waitFor(() => expect(city).toHaveAttribute('aria-invalid', 'true'));
    expect(city).toHaveAccessibleDescription('Kies een plaats in de gekozen regio.');
    expect(city).toHaveFocus();
    expect(screen.getByText('Controleer de gemarkeerde velden.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a name starting with @, shaped like an e-mail address or holding a web address without sending it', async () => {
    const { calls } = routes();
    renderProfile();
    await loaded();
    const user = userEvent.setup();
    const name = screen.getByLabelText(/Profielnaam/);
    await user.clear(name);
    await user.type(name, '@sanne');
    await user.click(screen.getByRole('button', { name: 'Profiel opslaan' }));
    expect(
      await screen.findByText('Je profielnaam mag niet beginnen met een @'),
    ).toBeInTheDocument();
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'sanne@example.com');
    expect(
      await screen.findByText('Je profielnaam moet anders zijn dan je e-mailadres'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'vonkje-verify.example/login');
    expect(
      await screen.findByText('Je profielnaam mag geen webadres of e-mailadres bevatten'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('toggles interests and stops at the maximum', async () => {
    routes();
    renderProfile();
    await loaded();
    const user = userEvent.setup();
    const interests = await section('Interesses');
    await user.click(interests.getByRole('button', { name: 'Wandelen' }));
    expect(interests.getByRole('button', { name: 'Wandelen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(interests.getByText(`1 van ${INTERESTS_MAX} gekozen`)).toBeInTheDocument();
    const unpressed = interests
      .getAllByRole('button', { pressed: false })
      .slice(0, INTERESTS_MAX - 1);
    for (const button of unpressed) await user.click(button);
    expect(interests.getByText(`${INTERESTS_MAX} van ${INTERESTS_MAX} gekozen`)).toBeVisible();
    expect(interests.getByText(/Je hebt het maximum bereikt/)).toBeVisible();
    const rest = interests.getAllByRole('button', { pressed: false });
    expect(rest.length).toBeGreaterThan(0);
    for (const button of rest) expect(button).toBeDisabled();
  });

  describe('use my location', () => {
    it('says so when the browser has no geolocation', async () => {
      routes();
      renderProfile();
      await loaded();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Gebruik mijn locatie' }));
      expect(await screen.findByText(/Je browser kan je locatie niet bepalen/)).toBeVisible();
    });

    it('says so when the member does not allow it', async () => {
      const { calls } = routes();
      setGeolocation({
        getCurrentPosition: (_ok, fail) => fail?.(positionError(1)),
      });
      renderProfile();
      await loaded();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Gebruik mijn locatie' }));
      expect(
        await screen.findByText(/Je hebt geen toestemming gegeven om je locatie te gebruiken/),
      ).toBeVisible();
      expect(calls.some((call) => call.url.includes('geocode'))).toBe(false);
    });

    it('says so when the position cannot be found', async () => {
      routes();
      setGeolocation({ getCurrentPosition: (_ok, fail) => fail?.(positionError(2)) });
      renderProfile();
      await loaded();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Gebruik mijn locatie' }));
      expect(await screen.findByText(/Je locatie kon niet worden bepaald/)).toBeVisible();
    });

    it('says so when no place is near the position', async () => {
      routes({
        'GET /api/geocode.php': () =>
          jsonResponse(404, { error: 'location_not_found', message: 'x' }),
      });
      setGeolocation({
        getCurrentPosition: (ok) =>
          ok({ coords: { latitude: 40, longitude: -40 } } as GeolocationPosition),
      });
      renderProfile();
      await loaded();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Gebruik mijn locatie' }));
      expect(
        await screen.findByText('Er is geen plaats gevonden in de buurt van deze locatie.'),
      ).toBeVisible();
    });

    it('fills country, region and city, and asks nothing again within the hour', async () => {
      const found: GeocodeResponse = {
        geocode: {
          country: 'NL',
          region: { id: 9, code: 'UT', name: 'Utrecht' },
          city: { id: 90, name: 'Amersfoort', latitude: 52.15, longitude: 5.38 },
          distance_km: 0.4,
        },
      };
      const { calls } = routes({ 'GET /api/geocode.php': () => jsonResponse(200, found) });
      const getCurrentPosition = jest.fn((ok: PositionCallback) =>
        ok({ coords: { latitude: 52.1561113, longitude: 5.3878266 } } as GeolocationPosition),
      );
      setGeolocation({ getCurrentPosition });
      renderProfile();
      await loaded();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Gebruik mijn locatie' }));
      expect(await screen.findByText(/Gevonden: Amersfoort \(Utrecht\)/)).toBeVisible();
      expect(screen.getByLabelText('Provincie')).toHaveValue('9');
      expect(screen.getByLabelText('Woonplaats')).toHaveValue('90');
      const geocodes = calls.filter((call) => call.url.includes('geocode'));
      expect(geocodes).toHaveLength(1);
      expect(geocodes[0].url).toContain('lat=52.156111&lon=5.387827');
      expect(JSON.parse(localStorage.getItem(GEOCODE_CACHE_KEY) ?? '{}').geocode).toEqual(
        found.geocode,
      );

      await user.click(screen.getByRole('button', { name: 'Gebruik mijn locatie' }));
      await screen.findByText(/Gevonden: Amersfoort/);
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
      expect(calls.filter((call) => call.url.includes('geocode'))).toHaveLength(1);
    });
  });

  it('tells the member, live and at the field, why a moderator refused the about text', async () => {
    let current: OwnProfile = { ...profile, about: 'Bel me: 0612345678' };
    routes({ 'GET /api/profile.php': () => jsonResponse(200, { profile: current }) });
    const { queryClient } = renderProfile();
    await loaded();
    const about = await section('Over mij');
    expect(about.getByRole('textbox')).toHaveValue('Bel me: 0612345678');
    expect(about.queryByRole('status')).toBeNull();

    // the moderator's decision: the previous text is back, the refusal comes with the profile
    // (the socket's 'profile:changed' reloads it)
    current = {
      ...profile,
      text_rejections: [
        { field: 'about', reason: 'contact_details', decided_at: '2026-11-26T09:00:00.000Z' },
      ],
    };
    await act(() => queryClient.invalidateQueries({ queryKey: ownProfileQueryKey }));
    const notice = await about.findByRole('status');
    expect(notice).toHaveTextContent(
      'Een moderator heeft je tekst bij ‘Over mij’ afgekeurd: contactgegevens (telefoon, e-mail, links) mogen niet in je profiel.',
    );
    expect(notice).toHaveTextContent('Je vorige tekst staat weer op je profiel.');
    expect(about.getByRole('textbox')).toHaveValue('Ik hou van de zee.');
    // the name was not refused
    expect((await section('Over jou')).queryByRole('status')).toBeNull();
  });

  it('shows the signup text waiting for a moderator, and in the about field once approved', async () => {
    let current: OwnProfile = { ...profile, about: null, about_waiting: 'Ik fiets graag.' };
    routes({ 'GET /api/profile.php': () => jsonResponse(200, { profile: current }) });
    const { queryClient } = renderProfile();
    await loaded();
    const about = await section('Over mij');
    const notice = about.getByRole('status');
    expect(notice).toHaveTextContent('Je tekst van de aanmelding wacht op goedkeuring');
    expect(notice).toHaveTextContent('Ik fiets graag.');
    // not on the profile yet: the field is empty
    expect(about.getByRole('textbox')).toHaveValue('');

    // the moderator approves it: it is the about text now (the socket reloads the profile)
    current = { ...profile, about: 'Ik fiets graag.', about_waiting: null };
    await act(() => queryClient.invalidateQueries({ queryKey: ownProfileQueryKey }));
    await waitFor(() => expect(about.getByRole('textbox')).toHaveValue('Ik fiets graag.'));
    expect(about.queryByRole('status')).toBeNull();
  });

  it('shows a refused name with its reason, and an older reason as it was written', async () => {
    routes({
      'GET /api/profile.php': () =>
        jsonResponse(200, {
          profile: {
            ...profile,
            text_rejections: [
              { field: 'name', reason: 'not_a_name', decided_at: '2026-11-26T09:00:00.000Z' },
              { field: 'about', reason: 'Te kort', decided_at: '2026-11-26T09:01:00.000Z' },
            ],
          },
        }),
    });
    renderProfile();
    await loaded();
    expect(await (await section('Over jou')).findByRole('status')).toHaveTextContent(
      'Een moderator heeft je profielnaam afgekeurd: dit lijkt geen naam te zijn.',
    );
    expect((await section('Over mij')).getByRole('status')).toHaveTextContent(
      'Een moderator heeft je tekst bij ‘Over mij’ afgekeurd: Te kort',
    );
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let answers = 0;
    routes({
      'GET /api/profile.php': () =>
        ++answers === 1
          ? jsonResponse(404, {
              error: 'not_found',
              message: 'Deze pagina kon niet worden gevonden.',
            })
          : jsonResponse(200, { profile }),
    });
    renderProfile();
    expect(await screen.findByText('Je profiel kon niet worden geladen')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByDisplayValue('Sanne')).toBeInTheDocument();
  });

  it('gives other features the labels of the profile values', () => {
    expect(profileValueLabelKey('hair_color', 'red')).toBe('profileEditor.values.hair_color.red');
    expect(profileValueLabelKey('tattoos', true)).toBe('profileEditor.values.tattoos.yes');
  });
});
