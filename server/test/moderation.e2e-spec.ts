import type pg from 'pg';
import { randomBytes } from 'node:crypto';
import { complaintDetailResponse, staffInboxResponse } from '@app/contract';
import { chatMember, get, sendText, type ChatMember } from './helpers/chat';
import { connect, eventually, listening } from './helpers/sockets';
import { cookieOf, staffAccount, type StaffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { Realtime } from '../src/realtime/realtime.service';

/**
 * The staff side of complaints and bans (issue 19, item 4): the inbox with counts, one complaint
 * with the snapshot and the live item and both members' histories, every action with its audit
 * row, bans that end sessions and sockets at once and hide the member everywhere, the login's
 * ban answer, unbans, and two moderators racing for one complaint.
 */
describe('complaints and bans on the staff side', () => {
  let t: TestApp;
  let moderator: StaffAccount;
  let modCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    moderator = await staffAccount(t, ['moderator']);
    await t.prisma.user.update({
      where: { id: moderator.id },
      data: { staffName: 'Mia Moderator' },
    });
    modCookie = await cookieOf(moderator, t);
  });
  afterAll(() => t.close());

  const staffGet = (path: string, cookie = modCookie) =>
    t.http().get(path).set('Cookie', cookie).set('X-Request-Type', 'client');
  const staffPost = (path: string, body: object, cookie = modCookie) =>
    t.http().post(path).set('Cookie', cookie).set('X-Request-Type', 'client').send(body);
  const act = (id: number, action: string, reason = 'Volgens de huisregels', cookie = modCookie) =>
    staffPost(`/api/staff/complaints/${id}/action`, { action, reason }, cookie);

  const complain = (from: ChatMember, payload: object) =>
    t
      .http()
      .post('/api/complaint.php')
      .set('Cookie', from.cookie)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', randomBytes(16).toString('hex'))
      .send({ subject: 'Ongepast', message: 'Dit hoort hier niet.', ...payload })
      .expect(201)
      .then((res) => res.body.complaint.id as number);

  /** Two members in one country (so search finds them), one of whom wrote the other. */
  async function pair(country = 'NL') {
    const reporter = await chatMember(t, { gender: 'male', country });
    const reported = await chatMember(t, {
      gender: 'female',
      country,
      profile: { about: 'Bel me op 0612345678' },
    });
    const sent = await sendText(t, reported, { member: reporter.profile.id }, 'Stuur geld').expect(
      201,
    );
    return { reporter, reported, messageId: sent.body.message.id as number };
  }

  async function auditOf(subjectId: number, action: string) {
    return t.prisma.staffAuditEntry.findMany({
      where: { action, subjectId: String(subjectId) },
    });
  }

  it('lists the inbox with counts by state and answers one complaint in context', async () => {
    const { reporter, reported, messageId } = await pair();
    const id = await complain(reporter, {
      about: 'message',
      member: reported.profile.id,
      message_id: messageId,
    });
    const inbox = await staffGet('/api/staff/complaints?status=open').expect(200);
    expect(staffInboxResponse.parse(inbox.body).complaints.map((c) => c.id)).toContain(id);
    const before = inbox.body.counts.open as number;
    expect(before).toBeGreaterThanOrEqual(1);

    const res = await staffGet(`/api/staff/complaints/${id}`).expect(200);
    const detail = complaintDetailResponse.parse(res.body);
    expect(detail.complaint.snapshot).toMatchObject({ kind: 'message', text: 'Stuur geld' });
    expect(detail.complaint.live).toEqual({
      kind: 'message',
      state: 'present',
      text: 'Stuur geld',
      photo: null,
    });
    expect(detail.complaint.actions).toEqual(['dismiss', 'warn', 'hide', 'ban']);
    expect(detail.reported_history?.member).toMatchObject({
      user_id: reported.user.id,
      status: 'confirmed',
    });
    expect(detail.reported_history?.complaints_received.map((c) => c.id)).toContain(id);
    expect(detail.reporter_history?.complaints_made.map((c) => c.id)).toContain(id);

    await act(id, 'dismiss').expect(200);
    const after = await staffGet('/api/staff/complaints').expect(200);
    expect(after.body.counts.open).toBe(before - 1);
  });

  it('dismisses a complaint with an audit row of who, what, on whom, before, after and why', async () => {
    const { reporter, reported } = await pair();
    const id = await complain(reporter, { about: 'member', member: reported.profile.id });
    const res = await act(id, 'dismiss', 'Geen overtreding gevonden').expect(200);
    expect(res.body.complaint).toMatchObject({
      status: 'resolved',
      resolution: 'dismissed',
      handled_by: { id: moderator.id, name: 'Mia Moderator' },
      actions: [],
    });
    const [row] = await auditOf(id, 'complaint.dismiss');
    expect(row).toMatchObject({
      actorId: moderator.id,
      targetUserId: reported.user.id,
      subjectType: 'complaint',
      before: { status: 'open', resolution: null },
      after: { status: 'resolved', resolution: 'dismissed' },
      reason: 'Geen overtreding gevonden',
    });
  });

  it('warns the reported member by mail in their language, recorded in their history', async () => {
    const { reporter, reported } = await pair();
    await t.prisma.user.update({ where: { id: reported.user.id }, data: { language: 'de' } });
    const id = await complain(reporter, { about: 'member', member: reported.profile.id });
    const res = await act(id, 'warn', 'Telefoonnummer in profiel').expect(200);
    expect(res.body.complaint.resolution).toBe('warned');
    expect(res.body.reported_history.warnings).toMatchObject([
      { reason: 'Telefoonnummer in profiel', complaint_id: id, by: { id: moderator.id } },
    ]);
    // one mail: the statement of reasons (what was decided, why, how to appeal), not two
    const intents = await t.prisma.mailIntent.findMany({
      where: { userId: reported.user.id },
      select: { template: true },
    });
    expect(intents.map((intent) => intent.template)).toEqual(['statement']);
    expect(await auditOf(id, 'complaint.warn')).toHaveLength(1);
  });

  it('hides a reported message from both members while staff still read it', async () => {
    const { reporter, reported, messageId } = await pair();
    const id = await complain(reporter, {
      about: 'message',
      member: reported.profile.id,
      message_id: messageId,
    });
    const res = await act(id, 'hide', 'Vraagt om geld').expect(200);
    expect(res.body.complaint.live).toEqual({
      kind: 'message',
      state: 'hidden',
      text: 'Stuur geld',
      photo: null,
    });
    for (const who of [reporter, reported]) {
      const chat = await get(
        t,
        who,
        `/api/chat.php?member=${who === reporter ? reported.profile.id : reporter.profile.id}`,
      ).expect(200);
      const shown = chat.body.messages.find((m: { id: number }) => m.id === messageId);
      expect(shown.text).toBeNull();
    }
    const [row] = await auditOf(id, 'complaint.hide');
    expect(row.after).toMatchObject({ resolution: 'hidden', content: 'hidden' });
  });

  it('hides a reported “about me” and a reported photo from other members', async () => {
    const { reporter, reported } = await pair();
    const about = await complain(reporter, { about: 'member', member: reported.profile.id });
    await act(about, 'hide').expect(200);
    const page = await get(t, reporter, `/api/member.php?id=${reported.profile.id}`).expect(200);
    expect(page.body.profile.about ?? null).toBeNull();
    const detail = await staffGet(`/api/staff/complaints/${about}`).expect(200);
    expect(detail.body.complaint.live).toMatchObject({
      state: 'hidden',
      text: 'Bel me op 0612345678',
    });

    const photo = await t.prisma.photo.create({
      data: {
        profileId: reported.profile.id,
        filename: `${randomBytes(8).toString('hex')}.jpg`,
        thumbFilename: `${randomBytes(8).toString('hex')}.jpg`,
        width: 10,
        height: 10,
        status: 'active',
      },
    });
    const id = await complain(reporter, {
      about: 'photo',
      member: reported.profile.id,
      photo: photo.id,
    });
    const res = await act(id, 'hide').expect(200);
    expect(res.body.complaint.live).toMatchObject({
      state: 'hidden',
      photo: { status: 'rejected' },
    });
    const again = await get(t, reporter, `/api/member.php?id=${reported.profile.id}`).expect(200);
    expect(again.body.profile.photos.map((p: { id: number }) => p.id)).not.toContain(photo.id);
  });

  it('bans from a complaint: every session and open socket ends at once, the login says banned', async () => {
    const { reporter, reported } = await pair();
    const base = await listening(t);
    const socket = await connect(base, reported.cookie);
    const ended = new Promise<string>((resolve) => socket.socket.on('disconnect', resolve));
    const id = await complain(reporter, { about: 'member', member: reported.profile.id });

    const res = await act(id, 'ban', 'Oplichting').expect(200);
    expect(res.body.complaint).toMatchObject({ resolution: 'banned', actions: ['unban'] });
    expect(res.body.reported_history.member.status).toBe('banned');
    expect(res.body.reported_history.bans[0]).toMatchObject({
      reason: 'Oplichting',
      lifted_at: null,
    });

    await socket.waitFor('account:banned', 1, 3000);
    expect(await ended).toBe('io server disconnect');
    expect(await t.prisma.session.count({ where: { userId: reported.user.id } })).toBe(0);
    await get(t, reported, '/api/chats.php').expect(403);
    const login = await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ email: reported.user.email, password: reported.password })
      .expect(403);
    expect(login.body.error).toBe('account_banned');
    // a wrong password learns nothing of the ban
    const wrong = await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ email: reported.user.email, password: 'niet-het-wachtwoord' })
      .expect(401);
    expect(wrong.body.error).toBe('login_failed');
    const [row] = await auditOf(id, 'member.ban');
    expect(row).toMatchObject({
      actorId: moderator.id,
      targetUserId: reported.user.id,
      before: { status: 'confirmed' },
      reason: 'Oplichting',
    });
    expect(row.after).toMatchObject({ status: 'banned', sessions_ended: 1 });
  });

  it("tells an open tab of a banned member why it ends even when its process missed the ban's notification", async () => {
    const { reporter, reported } = await pair();
    const base = await listening(t);
    const socket = await connect(base, reported.cookie);
    const ended = new Promise<string>((resolve) => socket.socket.on('disconnect', resolve));
    // the process's listener is away (reconnecting after a cut) while the ban commits
    const gateway = t.app.get(RealtimeGateway);
    const listener = (gateway as unknown as { listener: pg.Client }).listener;
    await listener.query('UNLISTEN session_ended');
    // a notification of our own, sent after the ban: the listener gets notifications in commit
    // order, so the ban's would have come before it
    await listener.query('LISTEN test_marker');
    const marked = new Promise<void>((resolve) =>
      listener.on('notification', (n) => n.channel === 'test_marker' && resolve()),
    );
    try {
      const id = await complain(reporter, { about: 'member', member: reported.profile.id });
      await act(id, 'ban', 'Oplichting').expect(200);
      await t.prisma.$executeRaw`NOTIFY test_marker`;
      await marked;
      // the tab is still open: an event sent now reaches it, and nothing told it of a ban
      t.app.get(Realtime).toMember(reported.user.id, 'chats:changed');
      await socket.waitFor('chats:changed');
      expect(socket.of('account:banned')).toHaveLength(0);
      // the periodic check finds the session gone and the account banned
      await gateway.checkSessions();
      await socket.waitFor('account:banned', 1, 3000);
      expect(await ended).toBe('io server disconnect');
    } finally {
      await listener.query('UNLISTEN test_marker');
      await listener.query('LISTEN session_ended');
    }
  });

  it('hides a banned member from search, the profile page, likes and chats; an unban restores', async () => {
    const { reporter, reported } = await pair('BE');
    await t
      .http()
      .post('/api/like.php')
      .set('Cookie', reporter.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: reported.profile.id })
      .expect(200);
    const pid = reported.profile.id;
    const seen = async () => {
      const search = await get(t, reporter, '/api/search.php?gender=female&country=BE').expect(200);
      const page = await get(t, reporter, `/api/member.php?id=${pid}`);
      const likes = await get(t, reporter, '/api/likes.php').expect(200);
      const chats = await get(t, reporter, '/api/chats.php').expect(200);
      const has = (cards: { id: number }[]) => cards.some((c) => c.id === pid);
      return {
        search: has(search.body.profiles),
        page: page.status === 200,
        likes: has(likes.body.profiles),
        chats: chats.body.chats.some((c: { profile: { id: number } }) => c.profile.id === pid),
      };
    };
    expect(await seen()).toEqual({ search: true, page: true, likes: true, chats: true });
    await staffPost(`/api/staff/members/${reported.user.id}/ban`, { reason: 'Spam' }).expect(200);
    expect(await seen()).toEqual({ search: false, page: false, likes: false, chats: false });

    const res = await staffPost(`/api/staff/members/${reported.user.id}/unban`, {
      reason: 'Bezwaar toegekend',
    }).expect(200);
    expect(res.body.history.member.status).toBe('confirmed');
    expect(res.body.history.bans[0]).toMatchObject({
      lift_reason: 'Bezwaar toegekend',
      lifted_by: { id: moderator.id },
    });
    expect(await seen()).toEqual({ search: true, page: true, likes: true, chats: true });
    await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ email: reported.user.email, password: reported.password })
      .expect(200);
    const audits = await t.prisma.staffAuditEntry.findMany({
      where: { targetUserId: reported.user.id, action: { in: ['member.ban', 'member.unban'] } },
      orderBy: { id: 'asc' },
    });
    expect(audits.map((a) => [a.action, a.subjectType, a.reason])).toEqual([
      ['member.ban', 'member', 'Spam'],
      ['member.unban', 'member', 'Bezwaar toegekend'],
    ]);
  });

  it('unbans from the complaint that banned, once', async () => {
    const { reporter, reported } = await pair();
    const id = await complain(reporter, { about: 'member', member: reported.profile.id });
    await act(id, 'ban').expect(200);
    const res = await act(id, 'unban', 'Vergissing').expect(200);
    expect(res.body.complaint).toMatchObject({ resolution: 'unbanned', actions: [] });
    expect(res.body.reported_history.member.status).toBe('confirmed');
    expect((await act(id, 'unban', 'Nog eens').expect(409)).body.error).toBe('complaint_handled');
    expect(await auditOf(id, 'member.unban')).toHaveLength(1);
  });

  it('lets exactly one of two moderators racing for one complaint act; the other gets 409', async () => {
    const other = await cookieOf(await staffAccount(t, ['moderator']), t);
    for (const [a, b] of [
      ['ban', 'dismiss'],
      ['warn', 'hide'],
      ['dismiss', 'dismiss'],
    ]) {
      const { reporter, reported } = await pair();
      const id = await complain(reporter, { about: 'member', member: reported.profile.id });
      const results = await Promise.all([act(id, a), act(id, b, 'Tegelijk', other)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.error).toBe('complaint_handled');
      const rows = await t.prisma.staffAuditEntry.count({ where: { subjectId: String(id) } });
      expect(rows).toBe(1);
      const stillHas = await t.prisma.memberWarning.count({ where: { complaintId: id } });
      expect(stillHas).toBe(results[0].status === 200 && a === 'warn' ? 1 : 0);
    }
  });

  it('refuses bad input with a 4xx of the error model', async () => {
    const { reporter, reported } = await pair();
    const id = await complain(reporter, { about: 'member', member: reported.profile.id });
    const site = await complain(reporter, { about: 'site' });
    const cases: [() => ReturnType<typeof act>, number, string][] = [
      [
        () => staffPost(`/api/staff/complaints/${id}/action`, { action: 'dismiss' }),
        400,
        'validation_failed',
      ],
      [() => act(id, 'delete'), 400, 'validation_failed'],
      [() => act(id, 'dismiss', 'x'), 400, 'validation_failed'],
      [
        () =>
          staffPost('/api/staff/complaints/abc/action', {
            action: 'dismiss',
            reason: 'Geen reden',
          }),
        400,
        'validation_failed',
      ],
      [() => act(2_000_000_000, 'dismiss'), 404, 'not_found'],
      [() => act(site, 'ban'), 409, 'complaint_action_unavailable'],
      [() => act(site, 'unban'), 409, 'complaint_action_unavailable'],
      [
        () => staffPost(`/api/staff/members/${moderator.id}/ban`, { reason: 'Een medewerker' }),
        404,
        'not_found',
      ],
      [
        () =>
          staffPost(`/api/staff/members/${reported.user.id}/unban`, { reason: 'Niet geblokkeerd' }),
        409,
        'member_not_banned',
      ],
      [() => staffGet('/api/staff/complaints/2000000000'), 404, 'not_found'],
      [() => staffGet('/api/staff/complaints?status=weg'), 400, 'validation_failed'],
    ];
    for (const [call, status, error] of cases) {
      const res = await call();
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
    await staffPost(`/api/staff/members/${reported.user.id}/ban`, { reason: 'Spam' }).expect(200);
    const twice = await staffPost(`/api/staff/members/${reported.user.id}/ban`, { reason: 'Spam' });
    expect([twice.status, twice.body.error]).toEqual([409, 'member_already_banned']);
    // a ban from a complaint of a member banned already changes nothing
    const res = await act(id, 'ban');
    expect([res.status, res.body.error]).toEqual([409, 'member_already_banned']);
    expect((await staffGet(`/api/staff/complaints/${id}`).expect(200)).body.complaint.status).toBe(
      'open',
    );
  });

  it('refuses members and operators', async () => {
    const { reporter, reported } = await pair();
    const id = await complain(reporter, { about: 'member', member: reported.profile.id });
    const operator = await cookieOf(await staffAccount(t, ['operator']), t);
    for (const cookie of [reporter.cookie, operator]) {
      const res = await act(id, 'ban', 'Geen recht', cookie);
      expect([res.status, res.body.error]).toEqual([403, 'forbidden']);
    }
    await eventually(async () => (await auditOf(id, 'member.ban')).length === 0);
  });
});
