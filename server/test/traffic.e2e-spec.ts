import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, trafficResponse, type TrafficResponse } from '@app/contract';
import { TrafficRollupTask } from '../src/traffic';
import { MAX_SOURCES_PER_DAY, beaconKey } from '../src/traffic/traffic-beacons.service';
import { staffCookie } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Which traffic pays (issue 36, point 1): the beacons counted in Redis, the worker's rollup into
 * daily_traffic per Amsterdam day and source, and the admins' report and CSV read from it alone.
 * The days are in 2031 (nothing else in the database is then); NOW is 17:00 CEST on 30 March.
 */
describe('the traffic report (admins)', () => {
  let t: TestApp;
  let admin: string;
  const NOW = new Date('2031-03-30T15:00:00Z');
  let seq = 0;

  const member = async (
    signupDate: Date,
    tracking: Record<string, string> | null,
    confirmedAt: Date | null = null,
  ) => {
    const user = await t.prisma.user.create({
      data: {
        email: `traffic${(seq += 1)}-${randomUUID()}@example.test`,
        status: confirmedAt ? 'confirmed' : 'not_confirmed',
        signupDate,
        confirmedAt,
        ...(tracking ? { tracking: { create: tracking } } : {}),
      },
    });
    return user;
  };
  const pay = (userId: number, paidAt: Date, amountCents: number, currency = 'EUR') =>
    t.prisma.payment.create({
      data: {
        paymentId: `traffic-${randomUUID()}`,
        userId,
        method: 'ideal',
        credits: 10,
        amountCents,
        currency,
        provider: 'sandbox',
        idempotencyKey: randomUUID(),
        status: 'paid',
        paidAt,
        createdAt: paidAt,
      },
    });
  const beacon = (kind: 'visit' | 'bounce', source: Record<string, string>) =>
    t.http().post('/api/traffic-beacon.php').send({ kind, source }).expect(200);
  const report = async (query: Record<string, string>) => {
    const res = await t
      .http()
      .get('/api/staff/traffic')
      .query(query)
      .set('Cookie', admin)
      .expect(200);
    return trafficResponse.parse(res.body) as TrafficResponse;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t, ['admin']);
    // the click-id field of "adnet" is sub1: one value per click, never a source of the rollup
    await t.prisma.affiliateNetwork.create({
      data: {
        network: 'adnet',
        postbackUrl: 'https://adnet.example/pb?c={click_id}',
        clickIdParam: 'sub1',
      },
    });
    const at = (iso: string) => new Date(iso);
    // the 29th: two from adnet's video lander (one activated that day, one paying twice), one
    // from "mail" without lander, one without tracking; 23:30 UTC on the 29th is the 30th there
    const a = await member(
      at('2031-03-29T10:00:00Z'),
      { network: 'adnet', sub1: 'click-1', sub2: 'banner', lander: 'video', slug: 'spring' },
      at('2031-03-29T11:00:00Z'),
    );
    const b = await member(
      at('2031-03-29T12:00:00Z'),
      { network: 'adnet', sub1: 'click-2', sub2: 'banner', lander: 'video', slug: 'spring' },
      at('2031-03-30T09:00:00Z'),
    );
    await member(at('2031-03-29T13:00:00Z'), { network: 'mail', ref: '=cmd()' });
    await member(at('2031-03-29T14:00:00Z'), null);
    await member(at('2031-03-29T23:30:00Z'), { network: 'mail', ref: '=cmd()' });
    await pay(b.id, at('2031-03-29T15:00:00Z'), 1250);
    await pay(b.id, at('2031-03-29T16:00:00Z'), 500);
    await pay(a.id, at('2031-03-30T08:00:00Z'), 999, 'GBP');
  });
  afterAll(() => t.close());

  it('counts visits and bounces per source from the beacons and rolls every day up with the members of its source', async () => {
    const video = {
      network: 'adnet',
      sub1: 'click-9',
      sub2: 'banner',
      lander: 'video',
      slug: 'spring',
    };
    // beacons are counted on today's Amsterdam day: put them on the 29th by their Redis key
    for (let i = 0; i < 4; i += 1) await beacon('visit', video);
    await beacon('bounce', video);
    await beacon('visit', { network: 'mail', ref: '=cmd()' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
      new Date(),
    );
    for (const kind of ['visit', 'bounce'] as const) {
      await t.redis.rename(beaconKey(kind, today), beaconKey(kind, '2031-03-29'));
    }
    const task = t.app.get(TrafficRollupTask);
    const first = await task.run(NOW);
    expect(first.rolledUp).toBe(90);
    const rows = await t.prisma.dailyTraffic.findMany({
      where: { day: new Date('2031-03-29T00:00:00Z') },
      orderBy: [{ network: 'asc' }, { ref: 'asc' }],
    });
    expect(rows.map(({ day: _day, ...row }) => row)).toEqual([
      expect.objectContaining({ network: '', signups: 1, visits: 0 }),
      {
        network: 'adnet',
        ref: '',
        sub1: '', // the click id is no source
        sub2: 'banner',
        sub3: '',
        lander: 'video',
        slug: 'spring',
        visits: 4,
        bounces: 1,
        signups: 2,
        activations: 1,
        firstPurchases: 1,
        revenue: { EUR: 1750 },
      },
      expect.objectContaining({ network: 'mail', ref: '=cmd()', visits: 1, signups: 1 }),
    ]);
    // a second run replaces the days not final with the same rows, and leaves final days alone
    const second = await task.run(NOW);
    expect(second.rolledUp).toBe(1); // today: the 29th was final (computed after it ended)
    expect(
      await t.prisma.dailyTraffic.findMany({
        where: { day: new Date('2031-03-29T00:00:00Z') },
        orderBy: [{ network: 'asc' }, { ref: 'asc' }],
      }),
    ).toEqual(rows);
    // two workers rolling the day up at once (the hourly job on two worker replicas): one waits
    // for the other, both succeed, and the day holds the same rows once. The run that reads the
    // final days first rolls up both days; the other, when it reads them after the first has
    // finished the 29th, finds that day final and rolls up today only
    await t.prisma.trafficRollupDay.delete({ where: { day: new Date('2031-03-29T00:00:00Z') } });
    const both = await Promise.all([task.run(NOW), task.run(NOW)]);
    expect(Math.max(...both.map((run) => run.rolledUp))).toBe(2);
    expect(Math.min(...both.map((run) => run.rolledUp))).toBeGreaterThanOrEqual(1);
    expect(
      await t.prisma.dailyTraffic.findMany({
        where: { day: new Date('2031-03-29T00:00:00Z') },
        orderBy: [{ network: 'asc' }, { ref: 'asc' }],
      }),
    ).toEqual(rows);
  });

  it('reports per source with revenue per signup, and per day for the chart, filtered', async () => {
    const all = await report({ from: '2031-03-29', to: '2031-03-30', group_by: 'network' });
    expect(all.rows.map((row) => [row.key, row.signups])).toEqual([
      ['adnet', 2], // as many signups as mail, more visits
      ['mail', 2],
      ['', 1],
    ]);
    const adnet = all.rows.find((row) => row.key === 'adnet')!;
    expect(adnet).toMatchObject({
      visits: 4,
      bounces: 1,
      activations: 2, // a on the 29th, b on the 30th
      first_purchases: 2, // b on the 29th, a on the 30th
      revenue: [
        { currency: 'EUR', amount_cents: 1750 },
        { currency: 'GBP', amount_cents: 999 },
      ],
      revenue_per_signup: [
        { currency: 'EUR', amount_cents: 875 },
        { currency: 'GBP', amount_cents: 499 },
      ],
    });
    expect(all.days.map((day) => [day.day, day.signups])).toEqual([
      ['2031-03-29', 4],
      ['2031-03-30', 1],
    ]);
    expect(all.totals.signups).toBe(5);
    expect(all.networks).toEqual(['adnet', 'mail']);
    expect(all.landers).toEqual(['video']);
    const byLander = await report({
      from: '2031-03-29',
      to: '2031-03-30',
      network: 'adnet',
      group_by: 'slug',
    });
    expect(byLander.rows).toEqual([expect.objectContaining({ key: 'spring', signups: 2 })]);
    const none = await report({
      from: '2031-03-29',
      to: '2031-03-30',
      network: '-',
      group_by: 'day',
    });
    expect(none.rows.map((row) => [row.key, row.signups])).toEqual([['2031-03-29', 1]]);
  });

  it('exports every day and source as CSV, a formula in a source quoted away', async () => {
    const res = await t
      .http()
      .get('/api/staff/traffic/report.csv')
      .query({ from: '2031-03-29', to: '2031-03-29' })
      .set('Cookie', admin)
      .expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,network,ref,sub1,sub2,sub3,lander,slug,visits,bounces,signups,activations,first_purchases,revenue_EUR,revenue_per_signup_EUR',
    );
    expect(lines).toContain('2031-03-29,adnet,,,banner,,video,spring,4,1,2,1,1,17.50,8.75');
    expect(lines).toContain("2031-03-29,mail,'=cmd(),,,,,,1,0,1,0,0,0.00,0.00");
  });

  it("refuses a range that ends before it starts or spans more than a year, in the caller's language", async () => {
    const backwards = await t
      .http()
      .get('/api/staff/traffic')
      .query({ from: '2031-03-30', to: '2031-03-01' })
      .set('Cookie', admin)
      .set('Accept-Language', 'nl');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('validation_failed');
    const long = await t
      .http()
      .get('/api/staff/traffic')
      .query({ from: '2029-01-01', to: '2031-03-01' })
      .set('Cookie', admin);
    expect(long.status).toBe(400);
    const bad = await t
      .http()
      .get('/api/staff/traffic')
      .query({ group_by: 'email' })
      .set('Cookie', admin);
    expect(bad.status).toBe(400);
  });

  it('lets only admins read the report and its CSV, every other staff role and members are refused', async () => {
    for (const role of STAFF_ROLES) {
      const cookie = await staffCookie(t, [role]);
      for (const path of [
        '/api/staff/traffic',
        '/api/staff/traffic/report.csv',
        '/api/staff/traffic/postbacks',
      ]) {
        const res = await t.http().get(path).set('Cookie', cookie);
        expect([role, path, res.status]).toEqual([role, path, role === 'admin' ? 200 : 403]);
      }
    }
    const visitor = await t.http().get('/api/staff/traffic');
    expect(visitor.status).toBe(403);
  });

  it("counts a day's beacons of at most so many sources, the rest under one overflow source", async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
      new Date(),
    );
    const key = beaconKey('visit', day);
    await t.redis.del(key);
    // fill the hash up to its cap directly (as many beacons would), then one more source
    const fill: string[] = [];
    for (let i = 0; i < MAX_SOURCES_PER_DAY; i += 1)
      fill.push(JSON.stringify([`n${i}`, '', '', '', '', '', '']), '1');
    await t.redis.hset(key, ...fill);
    await beacon('visit', { network: 'one-too-many' });
    await beacon('visit', { network: 'n7' });
    const hash = await t.redis.hgetall(key);
    expect(Object.keys(hash)).toHaveLength(MAX_SOURCES_PER_DAY + 1);
    expect(hash[JSON.stringify(['(other)', '', '', '', '', '', ''])]).toBe('1');
    expect(hash[JSON.stringify(['n7', '', '', '', '', '', ''])]).toBe('2');
    await t.redis.del(key);
  });
});
