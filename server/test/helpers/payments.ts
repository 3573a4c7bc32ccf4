import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { Payment } from '@app/contract';
import type { SeedMemberOptions } from '../../../prisma/seed/member';
import { loggedInMember } from './accounts';
import { createTestApp, type TestApp } from './test-app';
import { WEBHOOK_READ_INTERVAL_MS } from '../../src/payments/settlement.service';

/** A free port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

export type Member = Awaited<ReturnType<typeof loggedInMember>>;

/** Calls of one member: JSON with the session cookie and X-Request-Type. */
export function as(t: TestApp, member: { cookie: string }) {
  return {
    get: (path: string) => t.http().get(path).set('Cookie', member.cookie),
    post: (path: string, body: object, key: string | null = randomUUID()) => {
      const req = t.http().post(path).set('Cookie', member.cookie).set('X-Request-Type', 'client');
      if (key) req.set('Idempotency-Key', key);
      return req.send(body);
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
