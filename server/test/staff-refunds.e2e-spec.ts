import { randomUUID } from 'node:crypto';
import type { Payment } from '@app/contract';
import { CreditsService } from '../src/credits';
import { SettlementService } from '../src/payments/settlement.service';
import {
  as,
  checkout,
  createPaymentsTestApp,
  creditPackage,
  ledgerMismatches,
  newMember,
  sandboxRef,
  startPayment,
  webhookLater,
  type Member,
} from './helpers/payments';
import { cookieOf, staffAccount } from './helpers/staff';
import type { TestApp } from './helpers/test-app';

/**
 * Refunds from the console (issue 36): an admin refunds a member's payment in full or in part
 * through the provider (the sandbox here, over real HTTP; Mollie's Refunds API in
 * mollie.e2e-spec), the credits taken back as far as unspent, once per Idempotency-Key and never
 * more than was paid; chargebacks the provider reports are listed on the member's page.
 */
describe('staff: refunds and chargebacks of a member’s payments', () => {
  let t: TestApp;
  let adminCookie: string;
  let tryout: { id: number; credits: number; priceCents: number };
  let plus: { id: number; credits: number; priceCents: number };

  beforeAll(async () => {
    t = await createPaymentsTestApp({ DB_POOL_SIZE: '20' });
    adminCookie = await cookieOf(await staffAccount(t, ['admin']), t);
    tryout = await creditPackage(t, 'tryout');
    plus = await creditPackage(t, 'plus');
  });
  afterEach(async () => {
    // the ledger adds up to the balance of every member, whatever the test did
    expect(await ledgerMismatches(t)).toEqual([]);
  });
  afterAll(() => t.close());

  async function paid(pkg = plus): Promise<{ member: Member; payment: Payment; row: number }> {
    const member = await newMember(t);
    const payment = await startPayment(t, member, { package: pkg.id, method: 'creditcard' });
    await checkout(t, payment.checkout_url!, { action: 'paid' }).expect(303);
    const row = await t.prisma.payment.findUniqueOrThrow({
      where: { paymentId: payment.payment_id },
    });
    expect(row.creditedAt).not.toBeNull();
    return { member, payment, row: row.id };
  }

  const refund = (
    member: Member,
    payment: number,
    amount_cents: number,
    key: string | null = randomUUID(),
    cookie = adminCookie,
  ) => {
    const req = t
      .http()
      .post(`/api/staff/members/${member.user.id}/payments/${payment}/refund`)
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client');
    if (key) req.set('Idempotency-Key', key);
    return req.send({ amount_cents, reason: 'Klant vroeg binnen de termijn om terugbetaling' });
  };
  const page = async (member: Member) =>
    (
      await t
        .http()
        .get(`/api/staff/members/${member.user.id}`)
        .set('Cookie', adminCookie)
        .set('X-Request-Type', 'client')
        .expect(200)
    ).body as {
      member: { credits: number; paid_user: boolean };
      payments: { id: number; status: string; reversed_cents: number; refundable_cents: number }[];
      reversals: {
        kind: string;
        amount_cents: number;
        credits_taken: number;
        credits_short: number;
        undone_at: string | null;
      }[];
      audit: { action: string; reason: string | null; after: Record<string, unknown> }[];
    };
  const user = (id: number) => t.prisma.user.findUniqueOrThrow({ where: { id } });
  const ledger = async (userId: number) =>
    (await t.prisma.creditLedgerEntry.findMany({ where: { userId }, orderBy: { id: 'asc' } })).map(
      (row) => [row.reason, row.delta, row.balanceAfter],
    );
  const sandboxRefunds = async (paymentId: string) => {
    const row = await t.prisma.sandboxPayment.findUniqueOrThrow({
      where: { ref: await sandboxRef(t, paymentId) },
    });
    return (row.reversals as { kind: string }[]).filter((r) => r.kind === 'refund');
  };
  /** The provider's books say a refund failed, without calling us (as a lost webhook would). */
  const failQuietly = async (paymentId: string, refundRef: string) => {
    const ref = await sandboxRef(t, paymentId);
    const row = await t.prisma.sandboxPayment.findUniqueOrThrow({ where: { ref } });
    const reversals = (row.reversals as { ref: string }[]).map((r) =>
      r.ref === refundRef ? { ...r, status: 'failed' } : r,
    );
    await t.prisma.sandboxPayment.update({ where: { ref }, data: { reversals } });
  };
  /**
   * The provider's webhook delivered (200): called again while the sandbox's own call for the
   * same change is being read (429), as the provider itself retries.
   */
  const delivered = async (ref: string) => {
    for (let attempt = 1; ; attempt += 1) {
      const res = await webhookLater(t, ref);
      if (res.status === 200 || attempt === 5) return expect(res.status).toBe(200);
    }
  };
  const ledgerRows = (userId: number) =>
    t.prisma.creditLedgerEntry.findMany({ where: { userId }, orderBy: { id: 'asc' } });

  it('refunds a payment in full through the provider, takes its credits back and audits it', async () => {
    const { member, payment, row } = await paid(tryout);
    const res = await refund(member, row, tryout.priceCents).expect(200);
    expect(res.body).toMatchObject({
      refund: { amount_cents: 495, currency: 'EUR', credits_taken: 60, credits_short: 0 },
      credits: 0,
      payment: { status: 'refunded', reversed_cents: 495, refundable_cents: 0 },
    });
    expect(res.body.refund.provider_ref).toMatch(/^sbx_re_/);
    expect(await sandboxRefunds(payment.payment_id)).toHaveLength(1);
    expect(await ledger(member.user.id)).toEqual([
      ['purchase', 60, 60],
      ['refund', -60, 0],
    ]);
    const audit = await t.prisma.staffAuditEntry.findMany({
      where: { targetUserId: member.user.id, action: 'member.payment_refunded' },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      subjectType: 'payment_refund',
      reason: 'Klant vroeg binnen de termijn om terugbetaling',
      before: { reversed_cents: 0, credits: 60 },
      after: expect.objectContaining({
        reversed_cents: 495,
        credits: 0,
        amount_cents: 495,
        credits_taken: 60,
        credits_short: 0,
        provider_ref: res.body.refund.provider_ref,
      }),
    });
    // a bundle paid back is no bundle bought: the member is no longer premium
    expect((await user(member.user.id)).paidUser).toBe(false);
    // the member sees the payment refunded
    const own = await as(t, member).get(`/api/payment.php?payment_id=${payment.payment_id}`);
    expect(own.body.payment.status).toBe('refunded');
  });

  it('refunds part of a payment: its share of the credits, rounded up; the member stays premium', async () => {
    const { member, row } = await paid(plus);
    const res = await refund(member, row, 1498).expect(200);
    // 1498 of 2995 cents: 175.06 of 350 credits, rounded up
    expect(res.body).toMatchObject({
      refund: { credits_taken: 176, credits_short: 0 },
      credits: 174,
      payment: { status: 'paid', reversed_cents: 1498, refundable_cents: 1497 },
    });
    expect((await user(member.user.id)).paidUser).toBe(true);
    // more than is left is refused, in the admin's language, and changes nothing
    const over = await refund(member, row, 1498).expect(422);
    expect(over.body).toMatchObject({ error: 'refund_exceeds_payment', field: 'amount_cents' });
    expect(over.body.message).toBe('Zoveel is er van deze betaling niet meer terug te betalen.');
    // the rest refunds the remaining 174 credits: the two shares add up to the 350 bought
    await refund(member, row, 1497).expect(200);
    expect((await user(member.user.id)).credits).toBe(0);
    const after = await page(member);
    expect(after.payments[0]).toMatchObject({ status: 'refunded', refundable_cents: 0 });
    await refund(member, row, 1).expect(409);
  });

  it('takes back only the unspent credits of a payment whose credits were partly spent', async () => {
    const { member, row } = await paid(plus);
    await t.prisma.$transaction((tx) =>
      t.app
        .get(CreditsService)
        .debit(tx, { userId: member.user.id, amount: 300, reason: 'message' }),
    );
    const res = await refund(member, row, plus.priceCents).expect(200);
    expect(res.body).toMatchObject({
      refund: { credits_taken: 50, credits_short: 300 },
      credits: 0,
    });
    const reversal = await t.prisma.paymentReversal.findFirstOrThrow({ where: { paymentId: row } });
    expect(reversal).toMatchObject({ kind: 'refund', creditsTaken: 50, creditsShort: 300 });
    expect((await ledger(member.user.id)).at(-1)).toEqual(['refund', -50, 0]);
  });

  it('never refunds more than was paid when two refunds of one payment race', async () => {
    const { member, payment, row } = await paid(plus);
    const results = await Promise.all([
      refund(member, row, 2000),
      refund(member, row, 2000),
      refund(member, row, 2000),
    ]);
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 422, 422]);
    expect(await sandboxRefunds(payment.payment_id)).toHaveLength(1);
    const stored = await t.prisma.payment.findUniqueOrThrow({ where: { id: row } });
    expect(stored.reversedCents).toBe(2000);
    expect(await t.prisma.paymentReversal.count({ where: { paymentId: row } })).toBe(1);
    expect(
      await t.prisma.staffAuditEntry.count({
        where: { targetUserId: member.user.id, action: 'member.payment_refunded' },
      }),
    ).toBe(1);
  });

  it('refunds once for a replayed request with the same key, even when the replays race', async () => {
    const { member, payment, row } = await paid(plus);
    const key = randomUUID();
    const racing = await Promise.all([
      refund(member, row, 1000, key),
      refund(member, row, 1000, key),
      refund(member, row, 1000, key),
    ]);
    for (const res of racing) expect(res.status).toBe(200);
    const again = await refund(member, row, 1000, key).expect(200);
    const refs = new Set([...racing, again].map((res) => res.body.refund.provider_ref as string));
    expect(refs.size).toBe(1);
    expect(again.body.refund).toMatchObject({ amount_cents: 1000, credits_taken: 117 });
    expect(await sandboxRefunds(payment.payment_id)).toHaveLength(1);
    expect((await user(member.user.id)).credits).toBe(350 - 117);
    expect(
      await t.prisma.staffAuditEntry.count({
        where: { targetUserId: member.user.id, action: 'member.payment_refunded' },
      }),
    ).toBe(1);
    // the same key for another amount is another request
    const reused = await refund(member, row, 500, key).expect(422);
    expect(reused.body.error).toBe('idempotency_key_reused');
  });

  it('books a chargeback the provider reports once however often its webhook comes, and lists it', async () => {
    const { member, payment, row } = await paid(plus);
    await t.prisma.$transaction((tx) =>
      t.app
        .get(CreditsService)
        .debit(tx, { userId: member.user.id, amount: 100, reason: 'message' }),
    );
    // the payer's bank takes the whole payment back; the provider calls the webhook
    await checkout(t, payment.checkout_url!, { action: 'chargeback' }).expect(303);
    const ref = await sandboxRef(t, payment.payment_id);
    await webhookLater(t, ref).then((res) => expect(res.status).toBe(200));
    await webhookLater(t, ref).then((res) => expect(res.status).toBe(200));
    expect(await t.prisma.paymentReversal.count({ where: { paymentId: row } })).toBe(1);
    const after = await page(member);
    expect(after.member).toMatchObject({ credits: 0, paid_user: false });
    expect(after.reversals).toEqual([
      expect.objectContaining({
        kind: 'chargeback',
        amount_cents: 2995,
        credits_taken: 250,
        credits_short: 100,
      }),
    ]);
    expect(after.payments[0]).toMatchObject({ status: 'refunded', refundable_cents: 0 });
    // nothing is left to refund
    const res = await refund(member, row, 1).expect(409);
    expect(res.body.error).toBe('payment_not_refundable');
  });

  it('gives the credits back when a booked refund fails later: ledger row, payment paid again, premium back, console refund failed', async () => {
    const { member, payment, row } = await paid(tryout);
    const res = await refund(member, row, tryout.priceCents).expect(200);
    const refundRef = res.body.refund.provider_ref as string;
    expect((await user(member.user.id)).paidUser).toBe(false);
    // the provider reports the refund failed (its dashboard; then its webhook)
    await checkout(t, payment.checkout_url!, { action: 'refund_failed', refund: refundRef }).expect(
      303,
    );
    const ref = await sandboxRef(t, payment.payment_id);
    await delivered(ref);
    expect(await ledger(member.user.id)).toEqual([
      ['purchase', 60, 60],
      ['refund', -60, 0],
      ['refund_undone', 60, 60],
    ]);
    const reversal = await t.prisma.paymentReversal.findUniqueOrThrow({
      where: { providerRef: refundRef },
    });
    expect(reversal.undoneAt).not.toBeNull();
    const rows = await ledgerRows(member.user.id);
    // each ledger row names the reversal it took or gave back
    expect(rows.map((r) => [r.reversalId, r.undoneReversalId])).toEqual([
      [null, null],
      [reversal.id, null],
      [null, reversal.id],
    ]);
    expect(await t.prisma.payment.findUniqueOrThrow({ where: { id: row } })).toMatchObject({
      status: 'paid',
      reversedCents: 0,
    });
    // a bundle bought again: premium is back
    expect((await user(member.user.id)).paidUser).toBe(true);
    expect(
      await t.prisma.paymentRefund.findUniqueOrThrow({ where: { providerRef: refundRef } }),
    ).toMatchObject({ status: 'failed' });
    const after = await page(member);
    expect(after.member).toMatchObject({ credits: 60, paid_user: true });
    expect(after.payments[0]).toMatchObject({
      status: 'paid',
      reversed_cents: 0,
      refundable_cents: tryout.priceCents,
    });
    expect(after.reversals).toEqual([
      expect.objectContaining({ kind: 'refund', credits_taken: 60, undone_at: expect.any(String) }),
    ]);
    const own = await as(t, member).get(`/api/payment.php?payment_id=${payment.payment_id}`);
    expect(own.body.payment).toMatchObject({ status: 'paid', reversed_cents: 0 });

    // the webhook replayed, twice, and the sandbox's own retries: nothing changes
    await delivered(ref);
    await delivered(ref);
    await t.app.get(SettlementService).refresh(row);
    expect(await ledger(member.user.id)).toHaveLength(3);
    expect(await t.prisma.payment.findUniqueOrThrow({ where: { id: row } })).toMatchObject({
      status: 'paid',
      reversedCents: 0,
    });
    expect((await user(member.user.id)).credits).toBe(60);

    // the amount is free to refund again: a new refund takes the credits back once more
    const again = await refund(member, row, tryout.priceCents).expect(200);
    expect(again.body).toMatchObject({
      refund: { credits_taken: 60 },
      credits: 0,
      payment: { status: 'refunded', reversed_cents: tryout.priceCents },
    });
    expect((await user(member.user.id)).paidUser).toBe(false);
  });

  it('undoes a failed refund once when refreshes and webhooks race, and books the refunds that stand', async () => {
    const { member, payment, row } = await paid(plus);
    // 10.00 takes 117 credits (116.86 rounded up), then 5.00 takes 59 (176 for 15.00)
    const first = await refund(member, row, 1000).expect(200);
    await refund(member, row, 500).expect(200);
    expect((await user(member.user.id)).credits).toBe(350 - 117 - 59);
    await failQuietly(payment.payment_id, first.body.refund.provider_ref);
    const ref = await sandboxRef(t, payment.payment_id);
    const settlement = t.app.get(SettlementService);
    await t.prisma.payment.update({ where: { id: row }, data: { webhookReadAt: null } });
    const results = await Promise.allSettled([
      settlement.refresh(row),
      settlement.refresh(row),
      settlement.refresh(row),
      webhookLater(t, ref),
      webhookLater(t, ref),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const undos = (await ledgerRows(member.user.id)).filter((r) => r.reason === 'refund_undone');
    expect(undos.map((r) => r.delta)).toEqual([117]);
    expect((await user(member.user.id)).credits).toBe(350 - 59);
    expect(await t.prisma.payment.findUniqueOrThrow({ where: { id: row } })).toMatchObject({
      status: 'paid',
      reversedCents: 500,
    });
    expect(
      (
        await t.prisma.paymentRefund.findMany({ where: { paymentId: row }, orderBy: { id: 'asc' } })
      ).map((r) => r.status),
    ).toEqual(['failed', 'done']);
    // what is left is 24.95; refunding it takes the rest of the 350 credits, no more
    const rest = await refund(member, row, 2495).expect(200);
    expect(rest.body).toMatchObject({
      refund: { credits_taken: 291, credits_short: 0 },
      credits: 0,
      payment: { status: 'refunded', reversed_cents: 2995 },
    });
    const standing = await t.prisma.paymentReversal.findMany({
      where: { paymentId: row, undoneAt: null },
    });
    expect(standing.reduce((sum, r) => sum + r.creditsTaken + r.creditsShort, 0)).toBe(350);
  });

  it('gives back only what a failed refund took when part of its credits were already spent', async () => {
    const { member, payment, row } = await paid(plus);
    await t.prisma.$transaction((tx) =>
      t.app
        .get(CreditsService)
        .debit(tx, { userId: member.user.id, amount: 300, reason: 'message' }),
    );
    const res = await refund(member, row, plus.priceCents).expect(200);
    expect(res.body.refund).toMatchObject({ credits_taken: 50, credits_short: 300 });
    await checkout(t, payment.checkout_url!, { action: 'refund_canceled' }).expect(303);
    await delivered(await sandboxRef(t, payment.payment_id));
    // the 50 taken come back; the 300 spent were never taken
    expect((await ledger(member.user.id)).slice(-2)).toEqual([
      ['refund', -50, 0],
      ['refund_undone', 50, 50],
    ]);
    expect((await user(member.user.id)).paidUser).toBe(true);
  });

  it('is for admins only: every other role and a member get 403, and nothing is refunded', async () => {
    const { member, payment, row } = await paid(tryout);
    for (const roles of [['moderator'], ['operator'], ['moderator', 'operator']] as const) {
      const cookie = await cookieOf(await staffAccount(t, [...roles]), t);
      const res = await refund(member, row, 495, randomUUID(), cookie).expect(403);
      expect(res.body.error).toBe('forbidden');
    }
    await refund(member, row, 495, randomUUID(), member.cookie).expect(403);
    await t
      .http()
      .post(`/api/staff/members/${member.user.id}/payments/${row}/refund`)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', randomUUID())
      .send({ amount_cents: 495, reason: 'zonder sessie' })
      .expect((res) => expect([401, 403]).toContain(res.status));
    expect(await sandboxRefunds(payment.payment_id)).toEqual([]);
    expect((await user(member.user.id)).credits).toBe(60);
    // an admin may
    await refund(member, row, 495).expect(200);
  });

  it('refuses bad input with a clear 4xx: no key, no amount, another member’s or an unpaid payment', async () => {
    const { member, row } = await paid(tryout);
    const other = await newMember(t);
    expect((await refund(member, row, 495, null).expect(400)).body.error).toBe(
      'idempotency_key_required',
    );
    expect((await refund(member, row, 0).expect(400)).body.error).toBe('validation_failed');
    expect((await refund(other, row, 495).expect(404)).body.error).toBe('not_found');
    const open = await startPayment(t, other, { package: tryout.id, method: 'creditcard' });
    const openRow = (
      await t.prisma.payment.findUniqueOrThrow({ where: { paymentId: open.payment_id } })
    ).id;
    expect((await refund(other, openRow, 495).expect(409)).body.error).toBe(
      'payment_not_refundable',
    );
    expect((await user(member.user.id)).credits).toBe(60);
  });
});
