import { randomBytes, randomUUID } from 'node:crypto';
import { centsToDecimal, decimalToCents, quarterOf } from '@app/contract';
import {
  as,
  checkout,
  createPaymentsTestApp,
  creditPackage,
  newMember,
  startPayment,
  webhookLater,
  type Member,
} from './helpers/payments';
import { cookieOf, staffAccount } from './helpers/staff';
import type { TestApp } from './helpers/test-app';

/** A CSV document as rows of named fields (the export's fields hold no commas or quotes). */
function parseCsv(text: string): Record<string, string>[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = text.trimEnd().split('\r\n');
  const names = header.split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    expect(cells).toHaveLength(names.length);
    return Object.fromEntries(names.map((name, i) => [name, cells[i]]));
  });
}

const cents = (value: string) => decimalToCents(value);
const sum = (rows: Record<string, string>[], field: string) =>
  rows.reduce((total, row) => total + cents(row[field]), 0);

/**
 * The VAT and bookkeeping export (issue 36, point 4): a quarter's invoices and reversals per
 * country of the buyer, VAT rate and currency, in integer cents; the totals agree with the
 * payments table and with each member's own invoice; admins only, each download audited.
 */
describe('staff: the quarter’s VAT for the bookkeeping', () => {
  let t: TestApp;
  let adminCookie: string;
  const QUARTER = '2031-Q2';
  // 1 April and 1 July 2031, 00:00 in Amsterdam (summer time, UTC+2)
  const QUARTER_START = new Date('2031-03-31T22:00:00Z');
  const QUARTER_END = new Date('2031-06-30T22:00:00Z');

  beforeAll(async () => {
    t = await createPaymentsTestApp();
    adminCookie = await cookieOf(await staffAccount(t, ['admin']), t);
  });
  afterAll(() => t.close());

  const get = (path: string, cookie = adminCookie) =>
    t.http().get(path).set('Cookie', cookie).set('X-Request-Type', 'client');

  /** A tryout package paid in the sandbox, and partly refunded from the console (200 cents). */
  async function paidAndRefunded() {
    const tryout = await creditPackage(t, 'tryout');
    const member = await newMember(t);
    const payment = await startPayment(t, member, { package: tryout.id, method: 'creditcard' });
    await checkout(t, payment.checkout_url!, { action: 'paid' }).expect(303);
    const row = await t.prisma.payment.findUniqueOrThrow({
      where: { paymentId: payment.payment_id },
    });
    const refund = await t
      .http()
      .post(`/api/staff/members/${member.user.id}/payments/${row.id}/refund`)
      .set('Cookie', adminCookie)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', randomUUID())
      .send({ amount_cents: 200, reason: 'Gedeeltelijke terugbetaling op verzoek' })
      .expect(200);
    return { tryout, payment, row, refundRef: refund.body.refund.provider_ref as string };
  }

  /** A paid payment with its invoice number, as the settlement leaves it. */
  async function invoiced(
    member: Member,
    fields: {
      amountCents: number;
      currency?: string;
      countryCode?: string | null;
      payerCountry?: string | null;
      paidAt: Date;
    },
  ) {
    const [{ n }] = await t.prisma.$queryRaw<
      { n: bigint }[]
    >`SELECT nextval('invoice_number_seq') AS n`;
    return t.prisma.payment.create({
      data: {
        paymentId: `pay_${randomBytes(12).toString('hex')}`,
        userId: member.user.id,
        method: 'creditcard',
        credits: 100,
        amountCents: fields.amountCents,
        currency: fields.currency ?? 'EUR',
        status: 'paid',
        provider: 'sandbox',
        providerRef: `sbx_${randomUUID()}`,
        idempotencyKey: randomUUID(),
        countryCode: fields.countryCode ?? null,
        payerCountry: fields.payerCountry ?? null,
        paidAt: fields.paidAt,
        creditedAt: fields.paidAt,
        invoiceNumber: Number(n),
      },
    });
  }

  async function reversed(
    paymentId: number,
    kind: 'refund' | 'chargeback',
    amountCents: number,
    at: Date,
    providerRef = `sbx_re_${randomUUID()}`,
  ) {
    await t.prisma.paymentReversal.create({
      data: {
        paymentId,
        kind,
        providerRef,
        amountCents,
        creditsTaken: 0,
        creditsShort: 0,
        createdAt: at,
      },
    });
    await t.prisma.payment.update({
      where: { id: paymentId },
      data: { reversedCents: { increment: amountCents } },
    });
  }

  let seeded: { members: Member[]; paymentIds: string[] } | undefined;
  /** The quarter 2031-Q2 (Amsterdam time), with its edges and prices that round. */
  async function seedQuarter() {
    if (seeded) return seeded;
    const members = [await newMember(t), await newMember(t, { country: 'DE' })];
    const [nl, de] = members;
    const inQuarter = new Date('2031-05-10T10:00:00Z');
    const rows = [
      // NL 21%: 19.99 (VAT 3.47), 4.95 (0.86), and the first minute of the quarter in Amsterdam
      await invoiced(nl, { amountCents: 1999, countryCode: 'NL', paidAt: inQuarter }),
      await invoiced(nl, {
        amountCents: 495,
        countryCode: 'NL',
        paidAt: new Date('2031-03-31T22:00:00Z'),
      }),
      // the payer's card is German: German VAT, whatever the billing country
      await invoiced(nl, {
        amountCents: 2999,
        countryCode: 'NL',
        payerCountry: 'DE',
        paidAt: inQuarter,
      }),
      await invoiced(de, { amountCents: 1190, countryCode: 'DE', paidAt: inQuarter }),
      // another currency stays apart; a country outside the table has no VAT
      await invoiced(de, {
        amountCents: 2500,
        currency: 'PLN',
        countryCode: 'PL',
        paidAt: inQuarter,
      }),
      await invoiced(de, {
        amountCents: 1500,
        currency: 'CHF',
        countryCode: 'CH',
        paidAt: inQuarter,
      }),
      // the last minute of the quarter in Amsterdam
      await invoiced(nl, {
        amountCents: 1000,
        countryCode: 'NL',
        paidAt: new Date('2031-06-30T21:59:00Z'),
      }),
    ];
    // outside the quarter (Amsterdam time): 1 July 00:00 local, and 31 March 23:59 local
    await invoiced(nl, {
      amountCents: 7777,
      countryCode: 'NL',
      paidAt: new Date('2031-06-30T22:00:00Z'),
    });
    await invoiced(nl, {
      amountCents: 8888,
      countryCode: 'NL',
      paidAt: new Date('2031-03-31T21:59:00Z'),
    });
    // a full refund of the 19.99, a partial refund of the German card's and a chargeback
    await reversed(rows[0].id, 'refund', 1999, new Date('2031-05-20T10:00:00Z'));
    await reversed(rows[2].id, 'refund', 1000, new Date('2031-05-21T10:00:00Z'));
    await reversed(
      rows[3].id,
      'chargeback',
      1190,
      new Date('2031-06-01T10:00:00Z'),
      '=HYPERLINK("http://evil.example","pay here")',
    );
    // a refund booked in the next quarter belongs to that one
    await reversed(rows[1].id, 'refund', 495, new Date('2031-07-02T10:00:00Z'));
    seeded = { members, paymentIds: rows.map((row) => row.paymentId) };
    return seeded;
  }

  it('sums a quarter per country, rate and currency, refunds and chargebacks as negative lines', async () => {
    await seedQuarter();
    const res = await get(`/api/staff/bookkeeping/vat?quarter=${QUARTER}`).expect(200);
    expect(res.body).toMatchObject({
      quarter: QUARTER,
      from: '2031-04-01',
      to: '2031-06-30',
      lines: 10,
    });
    expect(res.body.summary).toEqual([
      {
        country: 'CH',
        currency: 'CHF',
        vat_rate: null,
        invoices: 1,
        reversals: 0,
        net_cents: 1500,
        vat_cents: 0,
        gross_cents: 1500,
      },
      // 29.99 (VAT 4.79) and 11.90 (1.90) at 19%, less a refund of 10.00 (1.60) and the
      // chargeback of the 11.90
      {
        country: 'DE',
        currency: 'EUR',
        vat_rate: 19,
        invoices: 2,
        reversals: 2,
        net_cents: 1680,
        vat_cents: 319,
        gross_cents: 1999,
      },
      // 19.99 (3.47) refunded in full; 4.95 (0.86) and 10.00 (1.74) stay
      {
        country: 'NL',
        currency: 'EUR',
        vat_rate: 21,
        invoices: 3,
        reversals: 1,
        net_cents: 1235,
        vat_cents: 260,
        gross_cents: 1495,
      },
      {
        country: 'PL',
        currency: 'PLN',
        vat_rate: 23,
        invoices: 1,
        reversals: 0,
        net_cents: 2033,
        vat_cents: 467,
        gross_cents: 2500,
      },
    ]);
    expect(res.body.totals).toEqual([
      {
        currency: 'CHF',
        invoices: 1,
        reversals: 0,
        net_cents: 1500,
        vat_cents: 0,
        gross_cents: 1500,
      },
      {
        currency: 'EUR',
        invoices: 5,
        reversals: 3,
        net_cents: 2915,
        vat_cents: 579,
        gross_cents: 3494,
      },
      {
        currency: 'PLN',
        invoices: 1,
        reversals: 0,
        net_cents: 2033,
        vat_cents: 467,
        gross_cents: 2500,
      },
    ]);
  });

  it('answers an empty quarter with no lines', async () => {
    const res = await get('/api/staff/bookkeeping/vat?quarter=2030-Q1').expect(200);
    expect(res.body).toMatchObject({ summary: [], totals: [], lines: 0 });
    const csv = await get('/api/staff/bookkeeping/vat-lines.csv?quarter=2030-Q1').expect(200);
    expect(parseCsv(csv.text)).toEqual([]);
  });

  it('writes every invoice and reversal line whose totals match the invoices table and each member’s invoice', async () => {
    const { members, paymentIds } = await seedQuarter();
    const res = await get(`/api/staff/bookkeeping/vat-lines.csv?quarter=${QUARTER}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="vat-lines-${QUARTER}.csv"`,
    );
    const lines = parseCsv(
      res.text.replace(/"'=HYPERLINK\(""http:\/\/evil\.example"",""pay here""\)"/, 'DEFUSED'),
    );
    const invoices = lines.filter((line) => line.kind === 'invoice');
    const reversals = lines.filter((line) => line.kind !== 'invoice');
    expect(invoices).toHaveLength(7);
    expect(reversals.map((line) => line.kind).sort()).toEqual(['chargeback', 'refund', 'refund']);
    // the invoices table: every payment with an invoice number paid in the quarter (Amsterdam)
    const table = (
      await t.prisma.payment.groupBy({
        by: ['currency'],
        where: { invoiceNumber: { not: null }, paidAt: { gte: QUARTER_START, lt: QUARTER_END } },
        _sum: { amountCents: true },
        _count: true,
      })
    ).map((row) => ({ currency: row.currency, gross: row._sum.amountCents ?? 0, n: row._count }));
    expect(table.length).toBe(3);
    for (const row of table) {
      const ofCurrency = invoices.filter((line) => line.currency === row.currency);
      expect(ofCurrency).toHaveLength(Number(row.n));
      expect(sum(ofCurrency, 'gross')).toBe(Number(row.gross));
    }
    // each line's net + VAT is its gross, and its VAT is the member's invoice's VAT
    for (const line of lines) expect(cents(line.net) + cents(line.vat)).toBe(cents(line.gross));
    let invoiceVat = 0;
    for (const paymentId of paymentIds) {
      const row = await t.prisma.payment.findUniqueOrThrow({ where: { paymentId } });
      const member = members.find((m) => m.user.id === row.userId)!;
      const invoice = (
        await as(t, member).get(`/api/transaction.php?payment_id=${paymentId}`).expect(200)
      ).body.invoice;
      const line = invoices.find((l) => l.payment_id === paymentId)!;
      expect(line.invoice).toBe(invoice.number);
      expect(cents(line.vat)).toBe(invoice.vat_cents);
      expect(cents(line.gross)).toBe(invoice.total_cents);
      invoiceVat += invoice.vat_cents;
    }
    expect(sum(invoices, 'vat')).toBe(invoiceVat);
    // reversals: negative amounts, the full refund takes back exactly the invoice's VAT
    const full = reversals.find((line) => line.payment_id === paymentIds[0])!;
    expect(full).toMatchObject({
      kind: 'refund',
      gross: '-19.99',
      vat: '-3.47',
      net: '-16.52',
      vat_rate: '21',
    });
    // the reversals table: those booked in the quarter, less the corrections of those undone in it
    const reversedTable = await t.prisma.paymentReversal.aggregate({
      _sum: { amountCents: true },
      where: { createdAt: { gte: QUARTER_START, lt: QUARTER_END } },
    });
    const undoneTable = await t.prisma.paymentReversal.aggregate({
      _sum: { amountCents: true },
      where: { undoneAt: { gte: QUARTER_START, lt: QUARTER_END } },
    });
    expect(sum(reversals, 'gross')).toBe(
      -(reversedTable._sum.amountCents ?? 0) + (undoneTable._sum.amountCents ?? 0),
    );
  });

  it('defuses a provider’s reference that a spreadsheet would run as a formula', async () => {
    await seedQuarter();
    const res = await get(`/api/staff/bookkeeping/vat-lines.csv?quarter=${QUARTER}`).expect(200);
    expect(res.text).toContain(`,"'=HYPERLINK(""http://evil.example"",""pay here"")",`);
    expect(res.text).not.toMatch(/,=HYPERLINK/);
  });

  it('writes the summary per country with a total per currency, matching the preview', async () => {
    await seedQuarter();
    const preview = (await get(`/api/staff/bookkeeping/vat?quarter=${QUARTER}`).expect(200)).body;
    const res = await get(`/api/staff/bookkeeping/vat-summary.csv?quarter=${QUARTER}`).expect(200);
    const rows = parseCsv(res.text);
    const countries = rows.filter((row) => row.row === 'country');
    const totals = rows.filter((row) => row.row === 'total');
    expect(countries.map((row) => [row.country, row.currency, row.vat_rate, row.vat])).toEqual(
      preview.summary.map(
        (row: {
          country: string;
          currency: string;
          vat_rate: number | null;
          vat_cents: number;
        }) => [
          row.country,
          row.currency,
          row.vat_rate === null ? '' : String(row.vat_rate),
          centsToDecimal(row.vat_cents),
        ],
      ),
    );
    for (const total of totals) {
      const ofCurrency = countries.filter((row) => row.currency === total.currency);
      for (const field of ['net', 'vat', 'gross'])
        expect(sum(ofCurrency, field)).toBe(cents(total[field]));
    }
  });

  it('audits each download with the quarter and its totals, and not the preview', async () => {
    await seedQuarter();
    const before = await t.prisma.staffAuditEntry.count({
      where: { action: 'bookkeeping.exported' },
    });
    await get(`/api/staff/bookkeeping/vat?quarter=${QUARTER}`).expect(200);
    await get(`/api/staff/bookkeeping/vat-summary.csv?quarter=${QUARTER}`).expect(200);
    await get(`/api/staff/bookkeeping/vat-lines.csv?quarter=${QUARTER}`).expect(200);
    const rows = await t.prisma.staffAuditEntry.findMany({
      where: { action: 'bookkeeping.exported' },
      orderBy: { id: 'asc' },
    });
    expect(rows).toHaveLength(before + 2);
    expect(
      rows
        .slice(-2)
        .map((row) => [row.subjectType, row.subjectId, (row.after as { file: string }).file]),
    ).toEqual([
      ['vat_quarter', QUARTER, 'summary'],
      ['vat_quarter', QUARTER, 'lines'],
    ]);
    expect(rows[rows.length - 1].actorRoles).toEqual(['admin']);
  });

  it('shows a refund made from the console as a negative line of the quarter it was made in', async () => {
    const { tryout, payment } = await paidAndRefunded();
    const quarter = quarterOf(new Date().toISOString().slice(0, 10));
    const res = await get(`/api/staff/bookkeeping/vat-lines.csv?quarter=${quarter}`).expect(200);
    const lines = parseCsv(res.text).filter((line) => line.payment_id === payment.payment_id);
    expect(lines.map((line) => [line.kind, line.gross, line.currency, line.country])).toEqual([
      ['invoice', centsToDecimal(tryout.priceCents), 'EUR', 'NL'],
      ['refund', '-2.00', 'EUR', 'NL'],
    ]);
    expect(lines[1].vat).toBe('-0.35'); // 200 * 21 / 121 = 34.7
  });

  it('keeps a refund that failed later as its negative line and adds a positive correcting line', async () => {
    const { tryout, payment, row, refundRef } = await paidAndRefunded();
    // the refund fails at the provider; its webhook comes once the read interval has passed
    await checkout(t, payment.checkout_url!, { action: 'refund_failed' }).expect(303);
    await webhookLater(t, row.providerRef!).then((res) => expect(res.status).toBe(200));
    const quarter = quarterOf(new Date().toISOString().slice(0, 10));
    const res = await get(`/api/staff/bookkeeping/vat-lines.csv?quarter=${quarter}`).expect(200);
    const lines = parseCsv(res.text).filter((line) => line.payment_id === payment.payment_id);
    expect(lines.map((line) => [line.kind, line.gross, line.vat, line.reference])).toEqual([
      ['invoice', centsToDecimal(tryout.priceCents), '0.86', ''],
      ['refund', '-2.00', '-0.35', refundRef],
      ['refund_undone', '2.00', '0.35', refundRef],
    ]);
    // the lines add up to what was paid and stays paid
    const stored = await t.prisma.payment.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored.reversedCents).toBe(0);
    expect(sum(lines, 'gross')).toBe(stored.amountCents - stored.reversedCents);
  });

  it('dates the correcting line in the quarter the refund was undone, leaving the filed quarter as it was', async () => {
    const member = await newMember(t);
    const booked = new Date('2032-02-10T10:00:00Z'); // 2032-Q1
    const undone = new Date('2032-04-03T09:00:00Z'); // 2032-Q2 (11:00 in Amsterdam)
    const payment = await invoiced(member, {
      amountCents: 1999,
      countryCode: 'NL',
      paidAt: booked,
    });
    await t.prisma.paymentReversal.create({
      data: {
        paymentId: payment.id,
        kind: 'refund',
        providerRef: `sbx_re_${randomUUID()}`,
        amountCents: 1999,
        creditsTaken: 0,
        creditsShort: 0,
        createdAt: booked,
        undoneAt: undone,
      },
    });
    const q1 = (await get('/api/staff/bookkeeping/vat?quarter=2032-Q1').expect(200)).body;
    const q2 = (await get('/api/staff/bookkeeping/vat?quarter=2032-Q2').expect(200)).body;
    // the first quarter (filed) has the invoice and the refund: nothing left of 19.99
    expect(q1.totals).toEqual([
      { currency: 'EUR', invoices: 1, reversals: 1, net_cents: 0, vat_cents: 0, gross_cents: 0 },
    ]);
    // the next has the correction: the 19.99 (VAT 3.47) stands after all
    expect(q2.totals).toEqual([
      {
        currency: 'EUR',
        invoices: 0,
        reversals: 1,
        net_cents: 1652,
        vat_cents: 347,
        gross_cents: 1999,
      },
    ]);
    const lines = parseCsv(
      (await get('/api/staff/bookkeeping/vat-lines.csv?quarter=2032-Q2').expect(200)).text,
    );
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'refund_undone',
        date: '2032-04-03',
        payment_id: payment.paymentId,
        gross: '19.99',
        vat: '3.47',
      }),
    ]);
    // over both quarters the lines add up to the invoice less what stays reversed (nothing)
    expect(q1.totals[0].gross_cents + q2.totals[0].gross_cents).toBe(1999);
  });

  it('answers an impossible quarter with 400 in the staff member’s language', async () => {
    for (const quarter of ['2031-Q5', '2031Q1', '', 'x'.repeat(300)]) {
      const res = await get(`/api/staff/bookkeeping/vat?quarter=${encodeURIComponent(quarter)}`)
        .set('Cookie', `${adminCookie}; lang=nl`)
        .expect(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it.each(['moderator', 'operator'] as const)('refuses the %s every part of it', async (role) => {
    const cookie = await cookieOf(await staffAccount(t, [role]), t);
    for (const path of ['vat', 'vat-summary.csv', 'vat-lines.csv']) {
      const res = await get(`/api/staff/bookkeeping/${path}?quarter=${QUARTER}`, cookie).expect(
        403,
      );
      expect(res.body.error).toBe('forbidden');
    }
    expect(
      await t.prisma.staffAuditEntry.count({
        where: { action: 'bookkeeping.exported', actorRoles: { has: role } },
      }),
    ).toBe(0);
  });

  it('refuses a member and a visitor', async () => {
    const member = await newMember(t);
    await get(`/api/staff/bookkeeping/vat?quarter=${QUARTER}`, member.cookie).expect(403);
    await t
      .http()
      .get(`/api/staff/bookkeeping/vat-lines.csv?quarter=${QUARTER}`)
      .set('X-Request-Type', 'client')
      .expect(403);
  });
});
