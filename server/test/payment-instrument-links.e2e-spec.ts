import { AccountLinks } from '../src/account-links';
import { paymentInstrument } from '../src/payments/providers/mollie/mollie.provider';
import { checkout, createPaymentsTestApp, newMember, startPayment } from './helpers/payments';
import { eventually } from './helpers/sockets';
import type { TestApp } from './helpers/test-app';

/**
 * Issue 35, item 3: the payment instrument a payment was paid with ties the accounts that paid
 * with it to one person (the welcome discount, the time bonus and the free conversations go
 * once per person), as the provider reports it: Mollie's cardFingerprint or consumerAccount, the
 * sandbox's instrument field.
 */
describe('accounts tied by the payment instrument they paid with', () => {
  let t: TestApp;
  let tryout: number;

  beforeAll(async () => {
    t = await createPaymentsTestApp();
    tryout = (await t.prisma.creditPackage.findFirstOrThrow({ where: { slug: 'tryout' } })).id;
  });
  afterAll(() => t.close());

  async function paidWith(instrument?: string) {
    const member = await newMember(t);
    const payment = await startPayment(t, member, { package: tryout, method: 'creditcard' });
    const fields: Record<string, string> = { action: 'paid' };
    if (instrument) fields.instrument = instrument;
    await checkout(t, payment.checkout_url!, fields).expect(303);
    // booked by the webhook (the sandbox calls it over real HTTP)
    await eventually(
      async () =>
        (await t.prisma.payment.findUniqueOrThrow({ where: { paymentId: payment.payment_id } }))
          .creditedAt !== null,
    );
    return member.user.id;
  }

  it('links two accounts paid with the same card, and keeps only a hash of it', async () => {
    const first = await paidWith('card-4242-anna');
    const second = await paidWith('card-4242-anna');
    const other = await paidWith('card-1111-bram');
    const links = t.app.get(AccountLinks);

    expect(await links.linked(second)).toEqual([{ userId: first, kinds: ['payment'] }]);
    expect(await links.samePerson(first)).toEqual([second]);
    expect(await links.linked(other)).toEqual([]);
    const stored = await t.prisma.accountSignal.findMany({
      where: { userId: first, kind: 'payment' },
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.value).not.toContain('4242');
  });

  it('does not link accounts whose payments each used an instrument of their own', async () => {
    const one = await paidWith();
    const two = await paidWith();
    const links = t.app.get(AccountLinks);
    expect(await links.linked(one)).toEqual([]);
    expect(await links.linked(two)).toEqual([]);
  });

  it("reads Mollie's instrument: a card's fingerprint, else the account paid from", () => {
    expect(paymentInstrument({ cardFingerprint: 'Hzdw5lEzKBxPJ3M6', cardNumber: '6787' })).toBe(
      'card:Hzdw5lEzKBxPJ3M6',
    );
    expect(paymentInstrument({ consumerAccount: 'NL53 INGB 0654 4224 13' })).toBe(
      'account:nl53ingb0654422413',
    );
    expect(paymentInstrument({ consumerAccount: 'Anna@Example.com' })).toBe(
      'account:anna@example.com',
    );
    expect(paymentInstrument({})).toBeNull();
    expect(paymentInstrument({ cardFingerprint: '', consumerAccount: ' ' })).toBeNull();
  });
});
