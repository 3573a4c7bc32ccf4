import { randomUUID } from 'node:crypto';
import { composeIBAN } from 'ibantools';
import { SMS_CODE_MAX_ATTEMPTS, type Payment } from '@app/contract';
import { SmsService } from '../src/sms';
import {
  as,
  checkout,
  createPaymentsTestApp,
  ledgerMismatches,
  newMember,
  type Member,
} from './helpers/payments';
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

  const form = (overrides: Record<string, unknown> = {}) => ({
    package: packages.starter,
    account_holder: 'Sanne de Vries',
    iban: newIban(),
    street: 'Oudegracht',
    house_number: '12a',
    zip: '3511 AB',
    city: 'Utrecht',
    phone: '06-12345678',
    consent: true,
    ...overrides,
  });

  /** The code the dev SMS transport kept for this phone (newest first). */
  function lastCode(phone = '+31612345678'): string {
    const message = t.app
      .get(SmsService)
      .outbox()
      .find((m) => m.to === phone);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return code;
  }

  async function debit(member: Member, overrides: Record<string, unknown> = {}) {
    const started = await as(t, member).post('/api/directdebit.php', form(overrides)).expect(201);
    const mandate = started.body.mandate.id as number;
    const phone = (overrides.phone as string | undefined) ?? '06-12345678';
    const normalised = phone.startsWith('06') ? `+31${phone.slice(1).replace('-', '')}` : phone;
    const res = await as(t, member)
      .post('/api/directdebit-confirm.php', { mandate, otp: lastCode(normalised) })
      .expect(201);
    return res.body.payment as Payment;
  }

  it('texts a code, and on the right code debits the package: pending until the bank collects', async () => {
    const member = await newMember(t);
    const started = await as(t, member).post('/api/directdebit.php', form()).expect(201);
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
    expect(stored.otpHash).not.toContain(lastCode());
    const res = await as(t, member)
      .post('/api/directdebit-confirm.php', { mandate: started.body.mandate.id, otp: lastCode() })
      .expect(201);
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
    // the bank collects it
    const ref = (
      await t.prisma.payment.findUniqueOrThrow({ where: { paymentId: payment.payment_id } })
    ).providerRef!;
    await checkout(t, `http://x/sandbox/checkout/${ref}`, { action: 'paid' }).expect(303);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(user).toMatchObject({ credits: 150, paidUser: true });
  });

  it('answers a wrong code with Code ongeldig, and every code once the tries are used up', async () => {
    const member = await newMember(t);
    const started = await as(t, member).post('/api/directdebit.php', form()).expect(201);
    const mandate = started.body.mandate.id as number;
    const right = lastCode();
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
    await as(t, member)
      .post('/api/directdebit-confirm.php', { mandate, otp: lastCode() })
      .expect(201);
  });

  it('refuses an expired code with Code ongeldig', async () => {
    const member = await newMember(t);
    const started = await as(t, member).post('/api/directdebit.php', form()).expect(201);
    await t.prisma.directDebitMandate.update({
      where: { id: started.body.mandate.id },
      data: { otpExpiresAt: new Date(Date.now() - 1000) },
    });
    const res = await as(t, member)
      .post('/api/directdebit-confirm.php', { mandate: started.body.mandate.id, otp: lastCode() })
      .expect(400);
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
    // a Belgian account is SEPA too
    await post({ iban: 'BE68 5390 0754 7034' }).expect(201);
  });

  it('stops at the limit, and says to try later, a cheaper package or another method', async () => {
    const member = await newMember(t);
    await debit(member, { package: packages.premium }); // 59.95
    const res = await as(t, member)
      .post('/api/directdebit.php', form({ package: packages.plus }), null) // + 29.95 fits? 89.90
      .expect(201);
    expect(res.body.mandate.id).toBeGreaterThan(0);
    await as(t, member)
      .post('/api/directdebit-confirm.php', { mandate: res.body.mandate.id, otp: lastCode() })
      .expect(201);
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
    const started = await as(t, member).post('/api/directdebit.php', form()).expect(201);
    const body = { mandate: started.body.mandate.id, otp: lastCode() };
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
    const started = await as(t, owner).post('/api/directdebit.php', form()).expect(201);
    const mandate = started.body.mandate.id as number;
    await as(t, other)
      .post('/api/directdebit-confirm.php', { mandate, otp: lastCode() })
      .expect(404);
    await as(t, other).post('/api/directdebit-code.php', { mandate }, null).expect(404);
  });
});
