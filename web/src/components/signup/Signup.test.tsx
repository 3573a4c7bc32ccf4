import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { LoggedInResponse, Settings, UserResponse } from '@app/contract';
import { createRoutes } from '../../app/router';
import { settingsQueryKey } from '../../api/settings';
import { renderRoutes, seededQueryClient } from '../../test/render';
import { newUserFixture, settingsFixture, settingsResponseFixture } from '../../test/fixtures';
import {
  deferred,
  jsonResponse,
  mockFetch,
  mockResizableViewport,
  mockViewport,
} from '../../test/http';
import { captureTracking, TRACKING_STORAGE_KEY } from './tracking';
import { readVisitorSeeking } from './seeking';
import { PROGRESS_STEP_MS } from './progress-machine';

function renderSignup(settings: Partial<Settings> = {}) {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(settingsQueryKey, {
    ...settingsResponseFixture,
    settings: { ...settingsFixture, ...settings },
  });
  return renderRoutes(createRoutes(queryClient), { path: '/signup', queryClient });
}

async function form() {
  return (await screen.findByRole('button', { name: /Volgende|Account aanmaken/ })).closest(
    'form',
  )!;
}

async function next(user: UserEvent) {
  await user.click(within(await form()).getByRole('button', { name: 'Volgende' }));
}

async function fillSteps(user: UserEvent, until: number) {
  const f = () =>
    within(screen.getByRole('button', { name: /Volgende|Account aanmaken/ }).closest('form')!);
  await form();
  await user.click(within(f().getByRole('group', { name: 'Ik ben een' })).getByLabelText(/Man/));
  await user.click(within(f().getByRole('group', { name: 'Ik zoek een' })).getByLabelText(/Vrouw/));
  await next(user);
  if (until === 1) return;
  await user.selectOptions(f().getByRole('combobox', { name: 'Dag' }), '15');
  await user.selectOptions(f().getByRole('combobox', { name: 'Maand' }), '6');
  await user.selectOptions(f().getByRole('combobox', { name: 'Jaar' }), '1990');
  await next(user);
  if (until === 2) return;
  await user.type(f().getByLabelText('Profielnaam'), 'Sanne');
  await next(user);
  if (until === 3) return;
  await user.type(f().getByLabelText('E-mailadres'), 'sanne@example.com');
  await user.type(f().getByLabelText('Wachtwoord'), 'Zonnebloem-2026');
  await next(user);
  if (until === 4) return;
  await user.click(f().getByRole('checkbox', { name: /fictieve profielen actief/ }));
  await user.click(f().getByRole('checkbox', { name: /Ik ga akkoord/ }));
}

function progressStates(): string[] {
  return [
    'Gegevens controleren',
    'Account aanmaken',
    'Matches zoeken',
    'Activatiemail versturen',
  ].map((label) => screen.getByText(label).closest('li')!.getAttribute('data-state')!);
}

describe('signup', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    mockViewport(false);
  });

  it('opens as a modal on desktop that cannot be closed by Escape or backdrop while signing up', async () => {
    mockViewport(true);
    const pending = deferred();
    mockFetch({ 'POST /api/signup.php': () => pending.promise });
    const user = userEvent.setup();
    const { router } = renderSignup();
    const dialog = await screen.findByRole('dialog', { name: 'Gratis aanmelden' });
    expect(within(dialog).getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();

    await fillSteps(user, 5);
    await user.click(within(dialog).getByRole('button', { name: 'Account aanmaken' }));
    expect(await within(dialog).findByText('Gegevens controleren')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Sluiten' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(dialog); // the backdrop area around the dialog box
    expect(screen.getByRole('dialog', { name: 'Gratis aanmelden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('closes the desktop modal with Escape when no signup is running', async () => {
    mockViewport(true);
    const user = userEvent.setup();
    const { router } = renderSignup();
    await screen.findByRole('dialog', { name: 'Gratis aanmelden' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the desktop modal and what was typed in it when the window narrows past the breakpoint, and the phone page when it widens', async () => {
    const window_ = mockResizableViewport(true);
    const user = userEvent.setup();
    const { router } = renderSignup();
    const dialog = await screen.findByRole('dialog', { name: 'Gratis aanmelden' });
    await fillSteps(user, 3);
    await user.type(within(dialog).getByLabelText('E-mailadres'), 'sanne@example.com');

    act(() => window_.resize(false)); // a tablet turned upright, a window made narrow
    expect(screen.getByRole('dialog', { name: 'Gratis aanmelden' })).toBe(dialog);
    expect(within(dialog).getByLabelText('E-mailadres')).toHaveValue('sanne@example.com');
    expect(router.state.location.pathname).toBe('/signup');

    act(() => window_.resize(true));
    expect(within(dialog).getByLabelText('E-mailadres')).toHaveValue('sanne@example.com');
  });

  it('keeps the phone page and what was typed in it when the window widens past the breakpoint', async () => {
    const window_ = mockResizableViewport(false);
    const user = userEvent.setup();
    renderSignup();
    await fillSteps(user, 3);
    await user.type(screen.getByLabelText('E-mailadres'), 'sanne@example.com');

    act(() => window_.resize(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mailadres')).toHaveValue('sanne@example.com');
  });

  it('renders the signup page (no modal) on a phone', async () => {
    renderSignup();
    expect(
      await screen.findByRole('heading', { name: 'Gratis aanmelden', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('remembers for the visit the gender the visitor seeks, as soon as it is chosen at the first step', async () => {
    const user = userEvent.setup();
    renderSignup();
    const f = within(await form());
    expect(readVisitorSeeking()).toBeUndefined();
    await user.click(within(f.getByRole('group', { name: 'Ik ben een' })).getByLabelText(/Man/));
    // a signup without "Ik zoek een" would seek women
    expect(readVisitorSeeking()).toBe('female');
    await user.click(within(f.getByRole('group', { name: 'Ik zoek een' })).getByLabelText(/Man/));
    expect(readVisitorSeeking()).toBe('male');
  });

  it('asks for a date of birth with the minimum age from the settings and rejects impossible dates', async () => {
    const user = userEvent.setup();
    renderSignup({ min_age: 21 });
    await fillSteps(user, 1);
    await next(user);
    expect(await screen.findByText('Vul uw geboortedatum in (21+ jaar)')).toBeInTheDocument();

    const f = within(await form());
    await user.selectOptions(f.getByRole('combobox', { name: 'Dag' }), '31');
    await user.selectOptions(f.getByRole('combobox', { name: 'Maand' }), '2');
    await user.selectOptions(f.getByRole('combobox', { name: 'Jaar' }), '1990');
    await next(user);
    expect(await screen.findByText('Ongeldige geboortedatum.')).toBeInTheDocument();
    expect(screen.getByText('Stap 2 van 5')).toBeInTheDocument();
  });

  it('refuses a profile name that starts with @ or is an e-mail address', async () => {
    const user = userEvent.setup();
    renderSignup();
    await fillSteps(user, 2);
    const name = within(await form()).getByLabelText('Profielnaam');
    await user.type(name, '@sanne');
    await next(user);
    expect(
      await screen.findByText('Je profielnaam mag niet beginnen met een @'),
    ).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'sanne@example.com');
    await next(user);
    expect(
      await screen.findByText('Je profielnaam moet anders zijn dan je e-mailadres'),
    ).toBeInTheDocument();
    expect(screen.getByText('Stap 3 van 5')).toBeInTheDocument();
  });

  it('takes a profile name and a message as long as the server accepts, and no longer', async () => {
    const user = userEvent.setup();
    renderSignup();
    await fillSteps(user, 2);
    const step = within(await form());
    // the contract's NAME_MAX_LENGTH and SIGNUP_MESSAGE_MAX_LENGTH
    expect(step.getByLabelText('Profielnaam')).toHaveAttribute('maxlength', '40');
    expect(step.getByLabelText('Wat zoek je? (optioneel)')).toHaveAttribute('maxlength', '500');
  });

  it('shows the password rule under the field and refuses a short or personal password before sending', async () => {
    const { calls } = mockFetch({});
    const user = userEvent.setup();
    renderSignup();
    await fillSteps(user, 3);
    const f = within(await form());
    await user.type(f.getByLabelText('E-mailadres'), 'vlinder88@example.com');
    const password = f.getByLabelText('Wachtwoord');
    expect(password).toHaveAccessibleDescription(
      'Minimaal 10 tekens, zonder je e-mailadres of profielnaam.',
    );

    await user.type(password, 'kort12345');
    await next(user);
    expect(password).toHaveAccessibleDescription(
      'Je wachtwoord moet minimaal 10 tekens lang zijn.',
    );

    await user.clear(password);
    await user.type(password, 'ikbenSanne2026'); // the profile name from step 3
    await next(user);
    expect(password).toHaveAccessibleDescription(
      'Je wachtwoord mag je e-mailadres of profielnaam niet bevatten.',
    );

    await user.clear(password);
    await user.type(password, 'vlinder88-geheim'); // the e-mail address before the @
    await next(user);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      'Je wachtwoord mag je e-mailadres of profielnaam niet bevatten.',
    );
    expect(screen.getByText('Stap 4 van 5')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Zonnebloem-2026');
    await next(user);
    expect(await screen.findByText('Stap 5 van 5')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it.each([
    {
      answer: {
        error: 'email_taken',
        field: 'email',
        message: 'Dit e-mailadres heeft al een account op deze site.',
      },
      label: 'E-mailadres',
      value: 'sanne@example.com',
      step: 'Stap 4 van 5',
      loginLink: true,
    },
    {
      answer: {
        error: 'invalid_name_email',
        field: 'name',
        message: 'Je profielnaam moet anders zijn dan je e-mailadres',
      },
      label: 'Profielnaam',
      value: 'Sanne',
      step: 'Stap 3 van 5',
      loginLink: false,
    },
    {
      answer: {
        error: 'password_personal',
        field: 'password',
        message: 'Je wachtwoord mag je e-mailadres of profielnaam niet bevatten.',
      },
      label: 'Wachtwoord',
      value: 'Zonnebloem-2026',
      step: 'Stap 4 van 5',
      loginLink: false,
    },
  ])(
    'sends the visitor back to the step of a server field error ($answer.error) with the value kept',
    async ({ answer, label, value, step, loginLink }) => {
      mockFetch({ 'POST /api/signup.php': () => jsonResponse(409, answer) });
      const user = userEvent.setup();
      renderSignup();
      await fillSteps(user, 5);
      await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));

      expect(await screen.findByText(answer.message)).toBeInTheDocument();
      expect(screen.getByText(step)).toBeInTheDocument();
      expect(screen.getByLabelText(label)).toHaveValue(value);
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      const link = screen.queryByRole('link', { name: 'Heb je al een account? Log dan in.' });
      if (loginLink) expect(link).toHaveAttribute('href', '/login');
      else expect(link).not.toBeInTheDocument();
    },
  );

  it('ticks off the four progress steps in order, the last when the server answers', async () => {
    const pending = deferred();
    mockFetch({
      'POST /api/signup.php': () => pending.promise,
      'GET /api/user.php': () => jsonResponse(200, { user: newUserFixture } satisfies UserResponse),
    });
    const user = userEvent.setup();
    const { router } = renderSignup();
    await fillSteps(user, 5);
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));

    await screen.findByText('Gegevens controleren');
    expect(progressStates()).toEqual(['active', 'pending', 'pending', 'pending']);
    const timeout = { timeout: PROGRESS_STEP_MS * 3 };
    await waitFor(
      () => expect(progressStates()).toEqual(['done', 'active', 'pending', 'pending']),
      timeout,
    );
    await waitFor(
      () => expect(progressStates()).toEqual(['done', 'done', 'active', 'pending']),
      timeout,
    );
    await waitFor(
      () => expect(progressStates()).toEqual(['done', 'done', 'done', 'active']),
      timeout,
    );
    // the last step waits for the answer
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_STEP_MS + 100));
    expect(progressStates()).toEqual(['done', 'done', 'done', 'active']);

    pending.resolve(jsonResponse(201, { user: newUserFixture } satisfies LoggedInResponse));
    await waitFor(() => expect(progressStates()).toEqual(['done', 'done', 'done', 'done']));
    expect(
      await screen.findByRole('heading', { name: 'Bedankt voor je aanmelding!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/complete-signup');
    expect(screen.getByText('sanne@example.com')).toBeInTheDocument();
  }, 15000);

  it('sends the tracking parameters of the landing URL with the signup', async () => {
    captureTracking('?network=affnet&ref=r42&sub1=a&sub2=b&sub3=c&invite=inv9&utm=x');
    // a later page of the visit does not overwrite the landing's parameters
    captureTracking('?network=other');
    expect(JSON.parse(window.sessionStorage.getItem(TRACKING_STORAGE_KEY)!)).toEqual({
      network: 'affnet',
      ref: 'r42',
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
      invite: 'inv9',
    });
    const { calls } = mockFetch({
      'POST /api/signup.php': () =>
        jsonResponse(201, { user: newUserFixture } satisfies LoggedInResponse),
      'GET /api/user.php': () => jsonResponse(200, { user: newUserFixture } satisfies UserResponse),
    });
    const user = userEvent.setup();
    renderSignup();
    await fillSteps(user, 5);
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/signup.php')).toBe(true));
    const body = calls.find((c) => c.url === '/api/signup.php')!.body;
    expect(body).toEqual({
      network: 'affnet',
      ref: 'r42',
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
      invite: 'inv9',
      email: 'sanne@example.com',
      name: 'Sanne',
      password: 'Zonnebloem-2026',
      date_of_birth: '1990-06-15',
      gender: 'male',
      seeking_gender: 'female',
      accept_terms: true,
      accept_fictional: true,
    });
  });

  it('names the chat partners by fictional_plural, and offers partner sharing as an opt-in (off until switched on) only when member_resell is on', async () => {
    const user = userEvent.setup();
    renderSignup({ fictional_plural: 'chatvriendjes', member_resell: true, name: 'Vonkje' });
    await screen.findByRole('button', { name: 'Volgende' }, { timeout: 15_000 });
    await fillSteps(user, 4);
    const titles = await screen.findAllByText(/Let op: fictieve profielen \(chatvriendjes\)/);
    expect(titles.length).toBeGreaterThan(0);
    expect(screen.getByTestId('member-resell')).toHaveTextContent(
      'Wil je dat leden van partnersites van Vonkje je profiel ook zien? Dat zet je zelf aan in je account; tot dan staat het uit.',
    );
  }, 30_000);

  it('says nothing of partner sites when member_resell is off', async () => {
    const user = userEvent.setup();
    renderSignup({ member_resell: false });
    await screen.findByRole('button', { name: 'Volgende' }, { timeout: 15_000 });
    await fillSteps(user, 4);
    const titles = await screen.findAllByText(/Let op: fictieve profielen \(chatmaatjes\)/);
    expect(titles.length).toBeGreaterThan(0);
    expect(screen.queryByTestId('member-resell')).toBeNull();
  }, 30_000);

  it('shows the signups-closed message instead of the form unless signups are open to this visitor', async () => {
    const { unmount } = renderSignup({ signups: 'with_trafficsource' });
    expect(
      await screen.findByText(
        'Aanmelden is op dit moment niet mogelijk. Probeer het later nog eens.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Volgende' })).not.toBeInTheDocument();
    unmount();

    captureTracking('?ref=r42');
    renderSignup({ signups: 'with_trafficsource' });
    expect(await screen.findByRole('button', { name: 'Volgende' })).toBeInTheDocument();
  });
});
