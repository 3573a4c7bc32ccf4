import { randomUUID } from 'node:crypto';
import type { Payment } from '@app/contract';
import type { SeedMemberOptions } from '../../../prisma/seed/member';
import { loggedInMember } from './accounts';
import { freePort } from './ports';
import { createTestApp, type TestApp } from './test-app';
import { WEBHOOK_READ_INTERVAL_MS } from '../../src/payments/settlement.service';

/**
 * The app listening on a real port that APP_URL names, so the sandbox provider's checkout page
 * and its webhook calls reach it over real HTTP, as a payment service provider's would.
 */
export async function createPaymentsTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // another test worker may take the free port before the app listens on it (seen in CI):
  // then the app is closed and made again on another port
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const t = await createTestApp({ APP_URL: `http://127.0.0.1:${port}`, ...env });
    try {
      await t.app.listen(port, '127.0.0.1');
      return t;
    } catch (error) {
      await t.close();
      if (attempt >= 10 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

export type Member = Awaited<ReturnType<typeof loggedInMember>>;

/**
 * The purchases, which need the consent to immediate delivery (the checkout's checkbox, and the
 * direct debit form's).
 */
const PURCHASES = ['/api/payment.php', '/api/repeat-order.php', '/api/directdebit.php'];

/**
 * Calls of one member: JSON with the session cookie and X-Request-Type. A purchase carries the
 * consent to immediate delivery, as the web's ticked checkbox sends it, unless the body says
 * otherwise (consents.e2e-spec.ts tests a purchase without it).
 */
export function as(t: TestApp, member: { cookie: string }) {
  return {
    get: (path: string) => t.http().get(path).set('Cookie', member.cookie),
    post: (path: string, body: object, key: string | null = randomUUID()) => {
      const req = t.http().post(path).set('Cookie', member.cookie).set('X-Request-Type', 'client');
      if (key) req.set('Idempotency-Key', key);
      return req.send(PURCHASES.includes(path) ? { delivery_consent: true, ...body } : body);
    },
  };
}

/** A new member (signed up now, Dutch, not paid) logged in. */
export function newMember(t: TestApp, options: SeedMemberOptions = {}) {
  return loggedInMember(t, { country: 'NL', language: 'nl', ...options });
}

/** Every member's credit balance equals the sum of their ledger (the invariant of credits). */
export async function ledgerMismatches(t: TestApp) {
  return t.prisma.$queryRaw<{ id: number; credits: number; ledger: number }[]>`
    SELECT u.id, u.credits, COALESCE(SUM(l.delta), 0)::int AS ledger
    FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id
    GROUP BY u.id HAVING u.credits <> COALESCE(SUM(l.delta), 0)`;
}

/** The sandbox checkout page's form post (what the payer's browser sends). */
export function checkout(t: TestApp, checkoutUrl: string, fields: Record<string, string>) {
  const path = new URL(checkoutUrl).pathname;
  return t.http().post(path).type('form').send(fields);
}

/** Starts a payment (201) and answers it. */
export async function startPayment(
  t: TestApp,
  member: Member,
  body: object,
  key: string = randomUUID(),
) {
  const res = await as(t, member).post('/api/payment.php', body, key).expect(201);
  return res.body.payment as Payment;
}

/** The payment as the member reads it (the return check). */
export async function paymentStatus(t: TestApp, member: Member, paymentId: string) {
  const res = await as(t, member).get(`/api/payment.php?payment_id=${paymentId}`).expect(200);
  return res.body.payment as Payment;
}

/** The sandbox's reference of a payment (to change its status at the "provider"). */
export async function sandboxRef(t: TestApp, paymentId: string) {
  return (await t.prisma.payment.findUniqueOrThrow({ where: { paymentId } })).providerRef!;
}

/** The provider's webhook call naming a payment. */
export function webhook(t: TestApp, ref: string) {
  return t.http().post('/api/payment-webhook.php').type('form').send({ id: ref });
}

/**
 * The provider's webhook call once the time in which a payment is read once has passed (moved
 * back, not waited): a later call that reads the payment again.
 */
export async function webhookLater(t: TestApp, ref: string) {
  await t.prisma.payment.updateMany({
    where: { providerRef: ref },
    data: { webhookReadAt: new Date(Date.now() - WEBHOOK_READ_INTERVAL_MS - 1) },
  });
  return webhook(t, ref);
}

/** A seeded credit package by its slug: id, credits and price in euro cents. */
export async function creditPackage(t: TestApp, slug: string) {
  const p = await t.prisma.creditPackage.findUniqueOrThrow({ where: { slug } });
  return { id: p.id, credits: p.credits, priceCents: p.priceCents };
}
