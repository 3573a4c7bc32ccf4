import { seedConversation } from '../../prisma/seed/conversation';
import { randomUUID } from 'node:crypto';
import { figuresResponse, type FiguresResponse } from '@app/contract';
import { Prisma, type PaymentMethod } from '../src/generated/prisma/client';
import { FiguresRollupTask } from '../src/figures';
import { FiguresService } from '../src/figures/figures.service';
import { figuresStatements } from '../src/figures/figures.sql';
import { staffCookie } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The console's figures per Europe/Amsterdam day. The seeded days are in 2031 around the night
 * of 29-30 March, when the clocks go forward (01:00 UTC): 22:30 UTC is still the 29th there
 * (23:30 CET), 23:30 UTC is already the 30th (00:30). Nothing else in the database is that late.
 */
describe('figures (admins)', () => {
  let t: TestApp;
  const NOW = new Date('2031-03-30T15:00:00Z'); // 17:00 CEST on the 30th
  let seq = 0;

  const member = async (signupDate: Date, confirmedAt: Date | null = null) =>
    t.prisma.user.create({
      data: {
        email: `figures${(seq += 1)}-${randomUUID()}@example.test`,
        status: confirmedAt ? 'confirmed' : 'not_confirmed',
        signupDate,
        confirmedAt,
      },
    });
  const payment = (
    userId: number,
    paidAt: Date | null,
    method: PaymentMethod,
    amountCents: number,
  ) =>
    t.prisma.payment.create({
      data: {
        paymentId: `fig-${randomUUID()}`,
        userId,
        method,
        credits: 10,
        amountCents,
        provider: 'sandbox',
        idempotencyKey: randomUUID(),
        status: paidAt ? 'paid' : 'pending',
        paidAt,
        createdAt: paidAt ?? NOW,
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const at = (iso: string) => new Date(iso);
    // signups: the 28th (23:30 CET) and the 29th (00:30 CET); a staff account is no signup
    await member(at('2031-03-28T22:30:00Z'));
    const late = await member(at('2031-03-28T23:30:00Z'));
    await t.prisma.user.create({
      data: {
        email: `figures-staff-${randomUUID()}@staff.test`,
        roles: ['moderator'],
        signupDate: at('2031-03-29T12:00:00Z'),
        confirmedAt: at('2031-03-29T12:00:00Z'),
        status: 'confirmed',
      },
    });
    // activations: the 29th (23:30 CET) and the 30th (00:30 CET, the night of the clock change)
    const a = await member(at('2031-01-01T12:00:00Z'), at('2031-03-29T22:30:00Z'));
    const b = await member(at('2031-01-01T12:00:00Z'), at('2031-03-29T23:30:00Z'));
    const c = await member(at('2031-01-01T12:00:00Z'), at('2031-01-02T12:00:00Z'));
    // payments: a's first on the 27th, again on the 30th (00:10 CEST... 01:10 after the change);
    // b's first on the 29th at 23:50; c's first before the range, again on the 26th; one pending
    await payment(a.id, at('2031-03-27T10:00:00Z'), 'ideal', 1000);
    await payment(a.id, at('2031-03-29T23:10:00Z'), 'creditcard', 2500);
    await payment(b.id, at('2031-03-29T22:50:00Z'), 'ideal', 500);
    await payment(c.id, at('2031-03-01T10:00:00Z'), 'ideal', 9999);
    await payment(c.id, at('2031-03-26T12:00:00Z'), 'paypal', 700);
    await payment(late.id, null, 'ideal', 1234);
    // messages: one on the 29th (23:59 CET), two on the 30th
    await seedConversation(t.seedClient, a.id, b.id, {
      messages: ['2031-03-29T22:59:00Z', '2031-03-29T23:01:00Z', '2031-03-30T14:00:00Z'].map(
        (iso) => ({ type: 'text' as const, body: 'hallo', createdAt: at(iso) }),
      ),
    });
  });
  afterAll(() => t.close());

  const figures = (now = NOW, range: 7 | 30 | 90 = 7) => t.app.get(FiguresService).read(range, now);
  const day = (response: FiguresResponse, date: string) =>
    response.days.find((entry) => entry.day === date)!;
  const stable = (response: FiguresResponse) => ({ ...response, generated_at: '', queue: null });

  it('counts each figure on the Amsterdam day it happened, across midnight and the clock change', async () => {
    const response = figuresResponse.parse(await figures());
    expect(response.from).toBe('2031-03-24');
    expect(response.to).toBe('2031-03-30');
    expect(response.time_zone).toBe('Europe/Amsterdam');
    expect(response.days.map((entry) => entry.day)).toEqual([
      '2031-03-24',
      '2031-03-25',
      '2031-03-26',
      '2031-03-27',
      '2031-03-28',
      '2031-03-29',
      '2031-03-30',
    ]);
    const pick = (date: string) => {
      const { signups, activations, first_purchases, messages, revenue } = day(response, date);
      return { signups, activations, first_purchases, messages, revenue };
    };
    expect(pick('2031-03-26')).toEqual({
      signups: 0,
      activations: 0,
      first_purchases: 0, // c paid before, on the 1st
      messages: 0,
      revenue: [{ currency: 'EUR', method: 'paypal', payments: 1, amount_cents: 700 }],
    });
    expect(pick('2031-03-27')).toMatchObject({ first_purchases: 1 });
    expect(pick('2031-03-28')).toMatchObject({ signups: 1, activations: 0 });
    expect(pick('2031-03-29')).toEqual({
      signups: 1,
      activations: 1,
      first_purchases: 1,
      messages: 1,
      revenue: [{ currency: 'EUR', method: 'ideal', payments: 1, amount_cents: 500 }],
    });
    expect(pick('2031-03-30')).toEqual({
      signups: 0,
      activations: 1,
      first_purchases: 0, // a's second
      messages: 2,
      revenue: [{ currency: 'EUR', method: 'creditcard', payments: 1, amount_cents: 2500 }],
    });
    expect(response.totals).toEqual({
      signups: 2,
      activations: 2,
      first_purchases: 2,
      messages: 3,
      revenue: [
        { currency: 'EUR', method: 'creditcard', payments: 1, amount_cents: 2500 },
        { currency: 'EUR', method: 'ideal', payments: 2, amount_cents: 1500 },
        { currency: 'EUR', method: 'paypal', payments: 1, amount_cents: 700 },
      ],
    });
  });

  it('gives the photo queue now: its length and its oldest wait, for today', async () => {
    const before = await figures();
    const profile = await t.prisma.profile.create({
      data: {
        userId: (await member(new Date('2031-01-01T12:00:00Z'))).id,
        name: 'Wachtend',
        gender: 'female',
        dateOfBirth: new Date('1990-01-01'),
        countryCode: 'NL',
      },
    });
    await t.prisma.photo.create({
      data: {
        profileId: profile.id,
        filename: `${randomUUID()}.jpg`,
        thumbFilename: `${randomUUID()}.jpg`,
        width: 10,
        height: 10,
        createdAt: new Date('2031-03-30T14:00:00Z'),
      },
    });
    const after = await figures();
    expect(after.queue.waiting).toBe(before.queue.waiting + 1);
    const oldest = await t.prisma.photo.findFirstOrThrow({
      where: { status: 'under_inspection' },
      orderBy: { createdAt: 'asc' },
    });
    expect(after.queue.oldest_since).toBe(oldest.createdAt.toISOString());
    expect(after.queue.oldest_wait_seconds).toBe(
      Math.floor((NOW.getTime() - oldest.createdAt.getTime()) / 1000),
    );
    expect(day(after, '2031-03-30').queue_peak).toBe(after.queue.waiting);
    expect(day(after, '2031-03-29').queue_peak).toBeNull(); // never sampled
  });

  it('rolls past days up once (a second run changes nothing) and then reads them from the rollup', async () => {
    const live = await figures(NOW, 90);
    const task = t.app.get(FiguresRollupTask);
    const first = await task.run(NOW);
    expect(first.rolledUp).toBe(89); // the 89 days before today; today stays live
    const rows = await t.prisma.dailyFigures.findMany({ orderBy: { day: 'asc' } });
    const second = await task.run(NOW);
    expect(second.rolledUp).toBe(0);
    expect(await t.prisma.dailyFigures.findMany({ orderBy: { day: 'asc' } })).toEqual(rows);
    const today = rows.find((row) => row.day.toISOString().startsWith('2031-03-30'))!;
    expect(today.computedAt).toBeNull(); // only the queue sample
    expect(today.queuePeak).toBe(live.queue.waiting);
    // the same figures from the rollup as counted live
    expect(stable(await figures(NOW, 90))).toEqual(stable(live));
    // a past day is read from its row: a signup added to the 28th afterwards is not counted...
    await member(new Date('2031-03-28T12:00:00Z'));
    expect(day(await figures(), '2031-03-28').signups).toBe(1);
    // ...while today is counted live
    await member(new Date('2031-03-30T12:00:00Z'));
    expect(day(await figures(), '2031-03-30').signups).toBe(1);
  });

  it('recounts a day rolled up before it was over, after it ends', async () => {
    const evening = new Date('2031-04-02T20:00:00Z'); // 22:00 CEST on the 2nd
    await member(new Date('2031-04-02T19:00:00Z'));
    await t.prisma.dailyFigures.create({
      data: { day: new Date('2031-04-02T00:00:00Z'), signups: 99, computedAt: evening },
    });
    await member(new Date('2031-04-02T21:30:00Z')); // 23:30 CEST, still the 2nd
    const next = new Date('2031-04-03T08:00:00Z');
    await t.app.get(FiguresRollupTask).run(next);
    const row = await t.prisma.dailyFigures.findUniqueOrThrow({
      where: { day: new Date('2031-04-02T00:00:00Z') },
    });
    expect(row.signups).toBe(2);
    expect(day(await figures(next), '2031-04-02').signups).toBe(2);
  });

  it('reads every figure through an index range, never a scan of the whole table', async () => {
    const statements = figuresStatements('2031-01-01', '2031-04-01');
    const plans: Record<string, string> = {};
    for (const [name, sql] of Object.entries(statements)) {
      plans[name] = await t.prisma.$transaction(async (tx) => {
        // with no row counts to speak of, only an index the query can use keeps it off seq scans
        await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
        const rows = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${sql}`);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    }
    for (const [name, plan] of Object.entries(plans)) {
      expect({ name, seqScan: /Seq Scan/.test(plan) }).toEqual({ name, seqScan: false });
    }
    expect(plans.signups).toMatch(/users_signup_date_idx/);
    expect(plans.activations).toMatch(/users_confirmed_at_idx/);
    expect(plans.revenue).toMatch(/payments_paid_at_idx/);
    // each payment's earlier ones: by the member's index (payments_user_id_*)
    expect(plans.firstPurchases).toMatch(
      /Index (Only )?Scan using payments_user_id_\w+ on payments q/,
    );
    expect(plans.messages).toMatch(/messages_created_at_idx/);
    if (process.env.FIGURES_PLANS)
      console.log(
        Object.entries(plans)
          .map(([n, p]) => `-- ${n}\n${p}`)
          .join('\n\n'),
      );
  });

  it('answers admins over HTTP for 7, 30 and 90 days and refuses other ranges', async () => {
    const admin = await staffCookie(t, ['admin']);
    for (const range of [7, 30, 90]) {
      const res = await t
        .http()
        .get(`/api/staff/figures?range=${range}`)
        .set('Cookie', admin)
        .expect(200);
      const body = figuresResponse.parse(res.body);
      expect(body.days).toHaveLength(range);
      expect(body.days.at(-1)!.day).toBe(body.to);
    }
    const byDefault = await t.http().get('/api/staff/figures').set('Cookie', admin).expect(200);
    expect(byDefault.body.range).toBe(30);
    for (const bad of ['14', '0', 'abc', '7&range=30']) {
      const res = await t.http().get(`/api/staff/figures?range=${bad}`).set('Cookie', admin);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it('refuses moderators, operators and members (403 forbidden)', async () => {
    for (const roles of [['moderator'], ['operator'], ['moderator', 'operator']] as const) {
      const cookie = await staffCookie(t, [...roles]);
      const res = await t.http().get('/api/staff/figures').set('Cookie', cookie).expect(403);
      expect(res.body.error).toBe('forbidden');
    }
    await t.http().get('/api/staff/figures').expect(403);
  });
});
