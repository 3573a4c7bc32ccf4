import { randomUUID } from 'node:crypto';
import { TIME_BONUS_WINDOW_S, type Payment } from '@app/contract';
import { CreditsService } from '../src/credits';
import {
  as,
  checkout,
  createPaymentsTestApp,
  ledgerMismatches,
  newMember,
  paymentStatus,
  sandboxRef as sandboxRefOf,
  startPayment,
  webhook as webhookCall,
  webhookLater as webhookLaterCall,
  type Member,
} from './helpers/payments';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../src/payments/providers/payment-provider';
import { connect, eventually } from './helpers/sockets';
import type { TestApp } from './helpers/test-app';

/**
 * Payments through the sandbox provider over real HTTP: its checkout page, its webhook calls,
 * the return check; credits exactly once; refunds, discounts and the welcome code.
 */
describe('payments', () => {
  let t: TestApp;
  let tryout: { id: number; credits: number; priceCents: number };
  let plus: { id: number; credits: number; priceCents: number };
  beforeAll(async () => {
    t = await createPaymentsTestApp({ DB_POOL_SIZE: '20' });
    const packages = await t.prisma.creditPackage.findMany();
    const pick = (slug: string) => {
      const p = packages.find((row) => row.slug === slug)!;
      return { id: p.id, credits: p.credits, priceCents: p.priceCents };
    };
    tryout = pick('tryout');
    plus = pick('plus');
  });
  afterEach(async () => {
    // the ledger adds up to the balance of every member, whatever the test did
    expect(await ledgerMismatches(t)).toEqual([]);
  });
  afterAll(() => t.close());

  const start = (member: Member, body: object, key?: string) => startPayment(t, member, body, key);
  const status = (member: Member, paymentId: string) => paymentStatus(t, member, paymentId);
  const user = (id: number) => t.prisma.user.findUniqueOrThrow({ where: { id } });
  const purchases = (paymentId: string) =>
    t.prisma.creditLedgerEntry.count({ where: { payment: { paymentId }, reason: 'purchase' } });
  const sandboxRef = (paymentId: string) => sandboxRefOf(t, paymentId);
  const webhook = (ref: string) => webhookCall(t, ref);
  /** The webhook (answered 200) once 2 s since its last read have passed (moved back, not waited). */
  const webhookLater = async (id: string) => {
    expect((await webhookLaterCall(t, id)).status).toBe(200);
  };

  describe('packages (packages.php)', () => {
    it('shows visitors the packages in euros with the price per credit and one best value', async () => {
      const res = await t.http().get('/api/packages.php').expect(200);
      expect(res.body.country).toBe('NL');
      expect(res.body.currency).toBe('EUR');
      const list = res.body.packages as {
        slug: string;
        price_cents: number;
        best_value: boolean;
      }[];
      expect(list.map((p) => p.slug)).toEqual(['tryout', 'starter', 'plus', 'premium', 'vip']);
      expect(list.find((p) => p.slug === 'tryout')).toMatchObject({
        price_cents: 495,
        price_per_credit_cents: 8.25,
      });
      expect(list.filter((p) => p.best_value).map((p) => p.slug)).toEqual(['vip']);
    });

    it('prices the packages in the currency of the country asked for, and of the member', async () => {
      const gb = await t.http().get('/api/packages.php?country=gb').expect(200);
      expect(gb.body).toMatchObject({ country: 'GB', currency: 'GBP' });
      expect(gb.body.packages[0]).toMatchObject({
        slug: 'tryout',
        price_cents: 449,
        currency: 'GBP',
      });
      const pole = await newMember(t, { country: 'PL' });
      const pl = await as(t, pole).get('/api/packages.php?country=GB').expect(200);
      expect(pl.body).toMatchObject({ country: 'PL', currency: 'PLN' });
    });
  });

  describe('checkout with the sandbox provider', () => {
    it('credits a package paid at the checkout page once, makes the member premium and gives an invoice', async () => {
      const member = await newMember(t);
      const methods = await as(t, member)
        .get(`/api/payment-methods.php?package=${plus.id}`)
        .expect(200);
      expect(methods.body.methods.map((m: { id: string }) => m.id)).toEqual([
        'ideal',
        'creditcard',
        'paypal',
        'applepay',
        'sdd',
        'sct',
        'paysafecard',
      ]);
      const payment = await start(member, { package: plus.id, method: 'ideal' });
      expect(payment).toMatchObject({ status: 'pending', amount_cents: 2995, credits: 350 });
      expect(payment.checkout_url).toMatch(/\/sandbox\/checkout\/sbx_tr_/);
      const page = await t.http().get(new URL(payment.checkout_url!).pathname).expect(200);
      expect(page.text).toContain('Kies je bank');
      const done = await checkout(t, payment.checkout_url!, { action: 'paid', bank: 'ING' }).expect(
        303,
      );
      expect(done.headers.location).toBe(
        `${t.config.APP_URL}/credits/${plus.id}/ideal?payment=${payment.payment_id}`,
      );
      // the webhook has already booked it; the return check reads the same
      const paid = await status(member, payment.payment_id);
      expect(paid).toMatchObject({ status: 'paid', bank: 'ING' });
      expect(await user(member.user.id)).toMatchObject({ credits: 350, paidUser: true });
      const me = await as(t, member).get('/api/user.php').expect(200);
      expect(me.body.user).toMatchObject({ credits: 350, paid_user: true });
      const tx = await as(t, member)
        .get(`/api/transaction.php?payment_id=${payment.payment_id}`)
        .expect(200);
      expect(tx.body.transaction).toMatchObject({ method: 'ideal', bank: 'ING', credits: 350 });
      expect(tx.body.transaction.invoice_number).toMatch(/^VK-\d{6}$/);
      expect(tx.body.invoice).toMatchObject({ total_cents: 2995, vat_rate: 21, vat_cents: 520 });
    });

    it('tells the member’s open tabs the new balance the moment the payment is booked', async () => {
      const member = await newMember(t);
      const tab = await connect(t.config.APP_URL!, member.cookie);
      try {
        const payment = await start(member, { package: tryout.id, method: 'ideal' });
        await checkout(t, payment.checkout_url!, { action: 'paid', bank: 'ING' }).expect(303);
        expect(await tab.waitFor('credits:changed')).toEqual([{ credits: tryout.credits }]);
      } finally {
        tab.close();
      }
    });

    it('makes one payment of one Idempotency-Key however often it is sent, and asks for a key', async () => {
      const member = await newMember(t);
      const key = randomUUID();
      const [a, b] = await Promise.all([
        as(t, member).post('/api/payment.php', { package: tryout.id, method: 'creditcard' }, key),
        as(t, member).post('/api/payment.php', { package: tryout.id, method: 'creditcard' }, key),
      ]);
      const again = await start(member, { package: tryout.id, method: 'creditcard' }, key);
      const ids = [a, b].filter((r) => r.status === 201).map((r) => r.body.payment.payment_id);
      expect(new Set([...ids, again.payment_id]).size).toBe(1);
      expect(await t.prisma.payment.count({ where: { userId: member.user.id } })).toBe(1);
      expect(
        await t.prisma.sandboxPayment.count({
          where: {
            description: { contains: '60 credits' },
            idempotencyKey: `${again.payment_id}-payment`,
          },
        }),
      ).toBe(1);
      const missing = await as(t, member)
        .post('/api/payment.php', { package: tryout.id, method: 'creditcard' }, null)
        .expect(400);
      expect(missing.body.error).toBe('idempotency_key_required');
    });

    it('gives two members who send the same Idempotency-Key each their own payment, under different keys at the provider', async () => {
      const key = randomUUID();
      const [a, b] = [await newMember(t), await newMember(t)];
      const first = await start(a, { package: tryout.id, method: 'creditcard' }, key);
      const second = await start(b, { package: plus.id, method: 'ideal' }, key);
      expect(second.payment_id).not.toBe(first.payment_id);
      expect(second).toMatchObject({ amount_cents: plus.priceCents, status: 'pending' });
      const [pa, pb] = await Promise.all(
        [first, second].map((p) =>
          t.prisma.payment.findUniqueOrThrow({ where: { paymentId: p.payment_id } }),
        ),
      );
      expect(pa.userId).toBe(a.user.id);
      expect(pb.userId).toBe(b.user.id);
      const [sa, sb] = await Promise.all(
        [pa, pb].map((p) =>
          t.prisma.sandboxPayment.findUniqueOrThrow({ where: { ref: p.providerRef! } }),
        ),
      );
      expect(sa.idempotencyKey).toBe(`${pa.paymentId}-payment`);
      expect(sb.idempotencyKey).toBe(`${pb.paymentId}-payment`);
      expect(sb.amountCents).toBe(plus.priceCents);
      // paying the second member's payment credits the second member only
      await checkout(t, second.checkout_url!, { action: 'paid' }).expect(303);
      expect((await user(b.user.id)).credits).toBe(plus.credits);
      expect((await user(a.user.id)).credits).toBe(0);
    });

    it('reads a payment once for many webhook calls at once, and books a change made meanwhile when the provider calls again', async () => {
      const member = await newMember(t);
      const payment = await start(member, { package: tryout.id, method: 'ideal' });
      const ref = await sandboxRef(payment.payment_id);
      const provider = t.app.get<PaymentProvider>(PAYMENT_PROVIDER);
      const reads = jest.spyOn(provider, 'getPayment');
      try {
        const calls = await Promise.all(Array.from({ length: 20 }, () => webhook(ref)));
        expect(calls.filter((r) => r.status === 200)).toHaveLength(1);
        const turnedAway = calls.filter((r) => r.status === 429);
        expect(turnedAway).toHaveLength(19);
        expect(turnedAway[0].body.error).toBe('rate_limited');
        expect(turnedAway[0].headers['retry-after']).toBe('2');
        expect(reads.mock.calls.filter(([r]) => r === ref)).toHaveLength(1);
        // the payer pays now: the sandbox's webhook comes within the 2 s and is turned away, so
        // the sandbox calls again 2 s later, and that call reads and books it
        await checkout(t, payment.checkout_url!, { action: 'paid' }).expect(303);
        expect(await purchases(payment.payment_id)).toBe(0);
        await eventually(async () => (await purchases(payment.payment_id)) === 1, 6000);
        expect((await user(member.user.id)).credits).toBe(tryout.credits);
        expect(reads.mock.calls.filter(([r]) => r === ref)).toHaveLength(2);
      } finally {
        reads.mockRestore();
      }
    });

    it('credits once when the webhook comes three times at the same moment as two return checks', async () => {
      const member = await newMember(t);
      const payment = await start(member, { package: tryout.id, method: 'creditcard' });
      const ref = await sandboxRef(payment.payment_id);
      // the provider has it paid; its webhook calls and the member's return arrive together
      await t.prisma.sandboxPayment.update({ where: { ref }, data: { status: 'paid' } });
      const results = await Promise.all([
        webhook(ref),
        webhook(ref),
        webhook(ref),
        as(t, member).get(`/api/payment.php?payment_id=${payment.payment_id}`),
        as(t, member).get(`/api/payment.php?payment_id=${payment.payment_id}`),
      ]);
      // one of the webhook calls reads; the others, within 2 s of it, are sent to call again
      expect(
        results
          .slice(0, 3)
          .map((r) => r.status)
          .sort(),
      ).toEqual([200, 429, 429]);
      expect(results.slice(3).map((r) => r.status)).toEqual([200, 200]);
      expect(await purchases(payment.payment_id)).toBe(1);
      expect((await user(member.user.id)).credits).toBe(tryout.credits);
      await webhookLater(ref);
      expect((await status(member, payment.payment_id)).status).toBe('paid');
      expect((await user(member.user.id)).credits).toBe(tryout.credits);
    });

    it('credits a payment the provider reports paid after it had expired, once', async () => {
      const member = await newMember(t);
      const payment = await start(member, { package: tryout.id, method: 'paypal' });
      await checkout(t, payment.checkout_url!, { action: 'expired' }).expect(303);
      expect((await status(member, payment.payment_id)).status).toBe('expired');
      expect((await user(member.user.id)).credits).toBe(0);
      const ref = await sandboxRef(payment.payment_id);
      await t.prisma.sandboxPayment.update({ where: { ref }, data: { status: 'paid' } });
      await webhookLater(ref);
      await webhookLater(ref);
      expect((await status(member, payment.payment_id)).status).toBe('paid');
      expect(await purchases(payment.payment_id)).toBe(1);
      expect((await user(member.user.id)).credits).toBe(tryout.credits);
    });

    it('books a failed and a cancelled payment without credits and keeps the member free', async () => {
      const member = await newMember(t);
      const failed = await start(member, { package: tryout.id, method: 'ideal' });
      await checkout(t, failed.checkout_url!, { action: 'failed' }).expect(303);
      const cancelled = await start(member, { package: tryout.id, method: 'creditcard' });
      await checkout(t, cancelled.checkout_url!, { action: 'canceled' }).expect(303);
      expect((await status(member, failed.payment_id)).status).toBe('failed');
      expect((await status(member, cancelled.payment_id)).status).toBe('cancelled');
      expect(await user(member.user.id)).toMatchObject({ credits: 0, paidUser: false });
    });

    it('leaves a payment the payer left open pending, and reads it again on return', async () => {
      const member = await newMember(t);
      const payment = await start(member, { package: tryout.id, method: 'ideal' });
      await checkout(t, payment.checkout_url!, { action: 'open' }).expect(303);
      const open = await status(member, payment.payment_id);
      expect(open.status).toBe('pending');
      expect(open.checkout_url).toBe(payment.checkout_url);
    });

    it('refuses a method the country does not offer and a package that does not exist', async () => {
      const member = await newMember(t);
      const res = await as(t, member)
        .post('/api/payment.php', { package: tryout.id, method: 'bancontact' })
        .expect(422);
      expect(res.body.message).toBe(
        'Deze betaalmethode is nu niet beschikbaar. Kies een andere betaalmethode.',
      );
      await as(t, member)
        .post('/api/payment.php', { package: 999999, method: 'ideal' })
        .expect(404);
      await as(t, member)
        .post('/api/payment.php', { package: tryout.id, method: 'giropay' })
        .expect(422);
    });

    it('answers the webhook 200 for an unknown id and changes nothing; 400 without an id', async () => {
      await webhook('tr_unknown').expect(200, { ok: true });
      await t.http().post('/api/payment-webhook.php').type('form').send({}).expect(400);
    });

    it('never shows a payment to another member', async () => {
      const owner = await newMember(t);
      const other = await newMember(t);
      const payment = await start(owner, { package: tryout.id, method: 'ideal' });
      await as(t, other).get(`/api/payment.php?payment_id=${payment.payment_id}`).expect(404);
      await as(t, other).get(`/api/transaction.php?payment_id=${payment.payment_id}`).expect(404);
      const list = await as(t, other).get('/api/transactions.php').expect(200);
      expect(list.body.transactions).toEqual([]);
      await t.http().get('/api/transactions.php').expect(403);
    });
  });

  describe('the billing country (security review 2026-11-25, L6)', () => {
    /** The member moves their profile to another country (as the profile form saves it). */
    async function moveProfile(member: Member, country: string) {
      const own = (await as(t, member).get('/api/profile.php').expect(200)).body.profile as {
        name: string;
        gender: string;
        date_of_birth: string;
      };
      await t
        .http()
        .put('/api/profile.php')
        .set('Cookie', member.cookie)
        .set('X-Request-Type', 'client')
        .send({
          name: own.name,
          gender: own.gender,
          date_of_birth: own.date_of_birth,
          country,
        })
        .expect(200);
    }
    const invoiceOf = async (member: Member, paymentId: string) =>
      (await as(t, member).get(`/api/transaction.php?payment_id=${paymentId}`).expect(200)).body
        .invoice;

    it('keeps the price list, currency and VAT country of the first paid payment when the profile country changes after it', async () => {
      const member = await newMember(t);
      const first = await start(member, { package: tryout.id, method: 'ideal' });
      await checkout(t, first.checkout_url!, { action: 'paid', bank: 'ING' }).expect(303);
      await moveProfile(member, 'GB');
      const packages = await as(t, member).get('/api/packages.php').expect(200);
      expect(packages.body).toMatchObject({ country: 'NL', currency: 'EUR' });
      expect(packages.body.packages[0]).toMatchObject({ slug: 'tryout', price_cents: 495 });
      const methods = await as(t, member)
        .get(`/api/payment-methods.php?package=${tryout.id}`)
        .expect(200);
      expect(methods.body).toMatchObject({ country: 'NL', currency: 'EUR' });
      // a payment made after the move: euros, Dutch VAT (PayPal tells no country)
      const second = await start(member, { package: tryout.id, method: 'paypal' });
      expect(second).toMatchObject({ currency: 'EUR', amount_cents: 495 });
      await checkout(t, second.checkout_url!, { action: 'paid' }).expect(303);
      expect(await invoiceOf(member, second.payment_id)).toMatchObject({
        currency: 'EUR',
        vat_rate: 21,
        vat_cents: 86,
        buyer: { country: 'NL' },
      });
    });

    it('follows the profile country until the first payment is paid', async () => {
      const member = await newMember(t);
      // a checkout opened and left: nothing is fixed yet
      await start(member, { package: tryout.id, method: 'ideal' });
      await moveProfile(member, 'GB');
      const packages = await as(t, member).get('/api/packages.php').expect(200);
      expect(packages.body).toMatchObject({ country: 'GB', currency: 'GBP' });
    });

    it('books the invoice’s VAT in the country of the card the provider reports', async () => {
      const member = await newMember(t);
      const payment = await start(member, { package: tryout.id, method: 'creditcard' });
      await checkout(t, payment.checkout_url!, { action: 'paid', card_country: 'DE' }).expect(303);
      expect(
        (await t.prisma.payment.findUniqueOrThrow({ where: { paymentId: payment.payment_id } }))
          .payerCountry,
      ).toBe('DE');
      expect(await invoiceOf(member, payment.payment_id)).toMatchObject({
        vat_rate: 19,
        vat_cents: 79,
        buyer: { country: 'DE' },
      });
    });
  });

  describe('refunds and chargebacks', () => {
    async function paidMember(pkg = tryout) {
      const member = await newMember(t);
      const payment = await start(member, { package: pkg.id, method: 'creditcard' });
      await checkout(t, payment.checkout_url!, { action: 'paid' }).expect(303);
      return { member, payment };
    }

    it('takes the credits of a refund back through the ledger', async () => {
      const { member, payment } = await paidMember();
      await checkout(t, payment.checkout_url!, { action: 'refund' }).expect(303);
      // its webhook came within 2 s of the payment's: the sandbox calls again 2 s later
      await eventually(
        async () => (await status(member, payment.payment_id)).status === 'refunded',
      );
      expect((await user(member.user.id)).credits).toBe(0);
      const rows = await t.prisma.creditLedgerEntry.findMany({
        where: { userId: member.user.id },
        orderBy: { id: 'asc' },
      });
      expect(rows.map((r) => [r.reason, r.delta])).toEqual([
        ['purchase', 60],
        ['refund', -60],
      ]);
    });

    it('takes back a partial refund’s share, and never more credits than the member holds', async () => {
      const { member, payment } = await paidMember(plus);
      // about half the money back: its share of the credits, rounded up (176 of 350)
      await checkout(t, payment.checkout_url!, { action: 'refund', amount_cents: '1498' }).expect(
        303,
      );
      await eventually(async () => (await user(member.user.id)).credits === 174);
      expect((await status(member, payment.payment_id)).status).toBe('paid');
      // the member spends 170, then the bank charges the rest back
      await t.prisma.$transaction((tx) =>
        t.app
          .get(CreditsService)
          .debit(tx, { userId: member.user.id, amount: 170, reason: 'message' }),
      );
      await checkout(t, payment.checkout_url!, { action: 'chargeback' }).expect(303);
      await eventually(async () => (await user(member.user.id)).credits === 0);
      const reversals = await t.prisma.paymentReversal.findMany({
        where: { payment: { paymentId: payment.payment_id } },
        orderBy: { id: 'asc' },
      });
      expect(reversals.map((r) => [r.kind, r.amountCents, r.creditsTaken, r.creditsShort])).toEqual(
        [
          ['refund', 1498, 176, 0],
          ['chargeback', 1497, 4, 170],
        ],
      );
      expect((await status(member, payment.payment_id)).status).toBe('refunded');
      // the same report again books nothing more
      await webhookLater(await sandboxRef(payment.payment_id));
      expect(
        await t.prisma.paymentReversal.count({
          where: { payment: { paymentId: payment.payment_id } },
        }),
      ).toBe(2);
    });
  });

  describe('discount codes (discountcode.php)', () => {
    it('gives a new member the welcome code for 4 hours, 25% off the first purchase, once', async () => {
      const member = await newMember(t, { signupDate: new Date(Date.now() - 3_600_000) });
      const res = await as(t, member).get('/api/discountcode.php?welcome=true').expect(200);
      expect(res.body.discountcode).toMatchObject({
        code: 'TIMEBONUS25',
        value_percentage: 25,
        validity: 'once_per_user',
        status: 'active',
        expired: false,
      });
      expect(res.body.discountcode.seconds_left).toBeGreaterThan(TIME_BONUS_WINDOW_S - 3_600 - 10);
      expect(res.body.discountcode.seconds_left).toBeLessThanOrEqual(TIME_BONUS_WINDOW_S - 3_600);
      const offer = await as(t, member)
        .get(`/api/payment-methods.php?package=${tryout.id}&code=TIMEBONUS25`)
        .expect(200);
      expect(offer.body).toMatchObject({ amount_cents: 371, discount_cents: 124 });
      const payment = await start(member, {
        package: tryout.id,
        method: 'ideal',
        code: 'timebonus25',
      });
      expect(payment).toMatchObject({ amount_cents: 371, discount_cents: 124 });
      // starting a payment reserves the code, only the paid payment claims it
      const redemptions = () =>
        t.prisma.discountRedemption.findMany({
          where: { userId: member.user.id },
          select: { state: true },
        });
      expect(await redemptions()).toEqual([{ state: 'held' }]);
      await checkout(t, payment.checkout_url!, { action: 'paid' }).expect(303);
      expect(await redemptions()).toEqual([{ state: 'claimed' }]);
      const used = await as(t, member).get('/api/discountcode.php?code=TIMEBONUS25').expect(409);
      expect(used.body.message).toBe('Code reeds gebruikt');
      await as(t, member).get('/api/discountcode.php?welcome=true').expect(409);
    });

    it('ends the welcome code 14400 seconds after signup', async () => {
      const member = await newMember(t, {
        signupDate: new Date(Date.now() - (TIME_BONUS_WINDOW_S + 1) * 1000),
      });
      await as(t, member).get('/api/discountcode.php?welcome=true').expect(404);
      const typed = await as(t, member).get('/api/discountcode.php?code=TIMEBONUS25').expect(200);
      expect(typed.body.discountcode).toMatchObject({ expired: true, seconds_left: 0 });
      const res = await as(t, member)
        .post('/api/payment.php', { package: tryout.id, method: 'ideal', code: 'TIMEBONUS25' })
        .expect(410);
      expect(res.body.message).toBe('Code verlopen');
    });

    it('answers an unknown code, another member’s code and an inactive one with Code niet gevonden', async () => {
      const member = await newMember(t);
      const owner = await newMember(t);
      await t.prisma.discountCode.createMany({
        data: [
          { code: `MINE${owner.user.id}`, valuePercentage: '10.00', userId: owner.user.id },
          { code: `OFF${owner.user.id}`, valuePercentage: '10.00', status: 'inactive' },
        ],
      });
      for (const code of ['NOPE', `MINE${owner.user.id}`, `OFF${owner.user.id}`]) {
        const res = await as(t, member).get(`/api/discountcode.php?code=${code}`).expect(404);
        expect(res.body).toMatchObject({
          error: 'discount_not_found',
          message: 'Code niet gevonden',
        });
      }
      await as(t, owner).get(`/api/discountcode.php?code=MINE${owner.user.id}`).expect(200);
      await t.http().get('/api/discountcode.php?code=NOPE').expect(403);
    });

    it('holds a code to its country, currency, methods and minimum order', async () => {
      const member = await newMember(t);
      const id = member.user.id;
      await t.prisma.discountCode.createMany({
        data: [
          { code: `BE${id}`, valuePercentage: '10.00', countryCode: 'BE' },
          { code: `GBP${id}`, valuePercentage: '10.00', currency: 'GBP' },
          { code: `PP${id}`, valuePercentage: '10.00', paymentMethods: ['paypal'] },
          { code: `MIN${id}`, valuePercentage: '10.00', minimumOrderCents: 2000 },
        ],
      });
      const pay = (code: string, method = 'ideal', pkg = tryout.id) =>
        as(t, member).post('/api/payment.php', { package: pkg, method, code });
      for (const code of [`BE${id}`, `GBP${id}`, `PP${id}`]) {
        const res = await pay(code).expect(422);
        expect(res.body.message).toBe('Code niet geldig voor deze bestelling');
      }
      const min = await pay(`MIN${id}`).expect(422);
      expect(min.body.message).toBe('Code geldig vanaf een bestelling van EUR 20.00');
      const info = await as(t, member).get(`/api/discountcode.php?code=PP${id}`).expect(200);
      expect(info.body.discountcode).toMatchObject({ paymentmethods: ['paypal'], expired: false });
      await pay(`PP${id}`, 'paypal').expect(201);
      await pay(`MIN${id}`, 'ideal', plus.id).expect(201);
    });

    it('lets one of two checkouts of a member racing with a once-per-member code carry it', async () => {
      const member = await newMember(t);
      const code = `RACE${member.user.id}`;
      await t.prisma.discountCode.create({ data: { code, valuePercentage: '20.00' } });
      const results = await Promise.all(
        ['ideal', 'creditcard'].map((method) =>
          as(t, member).post('/api/payment.php', { package: tryout.id, method, code }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.error).toBe('discount_reserved');
      const winner = results.find((r) => r.status === 201)!.body.payment as Payment;
      const ref = await sandboxRef(winner.payment_id);
      await t.prisma.sandboxPayment.update({ where: { ref }, data: { status: 'paid' } });
      await Promise.all([webhook(ref), webhook(ref)]);
      expect(await t.prisma.discountRedemption.count({ where: { code: { code } } })).toBe(1);
      expect((await user(member.user.id)).credits).toBe(tryout.credits);
      await as(t, member).get(`/api/discountcode.php?code=${code}`).expect(409);
    });

    it('lets one of two members racing for a single-use code have it', async () => {
      const code = `ONCE${Date.now()}`;
      await t.prisma.discountCode.create({
        data: { code, valuePercentage: '30.00', validity: 'once' },
      });
      const a = await newMember(t);
      const b = await newMember(t);
      const results = await Promise.all(
        [a, b].map((m) =>
          as(t, m).post('/api/payment.php', { package: tryout.id, method: 'ideal', code }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body.message).toBe(
        'Deze code hoort al bij een betaling die nog openstaat. Rond die betaling af of probeer ' +
          'het later opnieuw.',
      );
      const winner = results.find((r) => r.status === 201)!.body.payment as Payment;
      await checkout(t, winner.checkout_url!, { action: 'paid' }).expect(303);
      expect(await t.prisma.discountRedemption.count({ where: { code: { code } } })).toBe(1);
      for (const m of [a, b]) await as(t, m).get(`/api/discountcode.php?code=${code}`).expect(409);
    });
  });

  describe('repeat orders', () => {
    /** A member whose first purchase (the tryout, by card) stored the card; the repeat order. */
    async function withStoredCard(action: 'paid' | 'paid_declines_later' = 'paid') {
      const member = await newMember(t);
      const first = await start(member, {
        package: tryout.id,
        method: 'creditcard',
        remember: true,
      });
      expect(first.sequence_type).toBe('first');
      await checkout(t, first.checkout_url!, { action }).expect(303);
      const order = await as(t, member).get('/api/repeat-order.php').expect(200);
      return { member, order };
    }

    it('buys the last package again on the card stored by the first payment', async () => {
      const { member, order } = await withStoredCard();
      expect(order.body.order.package).toMatchObject({ id: tryout.id });
      expect(order.body.order.mandates).toEqual([
        expect.objectContaining({ method: 'creditcard', label: 'Visa •••• 4242' }),
      ]);
      const again = await as(t, member)
        .post('/api/repeat-order.php', { mandate: order.body.order.mandates[0].id })
        .expect(201);
      expect(again.body.payment).toMatchObject({ status: 'paid', sequence_type: 'recurring' });
      expect((await user(member.user.id)).credits).toBe(2 * tryout.credits);
    });

    it('charges a repeat order sent again with its key after a lost answer once, even when the kept answer is gone', async () => {
      const { member, order } = await withStoredCard();
      const body = { mandate: order.body.order.mandates[0].id as number };
      const key = randomUUID();
      const charged = await as(t, member).post('/api/repeat-order.php', body, key).expect(201);
      // the answer was lost: the member presses "buy again" and the page sends the same key
      const again = await as(t, member).post('/api/repeat-order.php', body, key).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(charged.body);
      // a day later the kept answer is gone; the payment's own key still holds
      await t.prisma.idempotencyRecord.deleteMany({ where: { scope: `member:${member.user.id}` } });
      const later = await as(t, member).post('/api/repeat-order.php', body, key).expect(201);
      expect(later.body.payment.payment_id).toBe(charged.body.payment.payment_id);
      expect(
        await t.prisma.payment.count({
          where: { userId: member.user.id, sequenceType: 'recurring' },
        }),
      ).toBe(1);
      expect((await user(member.user.id)).credits).toBe(2 * tryout.credits);
      // the same key for another order is refused, by the payment's own key too once the kept
      // answer is gone
      for (const forget of [false, true]) {
        if (forget) {
          await t.prisma.idempotencyRecord.deleteMany({
            where: { scope: `member:${member.user.id}` },
          });
        }
        const other = await as(t, member)
          .post('/api/repeat-order.php', { mandate: body.mandate + 1 }, key)
          .expect(422);
        expect(other.body.error).toBe('idempotency_key_reused');
      }
    });

    it('refuses a payment key used again for another package or method, also once the kept answer is gone', async () => {
      const member = await newMember(t);
      const key = randomUUID();
      const first = await as(t, member)
        .post('/api/payment.php', { package: tryout.id, method: 'ideal' }, key)
        .expect(201);
      await t.prisma.idempotencyRecord.deleteMany({ where: { scope: `member:${member.user.id}` } });
      const same = await as(t, member)
        .post('/api/payment.php', { package: tryout.id, method: 'ideal' }, key)
        .expect(201);
      expect(same.body.payment.payment_id).toBe(first.body.payment.payment_id);
      for (const other of [
        { package: plus.id, method: 'ideal' },
        { package: tryout.id, method: 'creditcard' },
      ]) {
        await t.prisma.idempotencyRecord.deleteMany({
          where: { scope: `member:${member.user.id}` },
        });
        const reused = await as(t, member).post('/api/payment.php', other, key).expect(422);
        expect(reused.body.error).toBe('idempotency_key_reused');
      }
      expect(await t.prisma.payment.count({ where: { userId: member.user.id } })).toBe(1);
    });

    it('answers a declined recurring card charge as failed, without credits', async () => {
      const { member, order } = await withStoredCard('paid_declines_later');
      const again = await as(t, member)
        .post('/api/repeat-order.php', { mandate: order.body.order.mandates[0].id })
        .expect(201);
      expect(again.body.payment.status).toBe('failed');
      expect((await user(member.user.id)).credits).toBe(tryout.credits);
    });

    it('has no repeat order before a purchase, and refuses another member’s mandate', async () => {
      const member = await newMember(t);
      expect((await as(t, member).get('/api/repeat-order.php').expect(200)).body).toEqual({
        order: null,
      });
      const owner = await newMember(t);
      const first = await start(owner, { package: tryout.id, method: 'paypal', remember: true });
      await checkout(t, first.checkout_url!, { action: 'paid' }).expect(303);
      const mandate = await t.prisma.paymentMandate.findFirstOrThrow({
        where: { userId: owner.user.id },
      });
      const res = await as(t, member)
        .post('/api/repeat-order.php', { mandate: mandate.id })
        .expect(409);
      expect(res.body.error).toBe('repeat_order_unavailable');
    });
  });
});
