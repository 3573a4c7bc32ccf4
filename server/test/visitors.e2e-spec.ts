import { Queue } from 'bullmq';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { QUEUES, workerConnection } from '../src/queue';
import { VisitsService } from '../src/visitors';
import { VisitRetentionTask } from '../src/visitors/visit-retention.task';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { eventually } from './helpers/sockets';
import { staffCookie } from './helpers/staff';
import { useTestApp } from './helpers/test-app';

const DAY = 86_400_000;

describe('who viewed my profile', () => {
  const t = useTestApp();
  const seed = (options: SeedMemberOptions = {}) => seedTestMember(t, options);
  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);
  const visits = () => t.app.get(VisitsService);
  const viewer = (m: { user: { id: number; paidUser: boolean } }) => ({
    userId: m.user.id,
    roles: [],
    paidUser: m.user.paidUser,
  });
  const visitRows = (visitedId: number) =>
    t.prisma.profileVisit.findMany({ where: { visitedId }, orderBy: { createdAt: 'asc' } });
  const getVisitors = (cookie: string, page?: number) =>
    t
      .http()
      .get(`/api/visitors.php${page ? `?page=${page}` : ''}`)
      .set('Cookie', cookie);

  it('records a visit when a member opens a profile page, without the page waiting for it', async () => {
    const [me, other] = await Promise.all([loggedIn(), seed()]);
    await t
      .http()
      .get(`/api/member.php?id=${other.profile.id}`)
      .set('Cookie', me.cookie)
      .expect(200);
    await eventually(async () => (await visitRows(other.user.id)).length === 1);
    expect((await visitRows(other.user.id))[0]).toMatchObject({ visitorId: me.user.id });
    // a visitor without a session leaves nothing
    await t.http().get(`/api/member.php?id=${me.profile.id}`).expect(200);
    expect(await visitRows(me.user.id)).toEqual([]);
  });

  it('keeps at most one visit per visitor, member and day', async () => {
    const [me, other] = await Promise.all([seed(), seed()]);
    const now = new Date();
    expect(await visits().record(viewer(me), other.profile.id, now)).toBe(other.user.id);
    expect(await visits().record(viewer(me), other.profile.id, now)).toBeNull();
    expect(
      await visits().record(viewer(me), other.profile.id, new Date(now.getTime() + 1000)),
    ).toBeNull();
    expect(await visitRows(other.user.id)).toHaveLength(1);
    // the next day counts again
    const tomorrow = new Date(now.getTime() + DAY);
    expect(await visits().record(viewer(me), other.profile.id, tomorrow)).toBe(other.user.id);
    expect(await visitRows(other.user.id)).toHaveLength(2);
    // and a member opening their own profile is no visit
    expect(await visits().record(viewer(me), me.profile.id, now)).toBeNull();
  });

  it('never records a visit by an invisible member', async () => {
    const [ghost, other] = await Promise.all([seed({ profile: { invisible: true } }), seed()]);
    expect(await visits().record(viewer(ghost), other.profile.id)).toBeNull();
    expect(await visitRows(other.user.id)).toEqual([]);
  });

  it('never records a visit between blocked members, whichever blocked the other', async () => {
    const [a, b, c] = await Promise.all([seed(), seed(), seed()]);
    await t.prisma.block.create({ data: { blockerId: a.user.id, blockedId: b.user.id } });
    await t.prisma.block.create({ data: { blockerId: c.user.id, blockedId: a.user.id } });
    expect(await visits().record(viewer(a), b.profile.id)).toBeNull();
    expect(await visits().record(viewer(b), a.profile.id)).toBeNull();
    expect(await visits().record(viewer(a), c.profile.id)).toBeNull();
    expect(
      await t.prisma.profileVisit.count({ where: { visitorId: { in: [a.user.id, b.user.id] } } }),
    ).toBe(0);
  });

  it('hides a visitor from the list once either member blocks the other', async () => {
    const [me, fan] = await Promise.all([loggedIn({ paidUser: true }), seed()]);
    await visits().record(viewer(fan), me.profile.id);
    expect((await getVisitors(me.cookie).expect(200)).body.total).toBe(1);
    await t.prisma.block.create({ data: { blockerId: fan.user.id, blockedId: me.user.id } });
    const res = await getVisitors(me.cookie).expect(200);
    expect(res.body).toMatchObject({ total: 0, visitors: [] });
  });

  it('keeps no visitors list of a chat pal: their profiles record no visits', async () => {
    const [me, pal] = await Promise.all([seed(), seed({ fictional: true })]);
    expect(await visits().record(viewer(me), pal.profile.id)).toBeNull();
    expect(await visitRows(pal.user.id)).toEqual([]);
  });

  it('lets a premium member browse without leaving visits, and only while premium', async () => {
    const [premium, other] = await Promise.all([loggedIn({ paidUser: true }), seed()]);
    await t
      .http()
      .put('/api/visitor-settings.php')
      .set('Cookie', premium.cookie)
      .set('X-Request-Type', 'client')
      .send({ browse_unseen: true })
      .expect(200, { browse_unseen: true });
    expect(
      (await t.http().get('/api/visitor-settings.php').set('Cookie', premium.cookie).expect(200))
        .body,
    ).toEqual({ browse_unseen: true });
    expect(await visits().record(viewer(premium), other.profile.id)).toBeNull();
    // no longer premium (a refund): the setting no longer hides them
    await t.prisma.user.update({ where: { id: premium.user.id }, data: { paidUser: false } });
    expect(await visits().record({ ...viewer(premium), paidUser: false }, other.profile.id)).toBe(
      other.user.id,
    );
  });

  it('refuses browsing unseen to a free member, in their language', async () => {
    const free = await loggedIn();
    const res = await t
      .http()
      .put('/api/visitor-settings.php')
      .set('Cookie', free.cookie)
      .set('X-Request-Type', 'client')
      .send({ browse_unseen: true })
      .expect(403);
    expect(res.body).toMatchObject({ error: 'premium_only', message: expect.any(String) });
    expect(
      (await t.prisma.user.findUniqueOrThrow({ where: { id: free.user.id } })).browseUnseen,
    ).toBe(false);
    // bad input is a 400, never a 5xx
    await t
      .http()
      .put('/api/visitor-settings.php')
      .set('Cookie', free.cookie)
      .set('X-Request-Type', 'client')
      .send({ browse_unseen: 'ja' })
      .expect(400);
    await getVisitors(free.cookie).query({ page: 'x' }).expect(400);
  });

  it('gives a free member the count and the times only: no id, name or photo of a visitor', async () => {
    const me = await loggedIn();
    const fans = await Promise.all([seed({ name: 'Geheimbezoeker' }), seed()]);
    for (const fan of fans) await visits().record(viewer(fan), me.profile.id);
    const res = await getVisitors(me.cookie).expect(200);
    expect(res.body).toMatchObject({ total: 2, premium: false, page: 1, pages: 1 });
    expect(res.body.visitors).toEqual([
      { visited_at: expect.any(String), profile: null },
      { visited_at: expect.any(String), profile: null },
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Geheimbezoeker');
    for (const fan of fans) {
      expect(text).not.toContain(fan.profile.name);
      expect(text).not.toMatch(new RegExp(`"id":${fan.profile.id}\\b`));
    }
    expect(text).not.toMatch(/filename|main_image/);
  });

  it('shows a premium member who visited, newest first, one entry per visitor', async () => {
    const me = await loggedIn({ paidUser: true });
    const [older, newer] = await Promise.all([seed(), seed({ fictional: false })]);
    const now = Date.now();
    await visits().record(viewer(older), me.profile.id, new Date(now - 2 * DAY));
    await visits().record(viewer(newer), me.profile.id, new Date(now - DAY));
    await visits().record(viewer(older), me.profile.id, new Date(now - 60_000));
    const res = await getVisitors(me.cookie).expect(200);
    expect(res.body).toMatchObject({ total: 2, premium: true, browse_unseen: false });
    expect(res.body.visitors.map((v: { profile: { id: number } }) => v.profile.id)).toEqual([
      older.profile.id,
      newer.profile.id,
    ]);
    expect(res.body.visitors[0].profile).toMatchObject({ name: older.profile.name });
    expect(JSON.stringify(res.body)).not.toMatch(/date_of_birth|email/);
    // a page past the last is empty, the count stays
    const past = await getVisitors(me.cookie, 2).expect(200);
    expect(past.body).toMatchObject({ total: 2, page: 2, pages: 1, visitors: [] });
  });

  it('leaves a visitor out of the list once they browse invisibly', async () => {
    const me = await loggedIn({ paidUser: true });
    const fan = await seed();
    await visits().record(viewer(fan), me.profile.id);
    await t.prisma.profile.update({ where: { id: fan.profile.id }, data: { invisible: true } });
    expect((await getVisitors(me.cookie).expect(200)).body.total).toBe(0);
  });

  it('tells the visited member of the first visit of a day through the notify queue', async () => {
    const [me, other] = await Promise.all([seed(), seed()]);
    const queue = new Queue(QUEUES.notify, { connection: workerConnection(t.config) });
    try {
      const jobsFor = async () =>
        (await queue.getJobs(['waiting', 'delayed', 'prioritized'])).filter(
          (job) => job.data.kind === 'visit' && job.data.recipientId === other.user.id,
        );
      await visits().record(viewer(me), other.profile.id);
      await eventually(async () => (await jobsFor()).length === 1);
      expect((await jobsFor())[0].data).toMatchObject({ actorId: me.user.id });
      // the second visit of the day tells nobody
      await visits().record(viewer(me), other.profile.id);
      expect(await jobsFor()).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });

  it('purges visits older than the retention an admin set, with its audit row', async () => {
    const [me, other, third] = await Promise.all([seed(), seed(), seed()]);
    const now = Date.now();
    await visits().record(viewer(me), other.profile.id, new Date(now - 40 * DAY));
    await visits().record(viewer(me), third.profile.id, new Date(now - 10 * DAY));
    await visits().record(viewer(other), third.profile.id, new Date(now - DAY));
    const task = t.app.get(VisitRetentionTask);
    // the default keeps 30 days
    await task.run(new Date(now));
    expect(await visitRows(other.user.id)).toEqual([]);
    expect(await visitRows(third.user.id)).toHaveLength(2);

    const admin = await staffCookie(t, ['admin']);
    await t
      .http()
      .put('/api/staff/settings')
      .set('Cookie', admin)
      .set('X-Request-Type', 'client')
      .send({ visit_retention_days: 7 })
      .expect(200);
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'settings.change' },
      orderBy: { id: 'desc' },
    });
    expect(audit.after).toMatchObject({ visit_retention_days: 7 });
    await eventually(async () => {
      await task.run(new Date(now));
      return (await visitRows(third.user.id)).length === 1;
    });
    expect((await visitRows(third.user.id))[0]).toMatchObject({ visitorId: other.user.id });
    // out of range: a clear 400
    await t
      .http()
      .put('/api/staff/settings')
      .set('Cookie', admin)
      .set('X-Request-Type', 'client')
      .send({ visit_retention_days: 0 })
      .expect(400);
  });

  it('refuses the retention setting to every staff role but admin', async () => {
    for (const role of ['operator', 'moderator'] as const) {
      const cookie = await staffCookie(t, [role]);
      await t
        .http()
        .put('/api/staff/settings')
        .set('Cookie', cookie)
        .set('X-Request-Type', 'client')
        .send({ visit_retention_days: 3 })
        .expect(403);
    }
    const member = await loggedIn();
    await t
      .http()
      .put('/api/staff/settings')
      .set('Cookie', member.cookie)
      .set('X-Request-Type', 'client')
      .send({ visit_retention_days: 3 })
      .expect((res) => expect([401, 403]).toContain(res.status));
  });

  it('answers the visitors page only to a logged-in member', async () => {
    await t
      .http()
      .get('/api/visitors.php')
      .expect((res) => expect([401, 403]).toContain(res.status));
  });
});
