import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payment, PaymentMethodsResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type RecordedCall, type Responder } from '../../../test/http';
import { userFixture } from '../../../test/fixtures';

const pkg = {
  id: 3,
  slug: 'plus',
  credits: 350,
  price_cents: 2995,
  currency: 'EUR',
  price_per_credit_cents: 8.557,
  tryout: false,
  popular: true,
  best_value: false,
};

const offer: PaymentMethodsResponse = {
  country: 'NL',
  currency: 'EUR',
  package: pkg,
  amount_cents: 2246,
  discount_cents: 749,
  discount_code: 'TIMEBONUS25',
  methods: [
    { id: 'ideal', brands: [], instant: true, issuers: [], can_remember: true },
    {
      id: 'creditcard',
      brands: ['visa', 'mastercard', 'maestro'],
      instant: true,
      issuers: [],
      can_remember: true,
    },
    { id: 'applepay', brands: [], instant: true, issuers: [], can_remember: true },
    { id: 'sdd', brands: [], instant: false, issuers: [], can_remember: false },
  ],
};

const payment = (overrides: Partial<Payment>): Payment => ({
  payment_id: 'pay_0123456789abcdef01234567',
  status: 'pending',
  method: 'ideal',
  bank: null,
  credits: 350,
  amount_cents: 2246,
  currency: 'EUR',
  transaction_costs_cents: 0,
  discount_cents: 749,
  discount_code: 'TIMEBONUS25',
  package_id: 3,
  sequence_type: 'oneoff',
  reversed_cents: 0,
  created_at: '2026-11-24T10:00:00.000Z',
  paid_at: null,
  checkout_url: null,
  ...overrides,
});

/** The checkout's consent to immediate delivery (unticked until the member ticks it). */
const deliveryConsent = () =>
  screen.findByRole('checkbox', { name: /Ik ga ermee akkoord dat de levering direct begint/ });

function render(path: string, routes: Record<string, Responder>) {
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient({ ...userFixture, paid_user: false, credits: 0 });
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

describe('the payment page', () => {
  it('offers the country’s methods without Apple Pay where the browser cannot pay with it, with the discounted total', async () => {
    const { user, calls } = render('/credits/3?code=TIMEBONUS25', {
      'GET /api/payment-methods.php': () => jsonResponse(200, offer),
      'POST /api/payment.php': () => jsonResponse(201, { payment: payment({}) }),
    });
    expect(await screen.findByText('Betaalmogelijkheden laden…')).toBeInTheDocument();
    const ideal = await screen.findByRole('radio', { name: /^iDEAL/ });
    expect(
      screen.getByRole('radio', { name: /Creditcard Visa · Mastercard · Maestro/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Apple Pay/ })).toBeNull();
    expect(screen.getByTestId('order-total')).toHaveTextContent('€ 22,46');
    expect(screen.getByText('Korting (TIMEBONUS25)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kies eerst een betaalmethode' })).toBeDisabled();
    await user.click(ideal);
    await user.click(await deliveryConsent());
    await user.click(screen.getByRole('checkbox', { name: /Onthoud deze betaalmethode/ }));
    await user.click(screen.getByRole('button', { name: 'Betalen met iDEAL' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      package: 3,
      method: 'ideal',
      code: 'TIMEBONUS25',
      remember: true,
      delivery_consent: true,
    });
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pays only once the member ticks the consent to immediate delivery, unticked at first', async () => {
    const { user, calls } = render('/credits/3', {
      'GET /api/payment-methods.php': () => jsonResponse(200, offer),
      'POST /api/payment.php': () => jsonResponse(201, { payment: payment({}) }),
    });
    await user.click(await screen.findByRole('radio', { name: /^iDEAL/ }));
    const consent = await deliveryConsent();
    expect(consent).not.toBeChecked();
    expect(
      within(consent.closest('div')!).getByRole('link', { name: 'Retourbeleid' }),
    ).toHaveAttribute('href', '/return-policy');
    await user.click(screen.getByRole('button', { name: 'Betalen met iDEAL' }));
    expect(await screen.findByText('Geef eerst toestemming voor directe levering.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Betalen met iDEAL' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ delivery_consent: true });
  });

  it('sends direct debit to its own form', async () => {
    const { user, router } = render('/credits/3?code=TIMEBONUS25', {
      'GET /api/payment-methods.php': () => jsonResponse(200, offer),
    });
    await user.click(await screen.findByRole('radio', { name: /^Automatische incasso/ }));
    await user.click(screen.getByRole('button', { name: 'Betalen met Automatische incasso' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/directdebit'));
    expect(router.state.location.search).toBe('?package=3&code=TIMEBONUS25');
  });
});

/** Renders with fake timers, so the client's retries after network errors pass at once. */
function renderWithRetries(path: string, routes: Record<string, Responder>) {
  jest.useFakeTimers();
  const rendered = render(path, routes);
  return { ...rendered, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}
/** Lets every retry of a request go out (REQUEST_RETRIES with their delays). */
const retriesPass = () => act(() => jest.advanceTimersByTimeAsync(20_000));
const keysOf = (calls: RecordedCall[], url: string) =>
  calls
    .filter((c) => c.method === 'POST' && c.url === url)
    .map((c) => c.headers['Idempotency-Key']);

describe('the money calls keep their key until they succeed', () => {
  afterEach(() => jest.useRealTimers());

  const order = {
    order: {
      package: pkg,
      mandates: [
        { id: 11, method: 'creditcard', label: 'Visa •••• 4242' },
        { id: 12, method: 'paypal', label: 'PayPal' },
      ],
    },
  };

  it('sends "buy again" pressed twice after a network error with the same key, another card with a new one, and after a success a new one', async () => {
    let online = false;
    const { user, calls, router } = renderWithRetries('/credits/repeat-order', {
      'GET /api/repeat-order.php': () => jsonResponse(200, order),
      'POST /api/repeat-order.php': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse(201, {
          payment: payment({ method: 'creditcard', sequence_type: 'recurring', status: 'paid' }),
        });
      },
      'GET /api/payment.php': () => jsonResponse(200, { payment: payment({ status: 'paid' }) }),
      'GET /api/user.php': () => jsonResponse(200, { user: { ...userFixture, credits: 350 } }),
    });
    const buy = await screen.findByRole('button', { name: /Opnieuw kopen voor/ });
    await user.click(await deliveryConsent());
    await user.click(buy);
    await retriesPass();
    expect(await screen.findByRole('alert')).toHaveTextContent(/probeer het later opnieuw/);
    await user.click(buy);
    await retriesPass();
    const first = keysOf(calls, '/api/repeat-order.php');
    // each press: the first try and the client's own retries, all with one key
    expect(first.length).toBeGreaterThanOrEqual(4);
    expect(first[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(first)).toEqual(new Set([first[0]]));

    // the member changes the order: another key
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    online = true;
    await user.click(buy);
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?payment=/));
    const paid = keysOf(calls, '/api/repeat-order.php').at(-1);
    expect(paid).not.toBe(first[0]);
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      mandate: 12,
      delivery_consent: true,
    });

    // bought: the same order again is another purchase
    await act(() => router.navigate('/credits/repeat-order'));
    await user.click(await screen.findByRole('radio', { name: /PayPal/ }));
    await user.click(await deliveryConsent());
    await user.click(await screen.findByRole('button', { name: /Opnieuw kopen voor/ }));
    await waitFor(() => expect(keysOf(calls, '/api/repeat-order.php').at(-1)).not.toBe(paid));
  });

  it('pays an order pressed again after a network error with the same key, and a changed method with a new one', async () => {
    let online = false;
    const { user, calls } = renderWithRetries('/credits/3', {
      'GET /api/payment-methods.php': () => jsonResponse(200, offer),
      'POST /api/payment.php': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse(201, { payment: payment({}) });
      },
      'GET /api/payment.php': () => jsonResponse(200, { payment: payment({}) }),
    });
    await user.click(await screen.findByRole('radio', { name: /^iDEAL/ }));
    await user.click(await deliveryConsent());
    await user.click(screen.getByRole('button', { name: 'Betalen met iDEAL' }));
    await retriesPass();
    await user.click(await screen.findByRole('button', { name: 'Betalen met iDEAL' }));
    await retriesPass();
    const ideal = keysOf(calls, '/api/payment.php');
    expect(new Set(ideal)).toEqual(new Set([ideal[0]]));
    expect(ideal.length).toBeGreaterThanOrEqual(4);

    await user.click(screen.getByRole('radio', { name: /^Creditcard/ }));
    online = true;
    await user.click(screen.getByRole('button', { name: 'Betalen met Creditcard' }));
    await waitFor(() => expect(keysOf(calls, '/api/payment.php')).toHaveLength(ideal.length + 1));
    expect(keysOf(calls, '/api/payment.php').at(-1)).not.toBe(ideal[0]);
  });
});

describe('the payment result', () => {
  const result = (p: Payment) =>
    render(`/credits/3/${p.method}?payment=${p.payment_id}`, {
      'GET /api/payment.php': () => jsonResponse(200, { payment: p }),
      'GET /api/user.php': () => jsonResponse(200, { user: { ...userFixture, credits: 350 } }),
    });

  it('says Betaling mislukt and offers another method', async () => {
    result(payment({ status: 'failed' }));
    expect(await screen.findByRole('heading', { name: 'Betaling mislukt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kies een andere betaalmethode' })).toHaveAttribute(
      'href',
      '/credits/3',
    );
  });

  it('offers a retry or PayPal when a stored card is declined', async () => {
    result(payment({ status: 'failed', method: 'creditcard', sequence_type: 'recurring' }));
    expect(
      await screen.findByText(
        'Betaling met je creditcard mislukt. Probeer het opnieuw of betaal met PayPal.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Opnieuw proberen' })).toHaveAttribute(
      'href',
      '/credits/repeat-order',
    );
    expect(screen.getByRole('link', { name: 'Betalen met PayPal' })).toHaveAttribute(
      'href',
      '/credits/3/paypal',
    );
  });

  it('shows a completed payment and reads the user again', async () => {
    const { calls } = result(payment({ status: 'paid', paid_at: '2026-11-24T10:01:00.000Z' }));
    expect(await screen.findByRole('heading', { name: 'Betaling gelukt' })).toBeInTheDocument();
    expect(
      screen.getByText('Bedankt! 350 credits (€ 22,46) staan op je account.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/user.php'))).toBe(true));
  });

  it('explains a slow method while it is pending, with the way back to the checkout', async () => {
    result(payment({ method: 'sct', checkout_url: 'https://pay.example/checkout' }));
    expect(
      await screen.findByRole('heading', { name: 'Betaling in behandeling' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Je betaling met Bankoverschrijving is in behandeling/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verder met betalen' })).toHaveAttribute(
      'href',
      'https://pay.example/checkout',
    );
  });
});

describe('the direct debit form', () => {
  it('checks the IBAN and the consent before sending, with the server’s messages', async () => {
    const { user, calls } = render('/directdebit?package=3', {
      'GET /api/payment-methods.php': () => jsonResponse(200, offer),
    });
    await user.click(await screen.findByRole('button', { name: 'Stuur mij de sms-code' }));
    expect(await screen.findByText('Ongeldig IBAN-nummer.')).toBeInTheDocument();
    expect(screen.getByText('Geef toestemming voor de automatische incasso.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the limit message with the ways out, once the consent to immediate delivery is given too', async () => {
    const { user, calls } = render('/directdebit?package=3', {
      'GET /api/payment-methods.php': () => jsonResponse(200, offer),
      'POST /api/directdebit.php': () =>
        jsonResponse(422, {
          error: 'directdebit_limit_reached',
          message:
            'Limiet voor automatische incasso bereikt. Probeer het later opnieuw, kies een goedkoper pakket of een andere betaalmethode.',
        }),
    });
    await user.type(await screen.findByLabelText(/Naam rekeninghouder/), 'Sanne de Vries');
    await user.type(screen.getByLabelText(/^IBAN/), 'NL91 ABNA 0417 1643 00');
    for (const [label, value] of [
      [/Straat/, 'Oudegracht'],
      [/Huisnummer/, '12'],
      [/Postcode/, '3511 AB'],
      [/Plaats/, 'Utrecht'],
      [/Mobiel nummer/, '0612345678'],
    ] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('checkbox', { name: /Ik machtig Vonkje/ }));
    // the consent to immediate delivery, unticked at first, as at the checkout
    const delivery = await screen.findByRole('checkbox', { name: /levering direct begint/ });
    expect(delivery).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Stuur mij de sms-code' }));
    expect(await screen.findByText('Geef eerst toestemming voor directe levering.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(delivery);
    await user.click(screen.getByRole('button', { name: 'Stuur mij de sms-code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Limiet voor automatische incasso bereikt/,
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      consent: true,
      delivery_consent: true,
    });
    expect(screen.getByRole('link', { name: 'Kies een goedkoper pakket' })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(screen.getByRole('link', { name: 'Kies een andere betaalmethode' })).toHaveAttribute(
      'href',
      '/credits/3',
    );
  });
});

describe('the transactions page', () => {
  it('shows a refund of part of a payment under its amount, in the member’s language', async () => {
    const tx = (overrides: Partial<Payment>) => ({
      ...payment({ status: 'paid', paid_at: '2026-11-24T10:01:00.000Z', ...overrides }),
      package: { slug: 'plus', credits: 350 },
      invoice_number: 'VK-000123',
    });
    render('/transactions', {
      'GET /api/transactions.php': () =>
        jsonResponse(200, {
          transactions: [
            tx({ payment_id: 'pay_partly', reversed_cents: 1000 }),
            tx({ payment_id: 'pay_whole', status: 'refunded', reversed_cents: 2246 }),
          ],
          next_before: null,
        }),
    });
    const partly = (await screen.findByRole('link', { name: 'pay_partly' })).closest('tr')!;
    expect(partly).toHaveTextContent(/−€\s10,00 terugbetaald/);
    expect(partly).toHaveTextContent('Betaald');
    const whole = screen.getByRole('link', { name: 'pay_whole' }).closest('tr')!;
    expect(whole).toHaveTextContent(/−€\s22,46 terugbetaald/);
    expect(whole).toHaveTextContent('Terugbetaald');
  });
});
