import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffMember } from '@app/contract';
import { createRoutes } from '../../app/router';
import { jsonResponse } from '../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../test/console';
import { SUPPORTED_LANGUAGES } from '../../config/constants';
import { ADMIN_CATALOGUES } from './catalogues';
import { staffSocket } from '../../test/staff-socket';

/** The console's socket, as a fake that records what the console listens to. */
jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../test/staff-socket')>('../../test/staff-socket')
    .socketIoModule(),
);

const moderator: StaffMember = {
  id: 7,
  email: 'mod@vonkje.test',
  name: null,
  roles: ['moderator'],
};

const auditPage = {
  entries: [
    {
      id: '12',
      at: '2026-11-25T10:00:00.000Z',
      actor: { id: 8, email: 'admin@vonkje.test' },
      actor_roles: ['admin'],
      action: 'staff.sign_in',
      target_user_id: null,
      subject_type: 'staff_session',
      subject_id: 'abc',
      before: null,
      after: null,
      reason: null,
      ip: '203.0.113.5',
    },
  ],
  next_before: '12',
};

const renderConsole = consoleRenderer(createRoutes);

describe('the staff console', () => {
  beforeEach(() => {
    staffSocket.reset();
  });

  it('sends a signed-out visitor to the sign-in, and after password and code to the page asked for', async () => {
    let signedIn = false;
    const { router, calls } = renderConsole('/admin/audit', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: signedIn ? admin : null }),
      'POST /api/staff/login': () =>
        jsonResponse(200, { challenge: 'c'.repeat(43), step: 'code', enroll: null }),
      'POST /api/staff/login-code': () => {
        signedIn = true;
        return jsonResponse(200, { staff: admin, recovery_codes: null });
      },
      'GET /api/staff/audit': () => jsonResponse(200, auditPage),
    });
    expect(
      await screen.findByRole('heading', { name: 'Aanmelden bij het beheer' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Faudit');
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: admin.email } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    const code = await screen.findByLabelText('Code');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByRole('heading', { name: 'Logboek' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/audit');
    expect(calls.find((c) => c.url === '/api/staff/login-code')?.body).toEqual({
      challenge: 'c'.repeat(43),
      code: '123456',
    });
    // the console's socket to the staff namespace, once signed in
    expect(staffSocket.connectedTo).toEqual(['/staff']);
  });

  it('tells a staff member who followed the lock mail’s link whether their browser may sign in again', async () => {
    const routes = { 'GET /api/staff/me': () => jsonResponse(200, { staff: null }) };
    const first = renderConsole('/admin/login?unlocked=1', routes);
    expect(await screen.findByText(/Deze browser kan weer aanmelden/)).toHaveAttribute(
      'role',
      'status',
    );
    first.unmount();
    renderConsole('/admin/login?unlocked=0', routes);
    expect(await screen.findByText(/verlopen of al gebruikt/)).toBeInTheDocument();
  });

  it('enrolls the second factor at the first sign-in: the QR code and key, then the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    let signedIn = false;
    const { router } = renderConsole('/admin/login', {
      'GET /api/staff/me': () =>
        jsonResponse(
          200,
          signedIn ? { staff: moderator, recovery_codes_left: 10 } : { staff: null },
        ),
      'POST /api/staff/login': () =>
        jsonResponse(200, {
          challenge: 'e'.repeat(43),
          step: 'enroll',
          enroll: {
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/Vonkje:mod%40vonkje.test?secret=JBSWY3DPEHPK3PXP',
            qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          },
        }),
      'POST /api/staff/login-code': () => {
        signedIn = true;
        return jsonResponse(200, { staff: moderator, recovery_codes: codes });
      },
    });
    fireEvent.change(await screen.findByLabelText('E-mailadres'), {
      target: { value: moderator.email },
    });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    expect(
      await screen.findByRole('heading', { name: 'Tweestapsverificatie instellen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR-code om Vonkje toe te voegen/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aanmelden' }));
    const list = await screen.findByRole('list', { name: 'Bewaar je herstelcodes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(router.state.location.pathname).toBe('/admin/login');
    fireEvent.click(screen.getByRole('button', { name: 'Ik heb ze bewaard, ga verder' }));
    expect(await screen.findByRole('heading', { name: /Goedendag/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows a staff member only the areas of their roles', async () => {
    renderConsole('/admin', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: moderator }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Beheermenu' });
    expect(within(nav).getByRole('link', { name: /Overzicht/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Logboek/ })).not.toBeInTheDocument();
    expect(screen.getAllByText(/Aangemeld als mod@vonkje.test/).length).toBeGreaterThan(0);
  });

  it('goes back to the sign-in when a staff call is refused and the session turns out to be gone', async () => {
    let session = true;
    const { router } = renderConsole('/admin/audit', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: session ? admin : null }),
      'GET /api/staff/audit': () => {
        // the session ended (elsewhere) just before this call
        session = false;
        return jsonResponse(403, { error: 'forbidden', message: 'Hier heb je geen toegang toe.' });
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Faudit');
  });

  it('signs out: the session ends on the server and the console forgets the staff member', async () => {
    const { router, calls } = renderConsole('/admin', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
      'POST /api/staff/logout': () => jsonResponse(200, { ok: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Afmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/staff/logout')).toBe(true);
  });

  it('asks a staff member without recovery codes to make new ones, with a code of their app, and shows them once', async () => {
    let left = 0;
    const { calls } = renderConsole('/admin', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin, recovery_codes_left: left }),
      'POST /api/staff/recovery-codes': () => {
        left = 10;
        return jsonResponse(200, { recovery_codes: ['abcde-fghjk', 'mnpqr-stuvw'] });
      },
    });
    expect(await screen.findByText('Je hebt geen herstelcodes meer')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe herstelcodes maken' }));
    fireEvent.change(screen.getByLabelText('Code uit je authenticator-app'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Codes maken' }));
    expect(await screen.findByText('abcde-fghjk')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/staff/recovery-codes')?.body).toEqual({
      code: '123456',
    });
    fireEvent.click(screen.getByRole('button', { name: /bewaard/ }));
    await waitFor(() => expect(screen.queryByText('abcde-fghjk')).not.toBeInTheDocument());
    expect(screen.queryByText('Je hebt geen herstelcodes meer')).not.toBeInTheDocument();
  });

  it('reloads a queue when the console’s socket says it changed', async () => {
    const { queryClient } = renderConsole('/admin', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
    });
    await screen.findByRole('heading', { name: /Goedendag/ });
    queryClient.setQueryData(['admin', 'photos', 'queue'], { photos: [] });
    await waitFor(() => expect(staffSocket.handlers.has('queue:changed')).toBe(true));
    act(() => staffSocket.handlers.get('queue:changed')!({ queue: 'photos' }));
    expect(queryClient.getQueryState(['admin', 'photos', 'queue'])?.isInvalidated).toBe(true);
  });

  it('filters the audit log by action, staff member and member, and loads the next page', async () => {
    const { calls, router } = renderConsole('/admin/audit', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
      'GET /api/staff/audit': (call) =>
        jsonResponse(
          200,
          call.url.includes('before=') ? { entries: [], next_before: null } : auditPage,
        ),
    });
    expect(
      await screen.findByText(/admin@vonkje\.test \(#8\) · IP-adres 203\.0\.113\.5/),
    ).toBeInTheDocument();
    expect(screen.getByText('Aangemeld', { selector: 'strong' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Handeling'), { target: { value: 'staff.sign_in' } });
    fireEvent.change(screen.getByLabelText('Medewerker (id)'), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('Lid (id)'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?action=staff.sign_in&actor=8&target=42'),
    );
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/staff/audit?action=staff.sign_in&actor=8&target=42',
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Meer laden' }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/staff/audit?action=staff.sign_in&actor=8&target=42&before=12',
      ),
    );
  });
});

describe('the console’s texts', () => {
  /** Every leaf key of a catalogue, dotted. */
  function leaves(tree: object, prefix = ''): string[] {
    return Object.entries(tree).flatMap(([key, value]) =>
      value && typeof value === 'object'
        ? leaves(value as object, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    );
  }

  it('has every key, non-empty, in all seven languages', async () => {
    const byLanguage: Record<string, Set<string>> = {};
    for (const language of SUPPORTED_LANGUAGES) {
      const parts = await Promise.all(ADMIN_CATALOGUES.map((part) => part[language]()));
      const keys = parts.flatMap((part) => leaves(part.default));
      expect(new Set(keys).size).toBe(keys.length);
      const values = parts.flatMap((part) => JSON.stringify(part.default).match(/"":/g) ?? []);
      expect(values).toEqual([]);
      byLanguage[language] = new Set(keys);
    }
    const dutch = [...byLanguage.nl].sort();
    expect(dutch.length).toBeGreaterThan(50);
    // a plural form the Dutch lacks (Polish _few, _many) stands for its _other
    // (contract/src/plurals.spec.ts checks every language's own forms)
    const asDutch = (key: string) => {
      const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
      return plural && !byLanguage.nl.has(key) && byLanguage.nl.has(`${plural[1]}_other`)
        ? `${plural[1]}_other`
        : key;
    };
    for (const language of SUPPORTED_LANGUAGES) {
      expect([...new Set([...byLanguage[language]].map(asDutch))].sort()).toEqual(dutch);
    }
  });
});
