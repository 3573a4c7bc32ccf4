import { randomUUID } from 'node:crypto';
import { BOOST_CREDITS_DEFAULT } from '@app/contract';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { BoostedMembers } from '../src/boosts';
import { BoostsPurge } from '../src/boosts/boosts.purge';
import { CreditsService } from '../src/credits';
import { ExportRegistry } from '../src/export-steps';
import { PurgeRegistry } from '../src/purge';
import { SettingsService } from '../src/settings';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { staffCookie } from './helpers/staff';
import { useTestApp } from './helpers/test-app';

const MINUTE = 60_000;
const DAY = 86_400_000;

type Card = { id: number; name: string; boosted: boolean };

describe('boosts (GET/POST /api/boost.php)', () => {
  // a racing pair needs two connections at once
  const t = useTestApp({ DB_POOL_SIZE: '10' });
  const seed = (options: SeedMemberOptions = {}) => seedTestMember(t, options);
  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);

  /** A logged-in member in a province of NL, with `credits` bought (a ledger row for them). */
  async function member(region: string, credits = 0, options: SeedMemberOptions = {}) {
    const m = await loggedIn({ country: 'NL', region, gender: 'female', ...options });
    if (credits > 0) {
      await t.prisma.$transaction((tx) =>
        t.app
          .get(CreditsService)
          .credit(tx, { userId: m.user.id, amount: credits, reason: 'purchase' }),
      );
    }
    return m;
  }
  const buy = (cookie: string, key: string = randomUUID()) =>
    t
      .http()
      .post('/api/boost.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', key)
      .send({});
  const status = (cookie: string) =>
    t.http().get('/api/boost.php').set('Cookie', cookie).expect(200);
  const search = (query: string, cookie?: string) => {
    const req = t.http().get(`/api/search.php?${query}`);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const ledger = (userId: number) =>
    t.prisma.creditLedgerEntry.findMany({ where: { userId }, orderBy: { id: 'asc' } });
  const balance = async (userId: number) =>
    (await t.prisma.user.findUniqueOrThrow({ where: { id: userId } })).credits;
  const regionId = async (code: string) =>
    (await t.prisma.region.findFirstOrThrow({ where: { countryCode: 'NL', code } })).id;
  /** Moves a member's boosts `ms` into the past (their length kept). */
  const age = async (userId: number, ms: number) => {
    for (const b of await t.prisma.boost.findMany({ where: { userId } })) {
      await t.prisma.boost.update({
        where: { id: b.id },
        data: {
          startsAt: new Date(b.startsAt.getTime() - ms),
          endsAt: new Date(b.endsAt.getTime() - ms),
        },
      });
    }
  };

  it('buys a boost with credits: one ledger row names it, and the ledger adds up to the balance', async () => {
    const me = await member('UT', 120);
    const before = await status(me.cookie);
    expect(before.body).toMatchObject({
      boost: null,
      price: BOOST_CREDITS_DEFAULT,
      minutes: 30,
      credits: 120,
      premium: false,
      free_available: false,
      region: expect.any(String),
      blocker: null,
    });
    const res = await buy(me.cookie).expect(201);
    expect(res.body).toMatchObject({
      boost: { credits: BOOST_CREDITS_DEFAULT, free: false },
      credits: 120 - BOOST_CREDITS_DEFAULT,
    });
    const { started_at, ends_at } = res.body.boost as { started_at: string; ends_at: string };
    expect(Date.parse(ends_at) - Date.parse(started_at)).toBe(30 * MINUTE);
    const rows = await ledger(me.user.id);
    expect(rows.at(-1)).toMatchObject({
      reason: 'boost',
      delta: -BOOST_CREDITS_DEFAULT,
      balanceAfter: 120 - BOOST_CREDITS_DEFAULT,
      boostId: res.body.boost.id,
    });
    const sum = rows.reduce((total, row) => total + row.delta, 0);
    expect(sum).toBe(await balance(me.user.id));
    expect((await status(me.cookie)).body.boost).toEqual(res.body.boost);
  });

  it('answers a repeated key with the same boost and charges once', async () => {
    const me = await member('NH', 100);
    const key = randomUUID();
    const first = await buy(me.cookie, key).expect(201);
    const again = await buy(me.cookie, key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // the same key sent twice at once: still one boost
    const other = await member('NH', 100);
    const raceKey = randomUUID();
    const [a, b] = await Promise.all([buy(other.cookie, raceKey), buy(other.cookie, raceKey)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.boost).toEqual(b.body.boost);
    for (const m of [me, other]) {
      expect(await t.prisma.boost.count({ where: { userId: m.user.id } })).toBe(1);
      expect((await ledger(m.user.id)).filter((row) => row.reason === 'boost')).toHaveLength(1);
      expect(await balance(m.user.id)).toBe(100 - BOOST_CREDITS_DEFAULT);
    }
  });

  it('makes one boost and one charge of two purchases racing with different keys', async () => {
    const me = await member('ZH', 200);
    const answers = await Promise.all([buy(me.cookie), buy(me.cookie), buy(me.cookie)]);
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const refused = answers.find((res) => res.status === 409)!;
    expect(refused.body).toMatchObject({ error: 'boost_running', message: expect.any(String) });
    expect(await t.prisma.boost.count({ where: { userId: me.user.id } })).toBe(1);
    expect((await ledger(me.user.id)).filter((row) => row.reason === 'boost')).toHaveLength(1);
    expect(await balance(me.user.id)).toBe(200 - BOOST_CREDITS_DEFAULT);
  });

  it('keeps two running boosts of one member out of the database itself', async () => {
    const me = await seed({ country: 'NL', region: 'ZE' });
    const row = (startsAt: Date) => ({
      userId: me.user.id,
      profileId: me.profile.id,
      regionId: me.profile.regionId!,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * MINUTE),
      credits: 0,
      free: true,
      idempotencyKey: randomUUID(),
    });
    const now = new Date();
    await t.prisma.boost.create({ data: row(now) });
    await expect(
      t.prisma.boost.create({ data: row(new Date(now.getTime() + 10 * MINUTE)) }),
    ).rejects.toThrow();
    // one that starts as the other ends is no overlap
    await t.prisma.boost.create({ data: row(new Date(now.getTime() + 30 * MINUTE)) });
    expect(await t.prisma.boost.count({ where: { userId: me.user.id } })).toBe(2);
  });

  it('refuses a second boost while one runs, and sells the next once it has ended', async () => {
    const me = await member('GE', 200);
    await buy(me.cookie).expect(201);
    const refused = await buy(me.cookie).expect(409);
    expect(refused.body).toMatchObject({ error: 'boost_running' });
    await age(me.user.id, 31 * MINUTE);
    expect((await status(me.cookie)).body.boost).toBeNull();
    await buy(me.cookie).expect(201);
    expect(await balance(me.user.id)).toBe(200 - 2 * BOOST_CREDITS_DEFAULT);
  });

  it('refuses a boost without enough credits: 402, no boost and no ledger row', async () => {
    const me = await member('OV', BOOST_CREDITS_DEFAULT - 1);
    const res = await buy(me.cookie).expect(402);
    expect(res.body).toMatchObject({ error: 'insufficient_credits', message: expect.any(String) });
    expect(await t.prisma.boost.count({ where: { userId: me.user.id } })).toBe(0);
    expect((await ledger(me.user.id)).filter((row) => row.reason === 'boost')).toHaveLength(0);
    expect(await balance(me.user.id)).toBe(BOOST_CREDITS_DEFAULT - 1);
  });

  it('gives a premium member one free boost a week, without moving credits', async () => {
    const me = await member('DR', 0, { paidUser: true });
    expect((await status(me.cookie)).body).toMatchObject({
      premium: true,
      free_available: true,
      next_free_at: null,
    });
    const free = await buy(me.cookie).expect(201);
    expect(free.body).toMatchObject({ boost: { free: true, credits: 0 }, credits: 0 });
    expect(await ledger(me.user.id)).toEqual([]);
    await age(me.user.id, 31 * MINUTE);
    const after = (await status(me.cookie)).body;
    expect(after).toMatchObject({ boost: null, free_available: false });
    expect(Date.parse(after.next_free_at)).toBe(
      Date.parse(free.body.boost.started_at) - 31 * MINUTE + 7 * DAY,
    );
    // the second in the week is paid: without credits, refused
    await buy(me.cookie).expect(402);
    // a week after the free one, free again
    await age(me.user.id, 7 * DAY);
    const again = await buy(me.cookie).expect(201);
    expect(again.body.boost).toMatchObject({ free: true, credits: 0 });
    expect(await t.prisma.boost.count({ where: { userId: me.user.id, free: true } })).toBe(2);
    // and a free member never gets one free
    const plain = await member('DR', 0);
    expect((await status(plain.cookie)).body).toMatchObject({ free_available: false });
    await buy(plain.cookie).expect(402);
  });

  it('puts the boosted members of the searcher’s region first, marked, and never twice', async () => {
    const minutes = (n: number) => ({ lastActiveAt: new Date(Date.now() - n * MINUTE) });
    const searcher = await loggedIn({ country: 'NL', region: 'GR', gender: 'male' });
    const newest = await seed({
      country: 'NL',
      region: 'GR',
      gender: 'female',
      profile: minutes(1),
    });
    const middle = await seed({
      country: 'NL',
      region: 'GR',
      gender: 'female',
      profile: minutes(2),
    });
    const booster = await member('GR', 100);
    // a boosted member of another region stays in her usual place
    const elsewhere = await member('FR', 100);
    await buy(booster.cookie).expect(201);
    await buy(elsewhere.cookie).expect(201);
    // a request touches the member's activity: put it back, the booster the least active
    await t.prisma.profile.update({
      where: { id: booster.profile.id },
      data: { lastActiveAt: new Date(Date.now() - 180 * MINUTE) },
    });
    await t.prisma.profile.update({
      where: { id: elsewhere.profile.id },
      data: { lastActiveAt: new Date(Date.now() - MINUTE / 2) },
    });

    const ids = (profiles: Card[]) => profiles.map((p) => p.id);
    const mine = await search('gender=female&country=NL', searcher.cookie).expect(200);
    const cards = mine.body.profiles as Card[];
    expect(cards[0]).toMatchObject({ id: booster.profile.id, boosted: true });
    expect(cards.filter((c) => c.boosted)).toHaveLength(1);
    expect(ids(cards).filter((id) => id === booster.profile.id)).toHaveLength(1);
    expect(ids(cards).indexOf(elsewhere.profile.id)).toBeLessThan(
      ids(cards).indexOf(newest.profile.id),
    );
    expect(ids(cards).indexOf(newest.profile.id)).toBeLessThan(
      ids(cards).indexOf(middle.profile.id),
    );
    expect(mine.body.num_results).toBe(cards.length);

    // the region filter is the search's region: a visitor searching it sees the same first
    const gr = await regionId('GR');
    const visitor = await search(`gender=female&country=NL&countryregion=${gr}`).expect(200);
    expect((visitor.body.profiles as Card[])[0]).toMatchObject({
      id: booster.profile.id,
      boosted: true,
    });
    expect(visitor.body.num_results).toBe(3);
    // a searcher of another region does not get her first
    const fr = await loggedIn({ country: 'NL', region: 'FR', gender: 'male' });
    const theirs = (await search('gender=female&country=NL', fr.cookie).expect(200)).body
      .profiles as Card[];
    expect(theirs[0]).toMatchObject({ id: elsewhere.profile.id, boosted: true });
    expect(theirs.find((c) => c.id === booster.profile.id)).toMatchObject({ boosted: false });
    // filters still apply: a search for men shows no boosted woman
    const men = (await search('gender=male&country=NL', searcher.cookie).expect(200)).body
      .profiles as Card[];
    expect(men.some((c) => c.id === booster.profile.id)).toBe(false);
    // and a boosted member the searcher blocked is not shown at all
    await t.prisma.block.create({
      data: { blockerId: searcher.user.id, blockedId: booster.user.id },
    });
    const blocked = (await search('gender=female&country=NL', searcher.cookie).expect(200)).body
      .profiles as Card[];
    expect(blocked.some((c) => c.id === booster.profile.id)).toBe(false);
  });

  it('takes a boost out of search when its thirty minutes are over', async () => {
    const booster = await member('LI', 100);
    await buy(booster.cookie).expect(201);
    const li = await regionId('LI');
    const boosted = t.app.get(BoostedMembers);
    expect(await boosted.inRegion(li, null)).toEqual([booster.profile.id]);
    expect(await boosted.inRegion(li, null, new Date(Date.now() + 29 * MINUTE))).toEqual([
      booster.profile.id,
    ]);
    expect(await boosted.inRegion(li, null, new Date(Date.now() + 31 * MINUTE))).toEqual([]);
    await age(booster.user.id, 31 * MINUTE);
    const res = await search(`country=NL&countryregion=${li}`).expect(200);
    expect((res.body.profiles as Card[]).every((c) => !c.boosted)).toBe(true);
  });

  it('refuses a boost to a member without a region or hidden from search, in their language', async () => {
    const nowhere = await loggedIn({ country: 'NL', credits: 100 });
    expect((await status(nowhere.cookie)).body).toMatchObject({ blocker: 'no_region' });
    const res = await buy(nowhere.cookie).set('Accept-Language', 'en').expect(409);
    expect(res.body).toMatchObject({ error: 'boost_no_region', message: expect.any(String) });
    const invisible = await member('NB', 100, { profile: { invisible: true } });
    expect((await status(invisible.cookie)).body).toMatchObject({ blocker: 'not_listed' });
    await buy(invisible.cookie).expect(409, /boost_not_listed/);
    expect(await balance(invisible.user.id)).toBe(100);
  });

  it('answers bad input with a 4xx, never a 5xx', async () => {
    const me = await member('UT', 100);
    const post = () =>
      t.http().post('/api/boost.php').set('Cookie', me.cookie).set('X-Request-Type', 'client');
    await post()
      .send({})
      .expect(400, /idempotency_key_required/);
    await post().set('Idempotency-Key', 'not-a-uuid').send({}).expect(400);
    await post().set('Idempotency-Key', randomUUID()).send({ free: true }).expect(400);
    await post()
      .set('Idempotency-Key', randomUUID())
      .set('Content-Type', 'application/json')
      .send('[]')
      .expect(400);
    // visitors neither read nor buy
    await t.http().get('/api/boost.php').expect(403);
    await t
      .http()
      .post('/api/boost.php')
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', randomUUID())
      .send({})
      .expect(403);
    expect(await t.prisma.boost.count({ where: { userId: me.user.id } })).toBe(0);
  });

  it('prices a boost by the admin setting boost_credits, audited, and shows it in the settings', async () => {
    const admin = await staffCookie(t, ['admin']);
    const change = (cookie: string, boost_credits: unknown) =>
      t
        .http()
        .put('/api/staff/settings')
        .set('Cookie', cookie)
        .set('X-Request-Type', 'client')
        .send({ boost_credits });
    expect((await t.http().get('/api/settings.php').expect(200)).body.settings).toMatchObject({
      boost_credits: BOOST_CREDITS_DEFAULT,
    });
    for (const role of ['operator', 'moderator'] as const) {
      await change(await staffCookie(t, [role]), 70).expect(403);
    }
    await change(admin, 0).expect(400);
    await change(admin, 'veel').expect(400);
    await change(admin, 70).expect(200);
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'settings.change' },
      orderBy: { id: 'desc' },
    });
    expect(audit.before).toMatchObject({ boost_credits: BOOST_CREDITS_DEFAULT });
    expect(audit.after).toMatchObject({ boost_credits: 70 });
    t.app.get(SettingsService).invalidate();
    expect((await t.http().get('/api/settings.php').expect(200)).body.settings).toMatchObject({
      boost_credits: 70,
    });
    const me = await member('ZE', 100);
    expect((await status(me.cookie)).body).toMatchObject({ price: 70 });
    expect((await buy(me.cookie).expect(201)).body).toMatchObject({
      boost: { credits: 70 },
      credits: 30,
    });
    await change(admin, BOOST_CREDITS_DEFAULT).expect(200);
    t.app.get(SettingsService).invalidate();
  });

  it('puts a member’s boosts in their data export, and erases them with the member while the ledger stays', async () => {
    const me = await member('FL', 100);
    await buy(me.cookie).expect(201);
    const exported = await t.app.get(ExportRegistry).collect(me.user.id, {
      likersShown: false,
    });
    expect(exported.json['boosts.json']).toEqual([
      expect.objectContaining({ credits: BOOST_CREDITS_DEFAULT, free: false }),
    ]);
    expect(t.app.get(PurgeRegistry).coverage()['boosts.user_id']).toBe('delete');
    await t.prisma.$transaction((tx) => t.app.get(BoostsPurge).purge(tx, me.user.id));
    expect(await t.prisma.boost.count({ where: { userId: me.user.id } })).toBe(0);
    // the ledger keeps the charge (bookkeeping), no longer naming the boost
    expect((await ledger(me.user.id)).at(-1)).toMatchObject({ reason: 'boost', boostId: null });
  });
});
