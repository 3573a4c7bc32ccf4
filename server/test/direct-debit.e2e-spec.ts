import { randomUUID } from 'node:crypto';
import { composeIBAN } from 'ibantools';
import {
  DELIVERY_CONSENT_VERSION,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODES_PER_HOUR,
  type Payment,
} from '@app/contract';
import { mobilePhone } from '../src/payments/direct-debit.service';
import { SmsService } from '../src/sms';
import {
  as,
  checkout,
  createPaymentsTestApp,
  ledgerMismatches,
  newMember,
  type Member,
} from './helpers/payments';
import { eventually } from './helpers/sockets';
import type { TestApp } from './helpers/test-app';

const BLOCKED =
  'Je account is geblokkeerd voor automatische incasso. Kies een andere betaalmethode.';
const LIMIT =
  'Limiet voor automatische incasso bereikt. Probeer het later opnieuw, kies een goedkoper pakket of een andere betaalmethode.';

/** Direct debit (/directdebit): the form, the SMS code, the block and the limit. */
describe('direct debit', () => {
  let t: TestApp;
  let packages: Record<string, number>;
  beforeAll(async () => {
    t = await createPaymentsTestApp();
    const rows = await t.prisma.creditPackage.findMany();
    packages = Object.fromEntries(rows.map((p) => [p.slug, p.id]));
  });
  afterEach(async () => {
    expect(await ledgerMismatches(t)).toEqual([]);
  });
  afterAll(() => t.close());

  let accounts = 0;
  /** A valid Dutch IBAN of its own (accounts blocked in one test stay blocked). */
  const newIban = () => {
    accounts += 1;
    const account = String(process.pid * 1000 + accounts)
      .padStart(10, '0')
      .slice(-10);
    return composeIBAN({ countryCode: 'NL', bban: `ABNA${account}` })!;
  };

  let phones = 0;
  /** A Dutch mobile number of its own (a number serves a few accounts and texts only). */
  const newPhone = () => {
    phones += 1;
    return `06-12${String((process.pid * 1000 + phones) % 1_000_000).padStart(6, '0')}`;
  };

  const form = (overrides: Record<string, unknown> = {}) => ({
    package: packages.starter,
    account_holder: 'Sanne de Vries',
    iban: newIban(),
    street: 'Oudegracht',
    house_number: '12a',
    zip: '3511 AB',
    city: 'Utrecht',
    phone: newPhone(),
    consent: true,
    delivery_consent: true,
    ...overrides,
  });

  /** The code the dev SMS transport kept for this phone (newest first). */
  function lastCode(phone: string): string {
    const to = mobilePhone(phone);
    const message = t.app
      .get(SmsService)
      .outbox()
      .find((m) => m.to === to);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return code;
  }

  /** A form filled in and sent: its id and the phone its code went to. */
  async function start(member: Member, overrides: Record<string, unknown> = {}) {
    const body = form(overrides);
    const res = await as(t, member).post('/api/directdebit.php', body, null).expect(201);
    return { mandate: res.body.mandate.id as number, phone: body.phone };
  }

  /** The form's confirmation with the code texted for it (not checked). */
  function confirm(member: Member, started: { mandate: number; phone: string }) {
    return as(t, member).post('/api/directdebit-confirm.php', {
      mandate: started.mandate,
      otp: lastCode(started.phone),
    });
  }

  async function debit(member: Member, overrides: Record<string, unknown> = {}) {
    const res = await confirm(member, await start(member, overrides)).expect(201);
    return res.body.payment as Payment;
  }

  /** The member's direct debit forms and payments as the database has them. */
  const rows = async (member: Member) => ({
    forms: await t.prisma.directDebitMandate.count({ where: { userId: member.user.id } }),
    payments: await t.prisma.payment.findMany({
      where: { userId: member.user.id, method: 'sdd' },
      select: { amountCents: true, discountCents: true, status: true },
    }),
  });

  it('texts a code, and on the right code debits the package: pending until the bank collects', async () => {
    const member = await newMember(t);
    const started = await as(t, member)
      .post('/api/directdebit.php', form({ phone: '06-12345678' }))
      .expect(201);
    expect(started.body.mandate.phone_hint).toBe('+31 ••• •• 78');
    const sms = t.app.get(SmsService).outbox()[0];
    expect(sms.to).toBe('+31612345678');
    expect(sms.text).toMatch(
      /^Je code voor de automatische incasso bij Vonkje: \d{6}\. De code is 10 minuten geldig\.$/,
    );
    const stored = await t.prisma.directDebitMandate.findUniqueOrThrow({
      where: { id: started.body.mandate.id },
    });
    expect(stored.iban).toMatch(/^NL\d{2}ABNA\d{10}$/);
    expect(stored.otpHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.otpHash).not.toContain(lastCode('06-12345678'));
    const res = await confirm(member, { mandate: stored.id, phone: '06-12345678' }).expect(201);
    const payment = res.body.payment as Payment;
    expect(payment).toMatchObject({
      status: 'pending',
      method: 'sdd',
      sequence_type: 'recurring',
      bank: `NL** ABNA •••• ${stored.iban.slice(-4)}`,
      checkout_url: null,
    });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } })).credits).toBe(
      0,
    );
    // the consent to immediate delivery given on the form is stored with its payment
    const row = await t.prisma.payment.findUniqueOrThrow({
      where: { paymentId: payment.payment_id },
    });
    expect(row.deliveryConsentAt).toEqual(stored.deliveryConsentAt);
    expect(row.deliveryConsentAt).toBeInstanceOf(Date);
    expect(row.deliveryConsentText).toBe(DELIVERY_CONSENT_VERSION);
    // the bank collects it
    const ref = row.providerRef!;
    await checkout(t, `http://x/sandbox/checkout/${ref}`, { action: 'paid' }).expect(303);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(user).toMatchObject({ credits: 150, paidUser: true });
  });

  it('answers a wrong code with Code ongeldig, and every code once the tries are used up', async () => {
    const member = await newMember(t);
    const started = await start(member);
    const { mandate } = started;
    const right = lastCode(started.phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i += 1) {
      const res = await as(t, member)
        .post('/api/directdebit-confirm.php', { mandate, otp: wrong })
        .expect(400);
      expect(res.body).toMatchObject({
        error: 'otp_invalid',
        message: 'Code ongeldig',
        field: 'otp',
      });
    }
    const late = await as(t, member)
      .post('/api/directdebit-confirm.php', { mandate, otp: right })
      .expect(400);
    expect(late.body.message).toBe('Code ongeldig');
    // a new code works again
    await as(t, member).post('/api/directdebit-code.php', { mandate }, null).expect(201);
    await confirm(member, started).expect(201);
  });

  it('refuses an expired code with Code ongeldig', async () => {
    const member = await newMember(t);
    const started = await start(member);
    await t.prisma.directDebitMandate.update({
      where: { id: started.mandate },
      data: { otpExpiresAt: new Date(Date.now() - 1000) },
    });
    const res = await confirm(member, started).expect(400);
    expect(res.body.message).toBe('Code ongeldig');
  });

  it('checks the IBAN, the phone and the consent with their own messages', async () => {
    const member = await newMember(t);
    const post = (overrides: Record<string, unknown>) =>
      as(t, member).post('/api/directdebit.php', form(overrides), null);
    for (const iban of ['NL91ABNA0417164301', 'GB29 XXXX 6016 1331 9268 19', 'US12345678']) {
      const res = await post({ iban }).expect(400);
      expect(res.body).toMatchObject({ message: 'Ongeldig IBAN-nummer.', field: 'iban' });
    }
    const phone = await post({ phone: 'bel me maar' }).expect(400);
    expect(phone.body).toMatchObject({ message: 'Ongeldig telefoonnummer.', field: 'phone' });
    const consent = await post({ consent: false }).expect(400);
    expect(consent.body).toMatchObject({
      message: 'Geef toestemming voor de automatische incasso.',
      field: 'consent',
    });
    // the consent to immediate delivery, as at the checkout: no form is written without it
    for (const delivery of [false, undefined]) {
      const refused = await post({ delivery_consent: delivery }).expect(400);
      expect(refused.body).toMatchObject({
        error: 'delivery_consent_required',
        message: 'Geef toestemming voor directe levering om te kunnen betalen.',
        field: 'delivery_consent',
      });
    }
    expect(await t.prisma.directDebitMandate.count({ where: { userId: member.user.id } })).toBe(0);
    // a Belgian account is SEPA too
    await post({ iban: 'BE68 5390 0754 7034' }).expect(201);
  });

  it('stops at the limit, and says to try later, a cheaper package or another method', async () => {
    const member = await newMember(t);
    await debit(member, { package: packages.premium }); // 59.95
    await debit(member, { package: packages.plus }); // + 29.95 = 89.90
    const over = await as(t, member)
      .post('/api/directdebit.php', form({ package: packages.starter }), null) // + 14.95 > 100
      .expect(422);
    expect(over.body).toMatchObject({ error: 'directdebit_limit_reached', message: LIMIT });
    // a cheaper package still fits
    await as(t, member)
      .post('/api/directdebit.php', form({ package: packages.tryout }), null)
      .expect(201);
  });

  it('blocks a member and their account for direct debit after a debit is charged back', async () => {
    const member = await newMember(t);
    const iban = newIban();
    const payment = await debit(member, { package: packages.tryout, iban });
    const ref = (
      await t.prisma.payment.findUniqueOrThrow({ where: { paymentId: payment.payment_id } })
    ).providerRef!;
    const page = `http://x/sandbox/checkout/${ref}`;
    await checkout(t, page, { action: 'paid' }).expect(303);
    await checkout(t, page, { action: 'chargeback' }).expect(303);
    // the chargeback's webhook came within 2 s of the last read: the sandbox calls again
    await eventually(
      async () => (await t.prisma.directDebitMandate.findFirstOrThrow({ where: { iban } })).blocked,
    );
    const again = await as(t, member).post('/api/directdebit.php', form(), null).expect(403);
    expect(again.body).toMatchObject({ error: 'directdebit_blocked', message: BLOCKED });
    // the same account is blocked for anyone else too
    const other = await newMember(t);
    const res = await as(t, other).post('/api/directdebit.php', form({ iban }), null).expect(403);
    expect(res.body.message).toBe(BLOCKED);
    await as(t, other)
      .post('/api/directdebit.php', form({ iban: 'DE89 3704 0044 0532 0130 00' }), null)
      .expect(201);
  });

  it('blocks after a debit the bank could not collect', async () => {
    const member = await newMember(t);
    const payment = await debit(member, { package: packages.tryout });
    const ref = (
      await t.prisma.payment.findUniqueOrThrow({ where: { paymentId: payment.payment_id } })
    ).providerRef!;
    await checkout(t, `http://x/sandbox/checkout/${ref}`, { action: 'failed' }).expect(303);
    const res = await as(t, member)
      .post('/api/directdebit.php', form({ iban: 'DE89 3704 0044 0532 0130 00' }), null)
      .expect(403);
    expect(res.body.message).toBe(BLOCKED);
  });

  it('confirms one form once, however often the confirmation is sent', async () => {
    const member = await newMember(t);
    const started = await start(member);
    const body = { mandate: started.mandate, otp: lastCode(started.phone) };
    const [a, b] = await Promise.all([
      as(t, member).post('/api/directdebit-confirm.php', body, randomUUID()),
      as(t, member).post('/api/directdebit-confirm.php', body, randomUUID()),
    ]);
    // one is confirmed; the other gets the same payment, or is told it is still under way
    expect([a.status, b.status]).toContain(201);
    for (const res of [a, b].filter((r) => r.status !== 201)) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('idempotency_in_progress');
    }
    expect(await t.prisma.payment.count({ where: { userId: member.user.id } })).toBe(1);
    const again = await as(t, member).post('/api/directdebit-confirm.php', body).expect(201);
    expect(again.body.payment.payment_id).toBe(
      a.status === 201 ? a.body.payment.payment_id : b.body.payment.payment_id,
    );
  });

  it('does not let another member confirm or resend a form', async () => {
    const owner = await newMember(t);
    const other = await newMember(t);
    const started = await start(owner);
    const { mandate } = started;
    await confirm(other, started).expect(404);
    await as(t, other).post('/api/directdebit-code.php', { mandate }, null).expect(404);
  });
  describe('limits that hold across forms, accounts and phones (security review M3, L4, L5)', () => {
    it('lets only one of two forms confirmed at the same moment pass when together they exceed the limit', async () => {
      const member = await newMember(t);
      // each fits the limit alone (99.95 of 100), both together do not
      const first = await start(member, { package: packages.vip });
      const second = await start(member, { package: packages.vip });
      const answers = await Promise.all([confirm(member, first), confirm(member, second)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
      const refused = answers.find((r) => r.status === 422)!;
      expect(refused.body).toMatchObject({ error: 'directdebit_limit_reached', message: LIMIT });
      const { payments } = await rows(member);
      expect(payments).toEqual([{ amountCents: 9995, discountCents: 0, status: 'pending' }]);
    });

    it('keeps one IBAN within the limit whichever accounts it is debited for', async () => {
      const iban = newIban();
      const first = await newMember(t);
      await debit(first, { package: packages.premium, iban }); // 59.95
      const second = await newMember(t);
      // the second account has debited nothing, but the account has: 59.95 + 59.95 > 100
      const over = await as(t, second)
        .post('/api/directdebit.php', form({ package: packages.premium, iban }), null)
        .expect(422);
      expect(over.body).toMatchObject({ error: 'directdebit_limit_reached', message: LIMIT });
      // 59.95 + 29.95 fits
      await debit(second, { package: packages.plus, iban });
      // and two accounts confirming the same IBAN at the same moment cannot both pass
      const shared = newIban();
      const a = await newMember(t);
      const b = await newMember(t);
      const formA = await start(a, { package: packages.premium, iban: shared });
      const formB = await start(b, { package: packages.premium, iban: shared });
      const answers = await Promise.all([confirm(a, formA), confirm(b, formB)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
      const debited = await t.prisma.payment.aggregate({
        where: { method: 'sdd', directDebitMandate: { iban: shared } },
        _sum: { amountCents: true },
      });
      expect(debited._sum.amountCents).toBe(5995);
    });

    it('debits an IBAN and confirms with a phone number for at most two accounts', async () => {
      const iban = newIban();
      const phone = newPhone();
      const [a, b, c] = [await newMember(t), await newMember(t), await newMember(t)];
      await debit(a, { package: packages.tryout, iban });
      await debit(b, { package: packages.tryout, iban, phone });
      const third = await as(t, c)
        .post('/api/directdebit.php', form({ package: packages.tryout, iban }), null)
        .expect(403);
      expect(third.body).toMatchObject({ error: 'directdebit_blocked', message: BLOCKED });
      await debit(a, { package: packages.tryout, phone });
      const byPhone = await as(t, c)
        .post('/api/directdebit.php', form({ package: packages.tryout, phone }), null)
        .expect(403);
      expect(byPhone.body.message).toBe(BLOCKED);
      expect((await rows(c)).forms).toBe(0);
      // the accounts already using them go on
      await debit(a, { package: packages.tryout, iban, phone });
    });

    it('holds a repeat order on the direct debit mandate to the same limit', async () => {
      const member = await newMember(t);
      const iban = newIban();
      const payment = await debit(member, { package: packages.premium, iban }); // 59.95
      const ref = (
        await t.prisma.payment.findUniqueOrThrow({ where: { paymentId: payment.payment_id } })
      ).providerRef!;
      await checkout(t, `http://x/sandbox/checkout/${ref}`, { action: 'paid' }).expect(303);
      const order = await as(t, member).get('/api/repeat-order.php').expect(200);
      const [mandate] = order.body.order.mandates as { id: number; method: string }[];
      expect(mandate.method).toBe('sdd');
      // the last package again: 59.95 + 59.95 > 100 in 30 days
      const res = await as(t, member)
        .post('/api/repeat-order.php', { mandate: mandate.id })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'directdebit_limit_reached', message: LIMIT });
      expect((await rows(member)).payments).toHaveLength(1);
    });

    it('debits the discounted amount the form showed', async () => {
      const member = await newMember(t);
      const offer = await as(t, member)
        .get(`/api/payment-methods.php?package=${packages.starter}&code=TIMEBONUS25`)
        .expect(200);
      expect(offer.body.discount_cents).toBeGreaterThan(0);
      const payment = await debit(member, { package: packages.starter, code: 'TIMEBONUS25' });
      expect(payment.amount_cents).toBe(offer.body.amount_cents);
      const { payments } = await rows(member);
      expect(payments).toEqual([
        {
          amountCents: offer.body.amount_cents,
          discountCents: offer.body.discount_cents,
          status: 'pending',
        },
      ]);
      const stored = await t.prisma.payment.findUniqueOrThrow({
        where: { paymentId: payment.payment_id },
        include: { discountCode: true },
      });
      expect(stored.discountCode?.code).toBe('TIMEBONUS25');
      const sandbox = await t.prisma.sandboxPayment.findFirstOrThrow({
        where: { ref: stored.providerRef! },
      });
      expect(sandbox.amountCents).toBe(offer.body.amount_cents);
    });

    it('writes no form once the SMS limit is reached: the sixth form of an hour leaves no row', async () => {
      const member = await newMember(t);
      for (let i = 0; i < SMS_CODES_PER_HOUR; i += 1) await start(member);
      const sixth = await as(t, member).post('/api/directdebit.php', form(), null).expect(429);
      expect(sixth.body.error).toBe('rate_limited');
      expect((await rows(member)).forms).toBe(SMS_CODES_PER_HOUR);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('texts one phone number at most five times an hour, whichever accounts ask', async () => {
      const phone = newPhone();
      const a = await newMember(t);
      const b = await newMember(t);
      for (let i = 0; i < 3; i += 1) await start(a, { phone });
      await start(b, { phone });
      const last = await start(b, { phone });
      const over = await as(t, b).post('/api/directdebit.php', form({ phone }), null).expect(429);
      expect(over.body.error).toBe('rate_limited');
      // nor a new code for a form already written
      await as(t, b).post('/api/directdebit-code.php', { mandate: last.mandate }, null).expect(429);
      expect((await rows(b)).forms).toBe(2);
    });

    it('accepts only mobile numbers of the countries the site serves, and writes nothing else', async () => {
      const member = await newMember(t);
      for (const phone of [
        '+44 7911 123456',
        '+1 202 555 0123',
        '020-1234567',
        '+7 912 345 6789',
      ]) {
        const res = await as(t, member)
          .post('/api/directdebit.php', form({ phone }), null)
          .expect(400);
        expect(res.body).toMatchObject({
          error: 'phone_unsupported',
          message:
            'Vul een mobiel nummer in uit Nederland, België, Duitsland, Oostenrijk, Frankrijk, Italië, Spanje of Ierland.',
          field: 'phone',
        });
      }
      expect((await rows(member)).forms).toBe(0);
      expect(
        t.app
          .get(SmsService)
          .outbox()
          .some((m) => /^\+(44|1|7)/.test(m.to)),
      ).toBe(false);
      // a Belgian and a German mobile number, written as people do
      await start(member, { phone: '+32 470 12 34 56' });
      await start(member, { phone: '0049 151 23456789' });
    });

    it('limits direct debit forms per member per hour, before anything is checked', async () => {
      const member = await newMember(t);
      for (let i = 0; i < 10; i += 1) {
        await as(t, member)
          .post('/api/directdebit.php', form({ iban: 'NL91ABNA0417164301' }), null)
          .expect(400);
      }
      const res = await as(t, member).post('/api/directdebit.php', form(), null).expect(429);
      expect(res.body.error).toBe('rate_limited');
    });

    it('stores the mandate at the provider under a key of our own payment, not the member key', async () => {
      const member = await newMember(t);
      const key = randomUUID();
      const started = await start(member, { package: packages.tryout });
      const res = await as(t, member)
        .post(
          '/api/directdebit-confirm.php',
          { mandate: started.mandate, otp: lastCode(started.phone) },
          key,
        )
        .expect(201);
      const payment = await t.prisma.payment.findUniqueOrThrow({
        where: { paymentId: res.body.payment.payment_id },
        include: { mandate: true },
      });
      const mandate = await t.prisma.sandboxMandate.findUniqueOrThrow({
        where: { ref: payment.mandate!.mandateRef },
      });
      expect(mandate.idempotencyKey).toBe(`${payment.paymentId}-mandate`);
      const sandbox = await t.prisma.sandboxPayment.findFirstOrThrow({
        where: { ref: payment.providerRef! },
      });
      expect(sandbox.idempotencyKey).toBe(`${payment.paymentId}-payment`);
      expect([mandate.idempotencyKey, sandbox.idempotencyKey]).not.toContain(key);
    });
  });
});
