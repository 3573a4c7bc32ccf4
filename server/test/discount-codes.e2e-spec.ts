import { randomBytes, randomUUID } from 'node:crypto';
import { TIME_BONUS_WINDOW_S, type DiscountCode } from '@app/contract';
import type { Prisma } from '../src/generated/prisma/client';
import { PendingPaymentsTask } from '../src/payments/pending-payments.task';
import {
  as,
  checkout,
  createPaymentsTestApp,
  ledgerMismatches,
  newMember,
  paymentStatus,
  sandboxRef,
  startPayment,
  webhookLater,
  type Member,
} from './helpers/payments';
import type { TestApp } from './helpers/test-app';

const DAY_MS = 86_400_000;
const RESERVED =
  'Deze code hoort al bij een betaling die nog openstaat. Rond die betaling af of probeer het ' +
  'later opnieuw.';

/**
 * Discount codes as the security review of 2026-11-25 left them to fix (M1, L3): a checkout
 * reserves its code, so no two open checkouts carry a code meant for one use (or one use per
 * member), and a payment that ends unpaid frees it; a payment paid late gets no discount it no
 * longer qualifies for; the deletion offer is a code of the member's own, never published;
 * codes cannot be guessed at more than 20 an hour.
 */
describe('discount codes: reservations, the deletion offer, guessing', () => {
  let t: TestApp;
  let tryout: { id: number; credits: number };
  let starter: { id: number; credits: number };
  beforeAll(async () => {
    t = await createPaymentsTestApp({ DB_POOL_SIZE: '20' });
    const pick = (slug: string) =>
      t.prisma.creditPackage.findUniqueOrThrow({
        where: { slug },
        select: { id: true, credits: true },
      });
    [tryout, starter] = await Promise.all([pick('tryout'), pick('starter')]);
  });
  afterEach(async () => {
    expect(await ledgerMismatches(t)).toEqual([]);
  });
  afterAll(() => t.close());

  /** A new code of a random name (a site-wide, once-per-member code unless told). */
  async function newCode(data: Partial<Prisma.DiscountCodeUncheckedCreateInput> = {}) {
    const code = `TEST${randomBytes(5).toString('hex').toUpperCase()}`;
    await t.prisma.discountCode.create({ data: { code, valuePercentage: '50.00', ...data } });
    return code;
  }

  const pay = (member: Member, code: string, method = 'ideal', pkg = tryout.id) =>
    as(t, member).post('/api/payment.php', { package: pkg, method, code });
  const lookUp = (member: Member, code: string) =>
    as(t, member).get(`/api/discountcode.php?code=${code}`);
  const quote = (member: Member, code: string, pkg = tryout.id) =>
    as(t, member).get(`/api/payment-methods.php?package=${pkg}&code=${code}`);
  const credits = async (member: Member) =>
    (await t.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } })).credits;
  const redemptions = (code: string) =>
    t.prisma.discountRedemption.findMany({
      where: { code: { code } },
      select: { state: true, payment: { select: { paymentId: true } } },
    });

  /** The provider reports a payment paid after all (and says so through the webhook). */
  async function paidLate(paymentId: string) {
    const ref = await sandboxRef(t, paymentId);
    await t.prisma.sandboxPayment.update({ where: { ref }, data: { status: 'paid' } });
    expect((await webhookLater(t, ref)).status).toBe(200);
  }

  describe('a checkout reserves its code', () => {
    it('refuses a second and a third open checkout of a member with a once-per-member code', async () => {
      const member = await newMember(t);
      const code = await newCode();
      // a bank transfer stays open for days
      const first = await startPayment(t, member, { package: starter.id, method: 'sct', code });
      expect(first).toMatchObject({ amount_cents: 747, discount_cents: 748 });
      for (const method of ['ideal', 'creditcard']) {
        const res = await pay(member, code, method, starter.id).expect(409);
        expect(res.body).toMatchObject({ error: 'discount_reserved', message: RESERVED });
      }
      await lookUp(member, code).expect(409);
      await quote(member, code, starter.id).expect(409);
      expect(await t.prisma.payment.count({ where: { userId: member.user.id } })).toBe(1);

      await checkout(t, first.checkout_url!, { action: 'paid' }).expect(303);
      expect(await credits(member)).toBe(starter.credits);
      expect(await redemptions(code)).toEqual([
        { state: 'claimed', payment: { paymentId: first.payment_id } },
      ]);
      const used = await pay(member, code, 'ideal', starter.id).expect(409);
      expect(used.body).toMatchObject({ error: 'discount_used', message: 'Code reeds gebruikt' });
    });

    it('keeps a single-use code to the one checkout that reserved it, for as long as it is open', async () => {
      const [first, second] = await Promise.all([newMember(t), newMember(t)]);
      const code = await newCode({ validity: 'once', valuePercentage: '30.00' });
      const held = await startPayment(t, first, { package: tryout.id, method: 'sct', code });
      // not on a second checkout of the same member either
      await pay(first, code, 'creditcard').expect(409);
      // an hour later the bank transfer is still open, and still has the code
      await t.prisma.payment.update({
        where: { paymentId: held.payment_id },
        data: { createdAt: new Date(Date.now() - 3_600_000) },
      });
      const refused = await pay(second, code).expect(409);
      expect(refused.body.error).toBe('discount_reserved');
      await lookUp(second, code).expect(409);

      await checkout(t, held.checkout_url!, { action: 'paid' }).expect(303);
      expect((await pay(second, code).expect(409)).body.error).toBe('discount_used');
      expect(await redemptions(code)).toHaveLength(1);
    });

    it('frees the code for the next checkout when its payment failed, expired or was cancelled', async () => {
      const members = await Promise.all([0, 1, 2, 3].map(() => newMember(t)));
      const once = await newCode({ validity: 'once', valuePercentage: '30.00' });
      for (const [i, outcome] of ['failed', 'expired', 'canceled'].entries()) {
        const payment = await startPayment(t, members[i], {
          package: tryout.id,
          method: 'ideal',
          code: once,
        });
        await pay(members[i + 1], once).expect(409);
        await checkout(t, payment.checkout_url!, { action: outcome }).expect(303);
        expect(await redemptions(once)).toEqual([]);
      }
      const last = await startPayment(t, members[3], {
        package: tryout.id,
        method: 'ideal',
        code: once,
      });
      expect(last.discount_cents).toBe(149);

      // a member's own code meant for one use each, after a cancelled checkout
      const mine = await newCode();
      const cancelled = await startPayment(t, members[0], {
        package: tryout.id,
        method: 'paypal',
        code: mine,
      });
      await checkout(t, cancelled.checkout_url!, { action: 'canceled' }).expect(303);
      await pay(members[0], mine, 'creditcard').expect(201);
    });

    it('gives no second discount to a payment paid after its code was freed and taken again', async () => {
      const member = await newMember(t);
      const code = await newCode();
      const late = await startPayment(t, member, { package: starter.id, method: 'sct', code });
      await checkout(t, late.checkout_url!, { action: 'expired' }).expect(303);
      const next = await startPayment(t, member, { package: starter.id, method: 'ideal', code });

      await paidLate(late.payment_id);
      // EUR 7.47 paid buys 7.47 / 14.95 of the package's credits, at the full price
      const share = Math.floor((starter.credits * 747) / 1495);
      expect(await paymentStatus(t, member, late.payment_id)).toMatchObject({
        status: 'paid',
        amount_cents: 747,
        discount_cents: 0,
        credits: share,
      });
      expect(await credits(member)).toBe(share);

      await checkout(t, next.checkout_url!, { action: 'paid' }).expect(303);
      expect(await paymentStatus(t, member, next.payment_id)).toMatchObject({
        discount_cents: 748,
        credits: starter.credits,
      });
      expect(await credits(member)).toBe(share + starter.credits);
      expect(await redemptions(code)).toEqual([
        { state: 'claimed', payment: { paymentId: next.payment_id } },
      ]);
    });

    it('gives the welcome discount to a payment paid late only while the member could still have it', async () => {
      const anHourAgo = () => new Date(Date.now() - 3_600_000);
      const [early, slow, buyer] = await Promise.all(
        [0, 1, 2].map(() => newMember(t, { signupDate: anHourAgo() })),
      );
      const welcome = async (member: Member) => {
        const body = { package: tryout.id, method: 'ideal', code: 'TIMEBONUS25' };
        const payment = await startPayment(t, member, body);
        await checkout(t, payment.checkout_url!, { action: 'expired' }).expect(303);
        return payment;
      };
      const [a, b, c] = [await welcome(early), await welcome(slow), await welcome(buyer)];

      // inside the window, before any purchase: the discount stands
      await paidLate(a.payment_id);
      expect(await paymentStatus(t, early, a.payment_id)).toMatchObject({
        discount_cents: 124,
        credits: tryout.credits,
      });

      // past the window, or after another purchase: the payment is booked at the full price
      await t.prisma.user.update({
        where: { id: slow.user.id },
        data: { signupDate: new Date(Date.now() - (TIME_BONUS_WINDOW_S + 60) * 1000) },
      });
      const full = await startPayment(t, buyer, { package: tryout.id, method: 'creditcard' });
      await checkout(t, full.checkout_url!, { action: 'paid' }).expect(303);
      const share = Math.floor((tryout.credits * 371) / 495);
      for (const [member, payment] of [
        [slow, b],
        [buyer, c],
      ] as const) {
        await paidLate(payment.payment_id);
        expect(await paymentStatus(t, member, payment.payment_id)).toMatchObject({
          amount_cents: 371,
          discount_cents: 0,
          credits: share,
        });
      }
      expect(await credits(buyer)).toBe(tryout.credits + share);
    });

    it('frees the code of a payment that never reached the provider after an hour, and of one pending past the 30 days watched', async () => {
      const [member, other] = await Promise.all([newMember(t), newMember(t)]);
      const code = await newCode({ validity: 'once' });
      const key = randomUUID();
      const body = { package: tryout.id, method: 'ideal', code };
      const stuck = await startPayment(t, member, body, key);
      // as if the provider had not answered: no reference, and (a failed call keeps no
      // idempotency record) a retry would run again
      await t.prisma.payment.update({
        where: { paymentId: stuck.payment_id },
        data: { providerRef: null, checkoutUrl: null },
      });
      await t.prisma.idempotencyRecord.deleteMany({ where: { key } });
      const task = t.app.get(PendingPaymentsTask);
      const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

      expect(await task.run(inMinutes(30))).toMatchObject({ expired: 0 });
      await pay(other, code).expect(409);
      expect(await task.run(inMinutes(61))).toMatchObject({ expired: 1 });
      // the retry finds the expired payment and no longer hands it to the provider
      const retried = await startPayment(t, member, body, key);
      expect(retried).toMatchObject({
        payment_id: stuck.payment_id,
        status: 'expired',
        checkout_url: null,
      });
      expect(await sandboxRef(t, stuck.payment_id)).toBeNull();

      const open = await startPayment(t, other, { ...body, method: 'sct' });
      await t.prisma.payment.update({
        where: { paymentId: open.payment_id },
        data: { createdAt: new Date(Date.now() - 31 * DAY_MS) },
      });
      expect(await task.run()).toMatchObject({ released: 1 });
      expect(await redemptions(code)).toEqual([]);
      expect((await paymentStatus(t, other, open.payment_id)).status).toBe('pending');
    });
  });

  describe('the deletion offer', () => {
    /** The member asks for deletion on the deletion page (past its alternatives). */
    const startDeletion = (member: Member) =>
      as(t, member).post('/api/account-delete-start.php', {}, null).expect(200, { ok: true });
    /** The offer as the deletion page asks for it: once the member asked for deletion. */
    const offer = async (member: Member) => {
      await startDeletion(member);
      return (await as(t, member).post('/api/delete-discount.php', {}, null).expect(200)).body
        .discountcode as DiscountCode | null;
    };

    it('is made only to a member who asked for deletion, and its code is refused once they stayed', async () => {
      const member = await newMember(t);
      const refused = await as(t, member).post('/api/delete-discount.php', {}, null).expect(409);
      expect(refused.body).toMatchObject({
        error: 'deletion_not_started',
        message: 'Deze aanbieding krijg je alleen als je je account wilt verwijderen.',
      });
      expect(await t.prisma.discountCode.count({ where: { userId: member.user.id } })).toBe(0);

      const { code } = (await offer(member))!;
      await quote(member, code).expect(200);
      // the member stays after all: the deletion they began is over, and the code with it
      await t
        .http()
        .delete('/api/account-delete-start.php')
        .set('Cookie', member.cookie)
        .set('X-Request-Type', 'client')
        .expect(200, { ok: true });
      const atPayment = await pay(member, code, 'ideal', starter.id).expect(410);
      expect(atPayment.body).toMatchObject({
        error: 'discount_offer_ended',
        message: 'Deze kortingscode gold alleen zolang je je account aan het verwijderen was.',
      });
      expect((await lookUp(member, code).expect(410)).body.error).toBe('discount_offer_ended');
      await as(t, member).post('/api/delete-discount.php', {}, null).expect(409);
      expect(await t.prisma.payment.count({ where: { userId: member.user.id } })).toBe(0);
    });

    it('tells visitors and members only that there is an offer, never a code', async () => {
      const member = await newMember(t);
      const answers = [
        await t.http().get('/api/companyinfo.php').expect(200),
        await as(t, member).get('/api/companyinfo.php').expect(200),
      ];
      for (const res of answers) {
        expect(res.body.companyinfo.delete_discount).toBe(true);
        expect(JSON.stringify(res.body)).not.toContain('STAY50');
      }
    });

    it('accepts its code only from the member it was issued to, and never the published STAY50', async () => {
      const [owner, other] = await Promise.all([newMember(t), newMember(t)]);
      for (const member of [owner, other]) {
        expect((await pay(member, 'STAY50').expect(404)).body.error).toBe('discount_not_found');
        await lookUp(member, 'STAY50').expect(404);
      }
      await t.http().post('/api/delete-discount.php').set('X-Request-Type', 'client').expect(403);

      const mine = (await offer(owner))!;
      expect(mine).toMatchObject({
        code: expect.stringMatching(/^STAY50-[A-Z2-9]{10}$/),
        value_percentage: 50,
        validity: 'once_per_user',
        expired: false,
      });
      expect(Date.parse(mine.expires!)).toBeCloseTo(Date.now() + 7 * DAY_MS, -5);
      expect((await offer(owner))!.code).toBe(mine.code);

      await lookUp(other, mine.code).expect(404);
      await quote(other, mine.code, starter.id).expect(404);
      await pay(other, mine.code, 'ideal', starter.id).expect(404);
      expect((await offer(other))!.code).not.toBe(mine.code);

      const paid = await startPayment(t, owner, {
        package: starter.id,
        method: 'ideal',
        code: mine.code,
      });
      expect(paid).toMatchObject({ amount_cents: 747, discount_cents: 748 });
    });

    it('makes the offer no more once its code was used, and again when it ran out unused', async () => {
      const [user, idle] = await Promise.all([newMember(t), newMember(t)]);
      const code = (await offer(user))!.code;
      const payment = await startPayment(t, user, { package: tryout.id, method: 'ideal', code });
      await checkout(t, payment.checkout_url!, { action: 'paid' }).expect(303);
      expect(await offer(user)).toBeNull();

      const first = (await offer(idle))!;
      await t.prisma.discountCode.update({
        where: { code: first.code },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      await lookUp(idle, first.code).expect(200);
      await pay(idle, first.code).expect(410);
      const again = (await offer(idle))!;
      expect(again).toMatchObject({ code: first.code, expired: false });
      expect(Date.parse(again.expires!)).toBeCloseTo(Date.now() + 7 * DAY_MS, -5);
    });
  });

  describe('guessing codes', () => {
    it('answers the 21st code not found in an hour with 429, whichever route the codes came through', async () => {
      const [member, other] = await Promise.all([newMember(t), newMember(t)]);
      const known = await newCode({ validity: 'unlimited', valuePercentage: '10.00' });
      for (let i = 0; i < 8; i += 1) await lookUp(member, `GUESS${i}`).expect(404);
      for (let i = 8; i < 14; i += 1) await quote(member, `GUESS${i}`).expect(404);
      for (let i = 14; i < 20; i += 1) await pay(member, `GUESS${i}`).expect(404);

      const refused = await lookUp(member, 'GUESS20').expect(429);
      expect(refused.body.error).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      // from now on a code that exists gets the same answer: the limit tells nothing
      await lookUp(member, known).expect(429);
      await quote(member, known).expect(429);
      await pay(member, known).expect(429);
      // paying without a code still works, and other members are counted on their own
      await as(t, member).get(`/api/payment-methods.php?package=${tryout.id}`).expect(200);
      await lookUp(other, known).expect(200);
    });

    it('answers no more than 20 of a burst of guesses sent at once', async () => {
      const member = await newMember(t);
      const known = await newCode({ validity: 'unlimited', valuePercentage: '10.00' });
      const names = Array.from({ length: 40 }, (_, i) => (i === 35 ? known : `BURST${i}`));
      const answers = await Promise.all(names.map((name) => lookUp(member, name)));
      const counts = answers.reduce<Record<number, number>>((all, res) => {
        all[res.status] = (all[res.status] ?? 0) + 1;
        return all;
      }, {});
      // each lookup is counted before it is answered (a code found gives its point back)
      expect(counts[404]).toBeLessThanOrEqual(20);
      expect(counts[429]).toBeGreaterThanOrEqual(19);
    });

    it('never counts a code that exists, however often a member uses it', async () => {
      const member = await newMember(t);
      const known = await newCode({ validity: 'unlimited', valuePercentage: '10.00' });
      for (let i = 0; i < 25; i += 1) await lookUp(member, known).expect(200);
      for (let i = 0; i < 5; i += 1) await quote(member, known).expect(200);
      await lookUp(member, 'NOPE').expect(404);
    });
  });
});
