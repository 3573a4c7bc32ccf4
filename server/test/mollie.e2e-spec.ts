import * as mollie from './fixtures/mollie';
import { as, createPaymentsTestApp, ledgerMismatches, newMember } from './helpers/payments';
import { startMollieServer, trustSelfSigned, type MollieRequest } from './helpers/mollie-server';
import { WEBHOOK_READ_INTERVAL_MS } from '../src/payments/settlement.service';
import { cookieOf, staffAccount } from './helpers/staff';
import type { TestApp } from './helpers/test-app';

/**
 * The Mollie provider through @mollie/api-client against recorded Mollie answers (a local HTTP
 * server the client's apiEndpoint points at): methods for the amount and country, the create
 * call with our idempotency key, the webhook that only names a payment, refunds and
 * chargebacks embedded in it, stored mandates, and Mollie's refusals.
 */
describe('the Mollie provider', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startMollieServer>>;
  const payments = new Map<string, mollie.PaymentFixture>();
  /** Mollie answers a create with an idempotency key it has seen with the payment it made. */
  const byKey = new Map<string, string>();
  /** And a refund with an idempotency key it has seen with the refund it made. */
  const refundByKey = new Map<string, { id: string; value: string; status: string }>();
  let refuseCreate = false;
  let next = 0;
  let refunds = 0;
  /** The status Mollie gives a refund it makes (a refund can fail at once). */
  let refundStatus = 'pending';
  let untrust: () => void;

  beforeAll(async () => {
    untrust = trustSelfSigned();
    server = await startMollieServer((req: MollieRequest) => {
      if (req.method === 'GET' && req.path === '/v2/methods') {
        const recurring = req.query.sequenceType === 'recurring';
        return {
          status: 200,
          body: mollie.methodsList(
            recurring
              ? ['creditcard', 'paypal']
              : ['ideal', 'creditcard', 'paypal', 'banktransfer', 'applepay', 'giftcard'],
          ),
        };
      }
      if (req.method === 'POST' && req.path === '/v2/payments') {
        if (refuseCreate) {
          return {
            status: 422,
            body: mollie.error(
              422,
              'Unprocessable Entity',
              'The payment method is not activated on your account.',
              'method',
            ),
          };
        }
        const key = String(req.headers['idempotency-key']);
        const made = byKey.get(key);
        if (made) return { status: 201, body: mollie.payment(payments.get(made)!) };
        next += 1;
        const body = req.body as {
          amount: { value: string; currency: string };
          method: string;
          sequenceType: string;
          customerId?: string;
        };
        const fixture: mollie.PaymentFixture = {
          id: `tr_${String(next).padStart(10, 'x')}`,
          value: body.amount.value,
          currency: body.amount.currency,
          status: 'open',
          method: body.method,
          sequenceType: body.sequenceType as 'oneoff',
          customerId: body.customerId,
        };
        payments.set(fixture.id, fixture);
        byKey.set(key, fixture.id);
        return { status: 201, body: mollie.payment(fixture) };
      }
      const refundOf = /^\/v2\/payments\/(tr_\w+)\/refunds$/.exec(req.path);
      if (req.method === 'POST' && refundOf && payments.has(refundOf[1])) {
        // Mollie's Refunds API: one refund per idempotency key, never more than remains
        const fixture = payments.get(refundOf[1])!;
        const key = String(req.headers['idempotency-key']);
        const made = refundByKey.get(key);
        if (made) return { status: 201, body: mollie.refund(fixture.id, made) };
        const amount = (req.body as { amount: { value: string } }).amount.value;
        const refunded = (fixture.refunds ?? [])
          .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
          .reduce((sum, r) => sum + Number(r.value), 0);
        if (fixture.status !== 'paid' || Number(amount) > Number(fixture.value) - refunded + 1e-9) {
          return {
            status: 422,
            body: mollie.error(
              422,
              'Unprocessable Entity',
              'The refund amount exceeds the amount available for refunding.',
              'amount',
            ),
          };
        }
        // refund ids are Mollie's own, unique across payments
        refunds += 1;
        const created = {
          id: `re_${String(refunds).padStart(10, 'r')}`,
          value: amount,
          status: refundStatus,
          description: String(req.body?.description),
        };
        fixture.refunds = [...(fixture.refunds ?? []), created];
        refundByKey.set(key, created);
        return { status: 201, body: mollie.refund(fixture.id, created) };
      }
      const get = /^\/v2\/payments\/(tr_\w+)$/.exec(req.path);
      if (req.method === 'GET' && get && payments.has(get[1])) {
        return { status: 200, body: mollie.payment(payments.get(get[1])!) };
      }
      if (req.method === 'POST' && req.path === '/v2/customers') {
        return { status: 201, body: mollie.customer('cst_4qqhO89gsT', String(req.body?.name)) };
      }
      if (
        req.method === 'GET' &&
        req.path === '/v2/customers/cst_4qqhO89gsT/mandates/mdt_pWUnw6pkBN'
      ) {
        return { status: 200, body: mollie.cardMandate('mdt_pWUnw6pkBN') };
      }
      return undefined;
    });
    t = await createPaymentsTestApp({
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      MOLLIE_API_ENDPOINT: server.endpoint,
      PAYMENT_WEBHOOK_BASE_URL: 'https://vonkje.example',
    });
  });
  afterEach(async () => {
    expect(await ledgerMismatches(t)).toEqual([]);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    untrust();
  });

  const plusId = async () =>
    (await t.prisma.creditPackage.findUniqueOrThrow({ where: { slug: 'plus' } })).id;
  const webhook = (id: string) =>
    t.http().post('/api/payment-webhook.php').type('form').send({ id });
  /** The webhook (answered 200) once 2 s since its last read have passed (moved back, not waited). */
  const webhookLater = async (id: string) => {
    await t.prisma.payment.updateMany({
      where: { providerRef: id },
      data: { webhookReadAt: new Date(Date.now() - WEBHOOK_READ_INTERVAL_MS - 1) },
    });
    await webhook(id).expect(200);
  };
  const credits = async (id: number) =>
    (await t.prisma.user.findUniqueOrThrow({ where: { id } })).credits;
  /** A new member whose card payment of the plus package Mollie reports paid (credited). */
  const paidPlus = async () => {
    const member = await newMember(t);
    const res = await as(t, member)
      .post('/api/payment.php', { package: await plusId(), method: 'creditcard' })
      .expect(201);
    const row = await t.prisma.payment.findUniqueOrThrow({
      where: { paymentId: res.body.payment.payment_id },
    });
    const ref = row.providerRef!;
    const fixture = payments.get(ref)!;
    fixture.status = 'paid';
    await webhook(ref).expect(200);
    return { member, row, ref, fixture };
  };
  /** An admin's refund of a member's payment from the console. */
  const consoleRefund = (
    admin: string,
    paid: { member: { user: { id: number } }; row: { id: number } },
    body: { amount_cents: number; reason: string },
    key: string = crypto.randomUUID(),
  ) =>
    t
      .http()
      .post(`/api/staff/members/${paid.member.user.id}/payments/${paid.row.id}/refund`)
      .set('Cookie', admin)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', key)
      .send(body);

  it('offers what Mollie has active for the amount and country, in the country’s order', async () => {
    const member = await newMember(t);
    const res = await as(t, member)
      .get(`/api/payment-methods.php?package=${await plusId()}`)
      .expect(200);
    // no direct debit: Mollie has no recurring directdebit on; no paysafecard: not activated
    expect(res.body.methods.map((m: { id: string }) => m.id)).toEqual([
      'ideal',
      'creditcard',
      'paypal',
      'applepay',
      'sct',
    ]);
    const asked = server.requests.find(
      (r) => r.path === '/v2/methods' && r.query.sequenceType === 'oneoff',
    )!;
    expect(asked.query).toMatchObject({
      'amount[value]': '29.95',
      'amount[currency]': 'EUR',
      billingCountry: 'NL',
      locale: 'nl_NL',
      includeWallets: 'applepay',
    });
    expect(asked.headers.authorization).toBe('Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM');
  });

  it('creates the payment at Mollie with a key of our own payment, and credits it once when the webhook says paid', async () => {
    const member = await newMember(t);
    const key = crypto.randomUUID();
    const res = await as(t, member)
      .post('/api/payment.php', { package: await plusId(), method: 'ideal' }, key)
      .expect(201);
    expect(res.body.payment.checkout_url).toBe(
      'https://www.mollie.com/checkout/select-issuer/ideal/7UhSN1zuXS',
    );
    const created = server.requests
      .filter((r) => r.method === 'POST' && r.path === '/v2/payments')
      .at(-1)!;
    // the key is our payment's, not the member's (which another member may send too)
    expect(created.headers['idempotency-key']).toBe(`${res.body.payment.payment_id}-payment`);
    expect(created.body).toMatchObject({
      amount: { value: '29.95', currency: 'EUR' },
      method: 'ideal',
      sequenceType: 'oneoff',
      locale: 'nl_NL',
      webhookUrl: 'https://vonkje.example/api/payment-webhook.php',
      metadata: { payment_id: res.body.payment.payment_id },
    });
    expect(String(created.body?.redirectUrl)).toMatch(/\/credits\/\d+\/ideal\?payment=pay_/);
    const ref = (
      await t.prisma.payment.findUniqueOrThrow({
        where: { paymentId: res.body.payment.payment_id },
      })
    ).providerRef!;
    // the webhook body is never trusted: only Mollie's own answer moves the payment
    await webhook(ref).expect(200);
    expect(await credits(member.user.id)).toBe(0);
    payments.get(ref)!.status = 'paid';
    await t.prisma.payment.update({ where: { providerRef: ref }, data: { webhookReadAt: null } });
    await Promise.all([webhook(ref), webhook(ref), webhook(ref)]);
    const read = server.requests.filter((r) => r.path === `/v2/payments/${ref}`);
    expect(read.at(-1)!.query.embed).toBe('refunds,chargebacks');
    expect(await credits(member.user.id)).toBe(350);
    const paid = await as(t, member)
      .get(`/api/payment.php?payment_id=${res.body.payment.payment_id}`)
      .expect(200);
    expect(paid.body.payment).toMatchObject({ status: 'paid', bank: 'INGBNL2A' });
    // the IBAN Mollie reports is evidence of the payer's country
    expect(
      (await t.prisma.payment.findUniqueOrThrow({ where: { providerRef: ref } })).payerCountry,
    ).toBe('NL');

    // a refund of 10.00 (of 29.95) and then a chargeback of the rest, each booked once
    payments.get(ref)!.refunds = [{ id: 're_4qqhO89gsT', value: '10.00', status: 'pending' }];
    await webhookLater(ref);
    await webhookLater(ref);
    expect(await credits(member.user.id)).toBe(350 - 117);
    payments.get(ref)!.chargebacks = [{ id: 'chb_n9z0tp', value: '19.95' }];
    await webhookLater(ref);
    expect(await credits(member.user.id)).toBe(0);
    const after = await as(t, member)
      .get(`/api/payment.php?payment_id=${res.body.payment.payment_id}`)
      .expect(200);
    expect(after.body.payment).toMatchObject({ status: 'refunded', reversed_cents: 2995 });
  });

  it('gives two members who send the same Idempotency-Key each their own Mollie payment', async () => {
    const key = crypto.randomUUID();
    const [a, b] = [await newMember(t), await newMember(t)];
    const first = await as(t, a)
      .post('/api/payment.php', { package: await plusId(), method: 'ideal' }, key)
      .expect(201);
    const second = await as(t, b)
      .post('/api/payment.php', { package: await plusId(), method: 'creditcard' }, key)
      .expect(201);
    const keys = server.requests
      .filter((r) => r.method === 'POST' && r.path === '/v2/payments')
      .slice(-2)
      .map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([
      `${first.body.payment.payment_id}-payment`,
      `${second.body.payment.payment_id}-payment`,
    ]);
    const refs = await Promise.all(
      [first, second].map(async (res) => {
        const row = await t.prisma.payment.findUniqueOrThrow({
          where: { paymentId: res.body.payment.payment_id },
        });
        return row.providerRef;
      }),
    );
    expect(refs[0]).not.toBe(refs[1]);
    expect(payments.get(refs[1]!)!.method).toBe('creditcard');
  });

  it('refunds from the console through Mollie’s Refunds API, once per key, with the credits’ share', async () => {
    const admin = await cookieOf(await staffAccount(t, ['admin']), t);
    const paid = await paidPlus();
    const { member, row, ref } = paid;
    const key = crypto.randomUUID();
    const refund = (amount_cents: number) =>
      consoleRefund(admin, paid, { amount_cents, reason: 'Dubbel betaald, deels terug' }, key);
    const first = await refund(1000).expect(200);
    expect(first.body).toMatchObject({
      refund: { amount_cents: 1000, provider_ref: 're_rrrrrrrrr1', credits_taken: 117 },
      credits: 350 - 117,
      payment: { status: 'paid', reversed_cents: 1000, refundable_cents: 1995 },
    });
    const asked = server.requests.filter((r) => r.path === `/v2/payments/${ref}/refunds`);
    expect(asked).toHaveLength(1);
    expect(asked[0].body).toMatchObject({
      amount: { currency: 'EUR', value: '10.00' },
      description: `Vonkje ${row.paymentId}`,
    });
    const refundKey = String(asked[0].headers['idempotency-key']);
    expect(refundKey).toMatch(/^\d+-refund$/);
    // a replay answers the refund made; Mollie is not asked again
    const again = await refund(1000).expect(200);
    expect(again.body.refund.provider_ref).toBe('re_rrrrrrrrr1');
    expect(server.requests.filter((r) => r.path === `/v2/payments/${ref}/refunds`)).toHaveLength(1);
    // Mollie's own webhook for the refund books nothing more
    await webhookLater(ref);
    expect(await credits(member.user.id)).toBe(350 - 117);
    expect(await t.prisma.paymentReversal.count({ where: { paymentId: row.id } })).toBe(1);
  });

  it('does not book a refund that failed or was cancelled before it was booked', async () => {
    const member = await newMember(t);
    const res = await as(t, member)
      .post('/api/payment.php', { package: await plusId(), method: 'creditcard' })
      .expect(201);
    const ref = (
      await t.prisma.payment.findUniqueOrThrow({
        where: { paymentId: res.body.payment.payment_id },
      })
    ).providerRef!;
    Object.assign(payments.get(ref)!, {
      status: 'paid',
      refunds: [
        { id: 're_failed01', value: '29.95', status: 'failed' },
        { id: 're_cancel01', value: '10.00', status: 'canceled' },
      ],
    });
    await webhook(ref).expect(200);
    await webhookLater(ref);
    expect(await credits(member.user.id)).toBe(350);
    expect(await t.prisma.paymentReversal.count({ where: { payment: { providerRef: ref } } })).toBe(
      0,
    );
    expect(await t.prisma.payment.findUniqueOrThrow({ where: { providerRef: ref } })).toMatchObject(
      { status: 'paid', reversedCents: 0 },
    );
  });

  it('unbooks once a refund Mollie reports failed or canceled after it was booked, and a chargeback the bank reversed', async () => {
    const { member, ref, fixture } = await paidPlus();
    const ledger = async () =>
      (
        await t.prisma.creditLedgerEntry.findMany({
          where: { userId: member.user.id },
          orderBy: { id: 'asc' },
        })
      ).map((row) => [row.reason, row.delta]);
    const stored = () => t.prisma.payment.findUniqueOrThrow({ where: { providerRef: ref } });

    // a refund of 10.00 is booked while pending, then fails at Mollie
    fixture.refunds = [{ id: 're_undo00001', value: '10.00', status: 'pending' }];
    await webhookLater(ref);
    expect(await credits(member.user.id)).toBe(350 - 117);
    fixture.refunds[0].status = 'failed';
    await webhookLater(ref);
    await webhookLater(ref);
    expect(await credits(member.user.id)).toBe(350);
    expect(await stored()).toMatchObject({ status: 'paid', reversedCents: 0 });

    // a refund of the whole, booked, then canceled: the payment stands again, premium with it
    fixture.refunds.push({ id: 're_undo00002', value: '29.95', status: 'queued' });
    await webhookLater(ref);
    expect(await stored()).toMatchObject({ status: 'refunded', reversedCents: 2995 });
    expect(
      (await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } })).paidUser,
    ).toBe(false);
    fixture.refunds[1].status = 'canceled';
    await webhookLater(ref);
    expect(await stored()).toMatchObject({ status: 'paid', reversedCents: 0 });
    expect(
      (await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } })).paidUser,
    ).toBe(true);

    // a chargeback, booked, then reversed by the bank
    fixture.chargebacks = [{ id: 'chb_undo0001', value: '29.95' }];
    await webhookLater(ref);
    expect(await credits(member.user.id)).toBe(0);
    fixture.chargebacks[0].reversedAt = '2026-12-01T10:00:00+00:00';
    await webhookLater(ref);
    await webhookLater(ref);
    expect(await credits(member.user.id)).toBe(350);
    expect(await stored()).toMatchObject({ status: 'paid', reversedCents: 0 });
    expect(await ledger()).toEqual([
      ['purchase', 350],
      ['refund', -117],
      ['refund_undone', 117],
      ['refund', -350],
      ['refund_undone', 350],
      ['refund', -350],
      ['refund_undone', 350],
    ]);
    expect(
      (
        await t.prisma.paymentReversal.findMany({
          where: { payment: { providerRef: ref } },
          orderBy: { id: 'asc' },
        })
      ).map((r) => [r.providerRef, r.undoneAt !== null]),
    ).toEqual([
      ['re_undo00001', true],
      ['re_undo00002', true],
      ['chb_undo0001', true],
    ]);
  });

  it('marks a console refund failed when Mollie reports it failed after it was booked', async () => {
    const admin = await cookieOf(await staffAccount(t, ['admin']), t);
    const paid = await paidPlus();
    const { member, ref, fixture } = paid;
    const made = await consoleRefund(admin, paid, {
      amount_cents: 2995,
      reason: 'Volledig terug op verzoek',
    }).expect(200);
    expect(made.body.payment.status).toBe('refunded');
    const refundRef = made.body.refund.provider_ref as string;
    fixture.refunds!.find((r) => r.id === refundRef)!.status = 'failed';
    await webhookLater(ref);
    expect(
      await t.prisma.paymentRefund.findUniqueOrThrow({ where: { providerRef: refundRef } }),
    ).toMatchObject({ status: 'failed' });
    expect(await credits(member.user.id)).toBe(350);
    const page = await t
      .http()
      .get(`/api/staff/members/${member.user.id}`)
      .set('Cookie', admin)
      .set('X-Request-Type', 'client')
      .expect(200);
    expect(page.body.payments[0]).toMatchObject({ status: 'paid', refundable_cents: 2995 });
    expect(page.body.reversals[0]).toMatchObject({ kind: 'refund', undone_at: expect.any(String) });
  });

  it('answers a console refund Mollie reports failed at once with 422 refund_refused, books nothing and marks it failed', async () => {
    const admin = await cookieOf(await staffAccount(t, ['admin']), t);
    const paid = await paidPlus();
    const { member, row } = paid;
    refundStatus = 'failed';
    try {
      const refused = await consoleRefund(admin, paid, {
        amount_cents: 1000,
        reason: 'Deels terug op verzoek',
      }).expect(422);
      expect(refused.body).toEqual({
        error: 'refund_refused',
        message:
          'De betaaldienst heeft deze terugbetaling geweigerd of afgebroken: er is niets terugbetaald of teruggeboekt.',
      });
    } finally {
      refundStatus = 'pending';
    }
    expect(await t.prisma.paymentRefund.findMany({ where: { paymentId: row.id } })).toEqual([
      expect.objectContaining({ status: 'failed', providerRef: expect.stringMatching(/^re_/) }),
    ]);
    expect(await t.prisma.paymentReversal.count({ where: { paymentId: row.id } })).toBe(0);
    expect(await credits(member.user.id)).toBe(350);
    expect(
      await t.prisma.staffAuditEntry.count({
        where: { targetUserId: member.user.id, action: 'member.payment_refunded' },
      }),
    ).toBe(0);
  });

  it('keeps the card’s country Mollie reports on the payment, and books the invoice’s VAT by it', async () => {
    const member = await newMember(t);
    const res = await as(t, member)
      .post('/api/payment.php', { package: await plusId(), method: 'creditcard' })
      .expect(201);
    const paymentId = res.body.payment.payment_id as string;
    const ref = (await t.prisma.payment.findUniqueOrThrow({ where: { paymentId } })).providerRef!;
    Object.assign(payments.get(ref)!, { status: 'paid', details: mollie.cardDetails('DE') });
    await webhook(ref).expect(200);
    const stored = await t.prisma.payment.findUniqueOrThrow({ where: { paymentId } });
    expect(stored).toMatchObject({ countryCode: 'NL', payerCountry: 'DE' });
    const invoice = (
      await as(t, member).get(`/api/transaction.php?payment_id=${paymentId}`).expect(200)
    ).body.invoice;
    expect(invoice).toMatchObject({ vat_rate: 19, vat_cents: 478, buyer: { country: 'DE' } });
  });

  it('stores the card of a first payment for repeat orders', async () => {
    const member = await newMember(t);
    const res = await as(t, member)
      .post('/api/payment.php', { package: await plusId(), method: 'creditcard', remember: true })
      .expect(201);
    expect(res.body.payment.sequence_type).toBe('first');
    const ref = (
      await t.prisma.payment.findUniqueOrThrow({
        where: { paymentId: res.body.payment.payment_id },
      })
    ).providerRef!;
    expect(payments.get(ref)!.customerId).toBe('cst_4qqhO89gsT');
    Object.assign(payments.get(ref)!, { status: 'paid', mandateId: 'mdt_pWUnw6pkBN' });
    await webhook(ref).expect(200);
    const order = await as(t, member).get('/api/repeat-order.php').expect(200);
    expect(order.body.order.mandates).toEqual([
      expect.objectContaining({ method: 'creditcard', label: 'Mastercard •••• 6787' }),
    ]);
  });

  it('answers a payment Mollie refuses with 502 and a message, and an unknown id calmly', async () => {
    const member = await newMember(t);
    refuseCreate = true;
    try {
      const res = await as(t, member)
        .post('/api/payment.php', { package: await plusId(), method: 'paypal' })
        .expect(502);
      expect(res.body).toMatchObject({
        error: 'payment_provider_error',
        message: 'De betaaldienst is even niet bereikbaar. Probeer het zo opnieuw.',
      });
    } finally {
      refuseCreate = false;
    }
    await webhook('tr_unknown').expect(200);
  });
});
