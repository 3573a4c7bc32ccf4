import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompanyInfoValues, StaffGift, StaffInvite, StaffPackage } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { deferred, jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { staffAdmin as admin } from '../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const invite: StaffInvite = {
  id: 3,
  code: 'WELKOM-2027',
  state: 'open',
  expires_at: null,
  used_at: null,
  revoked_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const pkg: StaffPackage = {
  id: 11,
  slug: 'basis',
  credits: 100,
  price_cents: 1495,
  currency: 'EUR',
  prices: [{ currency: 'GBP', price_cents: 1295 }],
  tryout: false,
  popular: true,
  active: true,
  position: 1,
  in_use: true,
  replaces_id: null,
};

const rose: StaffGift = {
  id: 5,
  slug: 'rose',
  names: { nl: 'Roos', en: 'Rose', de: 'Rose', es: 'Rosa', fr: 'Rose', it: 'Rosa', pl: 'Róża' },
  image: 'rose.svg',
  credits: 20,
  position: 0,
  active: true,
};

const company: CompanyInfoValues = {
  name: 'Vonkje B.V.',
  address: 'Stationsplein 1',
  kvk: '12345678',
  city: 'Utrecht',
  country: 'Nederland',
  tradenames: ['Vonkje'],
  vat_numbers: ['NL123456789B01'],
  support_phone: '+31 30 207 4455',
  delete_discount: null,
};

function renderCatalogue(path: string, routes: Record<string, Responder>) {
  const http = mockFetch({
    'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
    ...routes,
  });
  const queryClient = seededQueryClient();
  renderRoutes(createRoutes(queryClient), { path, queryClient });
  return http;
}

describe('the catalogue (admins)', () => {
  it('is in the console navigation and opens on the invite codes, with their empty state', async () => {
    renderCatalogue('/admin/catalogue', {
      'GET /api/staff/catalogue/invites': () => jsonResponse(200, { invites: [] }),
    });
    expect(await screen.findByRole('heading', { name: 'Uitnodigingscodes' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Beheermenu' });
    expect(within(menu).getByRole('link', { name: /Catalogus/ })).toHaveAttribute(
      'href',
      '/admin/catalogue',
    );
    const tabs = screen.getByRole('navigation', { name: 'Onderdelen van de catalogus' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Uitnodigingen', 'Kortingscodes', 'Pakketten', 'Cadeaus', 'Bedrijfsgegevens']);
    expect(await screen.findByText('Er zijn nog geen uitnodigingscodes.')).toBeInTheDocument();
  }, 30_000);

  it('makes invite codes once however often the button is clicked, then lists them', async () => {
    const answer = deferred();
    let invites: StaffInvite[] = [];
    const { calls } = renderCatalogue('/admin/catalogue/invites', {
      'GET /api/staff/catalogue/invites': () => jsonResponse(200, { invites }),
      'POST /api/staff/catalogue/invites': () => answer.promise,
    });
    fireEvent.change(await screen.findByLabelText('Aantal codes'), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByLabelText('Geldig (dagen)'), { target: { value: '30' } });
    const submit = screen.getByRole('button', { name: 'Codes maken' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.click(await screen.findByRole('button', { name: /Bezig met opslaan/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      count: 2,
      expires_in_days: 30,
    });
    invites = [invite, { ...invite, id: 4, code: 'ABCD-EFGH' }];
    answer.resolve(jsonResponse(201, { invites }));
    expect(await screen.findByText('2 codes gemaakt: WELKOM-2027, ABCD-EFGH')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'ABCD-EFGH' })).toBeInTheDocument();
  }, 30_000);

  it('revokes an open invite code', async () => {
    let invites = [invite];
    const { calls } = renderCatalogue('/admin/catalogue/invites', {
      'GET /api/staff/catalogue/invites': () => jsonResponse(200, { invites }),
      'POST /api/staff/catalogue/invites/3/revoke': () => {
        invites = [{ ...invite, state: 'revoked', revoked_at: '2026-11-26T10:00:00.000Z' }];
        return jsonResponse(200, { invite: invites[0] });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Code WELKOM-2027 intrekken' }));
    expect(await screen.findByText('Ingetrokken')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/invites/3/revoke'))).toBe(true);
    expect(screen.queryByRole('button', { name: /intrekken/ })).not.toBeInTheDocument();
  }, 30_000);

  it("shows the server's refusal of a discount code next to its field", async () => {
    const { calls } = renderCatalogue('/admin/catalogue/discounts', {
      'GET /api/staff/catalogue/discounts': () => jsonResponse(200, { discounts: [] }),
      'POST /api/staff/catalogue/discounts': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer de gemarkeerde velden.',
          issues: [{ field: 'value_percentage', message: 'Mag hoogstens 100 zijn.' }],
        }),
    });
    fireEvent.change(await screen.findByLabelText('Code'), {
      target: { value: 'zomer20' },
    });
    const percentage = screen.getByLabelText('Korting (%)');
    fireEvent.change(percentage, { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Vanaf bedrag'), { target: { value: '10,50' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'ideal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Kortingscode maken' }));
    const problem = await screen.findByText('Mag hoogstens 100 zijn.');
    expect(percentage).toHaveClass('is-invalid');
    expect(percentage).toHaveAttribute('aria-describedby', problem.id);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      code: 'zomer20',
      value_percentage: 150,
      minimum_order_cents: 1050,
      payment_methods: ['ideal'],
      country: null,
      validity: 'once_per_user',
    });
    expect(screen.getByText('Er zijn nog geen kortingscodes.')).toBeInTheDocument();
  }, 30_000);

  it('lists packages per currency, and a change sends only what changed', async () => {
    const { calls } = renderCatalogue('/admin/catalogue/packages', {
      'GET /api/staff/catalogue/packages': () => jsonResponse(200, { packages: [pkg] }),
      'PATCH /api/staff/catalogue/packages/11': (call) =>
        jsonResponse(200, { package: { ...pkg, ...(call.body as object), id: 12 } }),
    });
    expect(await screen.findByRole('heading', { name: 'Pakketten in EUR' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'basis bewerken' }));
    const form = screen.getByRole('form', { name: 'Pakket basis bewerken' });
    expect(within(form).getByText(/nieuwe versie/)).toBeInTheDocument();
    fireEvent.change(within(form).getAllByLabelText('Prijs')[0], { target: { value: '16,95' } });
    fireEvent.click(within(form).getByRole('switch', { name: 'Populair' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      price_cents: 1695,
      popular: false,
    });
  }, 30_000);

  it('makes a package with a price typed with a comma and a price in another currency', async () => {
    const { calls } = renderCatalogue('/admin/catalogue/packages', {
      'GET /api/staff/catalogue/packages': () => jsonResponse(200, { packages: [] }),
      'POST /api/staff/catalogue/packages': (call) =>
        jsonResponse(201, { package: { ...pkg, ...(call.body as object) } }),
    });
    expect(await screen.findByText('Er zijn nog geen pakketten.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pakket maken' }));
    const form = screen.getByRole('form', { name: 'Pakket maken' });
    fireEvent.change(within(form).getByLabelText('Naam (slug)'), { target: { value: 'zomer' } });
    fireEvent.change(within(form).getByLabelText('Credits'), { target: { value: '200' } });
    fireEvent.change(within(form).getByLabelText('Prijs'), { target: { value: '19,95' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Prijs toevoegen' }));
    fireEvent.change(within(form).getAllByLabelText('Valuta')[1], { target: { value: 'gbp' } });
    fireEvent.change(within(form).getAllByLabelText('Prijs')[1], { target: { value: '17.95' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pakket maken' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      slug: 'zomer',
      credits: 200,
      price_cents: 1995,
      currency: 'EUR',
      prices: [{ currency: 'GBP', price_cents: 1795 }],
      tryout: false,
      popular: false,
      position: 0,
    });
  }, 30_000);

  it('makes a gift with its name in all seven languages, and shows a missing one at its field', async () => {
    let attempt = 0;
    const { calls } = renderCatalogue('/admin/catalogue/gifts', {
      'GET /api/staff/catalogue/gifts': () =>
        jsonResponse(200, { gifts: [rose], image_prefix: 'https://cdn.vonkje.test/media/gifts/' }),
      'POST /api/staff/catalogue/gifts': (call) =>
        ++attempt === 1
          ? jsonResponse(400, {
              error: 'validation_failed',
              message: 'Controleer de gemarkeerde velden.',
              issues: [{ field: 'names.pl', message: 'Vul dit veld in.' }],
            })
          : jsonResponse(201, { gift: { ...rose, ...(call.body as object), id: 6 } }),
    });
    expect(await screen.findByText('Roos')).toBeInTheDocument();
    // the previews come from where the site serves media (cdn_prefix)
    const preview = screen.getByText('Roos').closest('li')!.querySelector('img');
    expect(preview?.getAttribute('src')).toBe(`https://cdn.vonkje.test/media/gifts/${rose.image}`);
    fireEvent.click(screen.getByRole('button', { name: 'Cadeau maken' }));
    const form = screen.getByRole('form', { name: 'Cadeau maken' });
    fireEvent.change(within(form).getByLabelText('Naam (slug)'), { target: { value: 'kus' } });
    fireEvent.change(within(form).getByLabelText('Prijs in credits'), { target: { value: '30' } });
    const names = { nl: 'Kus', en: 'Kiss', de: 'Kuss', es: 'Beso', fr: 'Bisou', it: 'Bacio' };
    const inputs = within(form)
      .getAllByLabelText(/^Naam \(/)
      .filter((input) => input.hasAttribute('lang'));
    expect(inputs).toHaveLength(7);
    for (const input of inputs) {
      const lang = input.getAttribute('lang') as keyof typeof names;
      if (names[lang]) fireEvent.change(input, { target: { value: names[lang] } });
    }
    fireEvent.change(within(form).getByLabelText('Afbeelding'), { target: { value: 'kiss.svg' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cadeau maken' }));
    expect(await within(form).findByText('Vul dit veld in.')).toBeInTheDocument();
    const polish = inputs.find((input) => input.getAttribute('lang') === 'pl')!;
    expect(polish).toHaveClass('is-invalid');
    fireEvent.change(polish, { target: { value: 'Buziak' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cadeau maken' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1].body).toEqual({
      slug: 'kus',
      names: { ...names, pl: 'Buziak' },
      image: 'kiss.svg',
      credits: 30,
      position: 0,
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Cadeau maken' })).not.toBeInTheDocument(),
    );
  }, 30_000);

  it('edits the company details, one trade name and VAT number a line', async () => {
    const { calls } = renderCatalogue('/admin/catalogue/company', {
      'GET /api/staff/catalogue/company': () => jsonResponse(200, { companyinfo: company }),
      'PUT /api/staff/catalogue/company': (call) =>
        jsonResponse(200, { companyinfo: call.body as CompanyInfoValues }),
    });
    const tradenames = await screen.findByLabelText('Handelsnamen');
    fireEvent.change(tradenames, { target: { value: 'Vonkje\n\n Sparkle \n' } });
    fireEvent.change(screen.getByLabelText('Btw-nummers'), {
      target: { value: 'nl123456789b01\nBE 0123456789' },
    });
    fireEvent.change(screen.getByLabelText('Plaats'), { target: { value: 'Amersfoort' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Opgeslagen.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      ...company,
      city: 'Amersfoort',
      tradenames: ['Vonkje', 'Sparkle'],
      vat_numbers: ['NL123456789B01', 'BE0123456789'],
    });
  }, 30_000);

  it('shows a refused deletion offer at its field, and a form for company details not filled in yet', async () => {
    renderCatalogue('/admin/catalogue/company', {
      'GET /api/staff/catalogue/company': () => jsonResponse(200, { companyinfo: null }),
      'PUT /api/staff/catalogue/company': () =>
        jsonResponse(404, {
          error: 'not_found',
          message: 'Niet gevonden.',
          field: 'delete_discount',
        }),
    });
    expect(
      await screen.findByText('Er zijn nog geen bedrijfsgegevens. Vul ze in en sla ze op.', {}),
    ).toBeInTheDocument();
    const offer = screen.getByLabelText('Kortingscode bij verwijderen');
    fireEvent.change(offer, { target: { value: 'BESTAATNIET' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Niet gevonden.')).toBeInTheDocument();
    expect(offer).toHaveClass('is-invalid');
  }, 30_000);

  it('says when a list cannot be read, and reads it again on request', async () => {
    let fail = true;
    renderCatalogue('/admin/catalogue/gifts', {
      'GET /api/staff/catalogue/gifts': () =>
        fail
          ? jsonResponse(500, { error: 'internal_error', message: 'Er ging iets mis.' })
          : jsonResponse(200, { gifts: [], image_prefix: '/media/gifts/' }),
    });
    const retry = await screen.findByRole(
      'button',
      { name: 'Opnieuw proberen' },
      { timeout: 20_000 },
    );
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Er zijn nog geen cadeaus.')).toBeInTheDocument();
  }, 40_000);
});
