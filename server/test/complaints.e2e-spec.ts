import { randomBytes } from 'node:crypto';
import { complaintResponse, staffComplaintsResponse } from '@app/contract';
import { seedConversation } from '../../prisma/seed/conversation';
import { seedMember, type SeedMemberOptions } from '../../prisma/seed/member';
import { DeletionService } from '../src/deletion/deletion.service';
import { sessionCookie } from './helpers/mail-app';
import { staffCookie as staffCookieOf } from './helpers/staff';
import { type TestApp, useTestApp } from './helpers/test-app';

const body = (overrides: Record<string, unknown> = {}) => ({
  about: 'site',
  subject: 'Onderwerp',
  message: 'Wat er aan de hand is.',
  ...overrides,
});

function helpers(get: () => TestApp) {
  const seed = (options: SeedMemberOptions = {}) =>
    seedMember(get().seedClient, { passwordCost: 4, ...options });

  async function loggedIn(options: SeedMemberOptions = {}) {
    const m = await seed(options);
    const res = await get()
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ email: m.user.email, password: m.password })
      .expect(200);
    return { ...m, cookie: sessionCookie(res) };
  }

  const complain = (payload: object, cookie?: string, ip?: string) => {
    const req = get().http().post('/api/complaint.php').set('X-Request-Type', 'client');
    if (cookie) req.set('Cookie', cookie);
    if (ip) req.set('X-Forwarded-For', ip);
    return req.send(payload);
  };

  return { seed, loggedIn, complain };
}

describe('complaints', () => {
  const t = useTestApp({ TRUST_PROXY: '1' });
  const { seed, loggedIn, complain } = helpers(() => t);

  const stored = (id: number) => t.prisma.complaint.findUniqueOrThrow({ where: { id } });

  async function photoOf(profileId: number, status: 'active' | 'under_inspection' = 'active') {
    return t.prisma.photo.create({
      data: {
        profileId,
        filename: `${randomBytes(8).toString('hex')}.jpg`,
        thumbFilename: `${randomBytes(8).toString('hex')}.jpg`,
        width: 10,
        height: 10,
        status,
      },
    });
  }

  const staffCookie = (roles: ('admin' | 'moderator' | 'operator')[]) => staffCookieOf(t, roles);

  it('stores a member’s complaint about a member with the reporter, the reported member and a snapshot', async () => {
    const reporter = await loggedIn();
    const target = await seed({ name: 'Gemeld', profile: { about: 'Over mij' } });
    const res = await complain(
      body({
        about: 'member',
        member: target.profile.id,
        subject: 'Nepprofiel',
        message: 'Vraagt om geld.',
      }),
      reporter.cookie,
      '203.0.113.20',
    ).expect(201);
    expect(complaintResponse.safeParse(res.body).success).toBe(true);
    const row = await stored(res.body.complaint.id);
    expect(row).toMatchObject({
      about: 'member',
      reporterId: reporter.user.id,
      reportedUserId: target.user.id,
      name: null,
      email: null,
      reporterIp: '203.0.113.20',
      subject: 'Nepprofiel',
      message: 'Vraagt om geld.',
      status: 'open',
      photoId: null,
      messageId: null,
    });
    expect(row.reportedContent).toEqual({
      kind: 'member',
      profile_id: target.profile.id,
      name: 'Gemeld',
      about: 'Over mij',
    });
  });

  it('stores a complaint about a photo of that member with the photo’s stored names', async () => {
    const reporter = await loggedIn();
    const target = await seed();
    const photo = await photoOf(target.profile.id);
    await t.prisma.profile.update({
      where: { id: target.profile.id },
      data: { mainPhotoId: photo.id },
    });
    const res = await complain(
      body({ about: 'photo', member: target.profile.id, photo: photo.id }),
      reporter.cookie,
    ).expect(201);
    const row = await stored(res.body.complaint.id);
    expect(row).toMatchObject({
      about: 'photo',
      reportedUserId: target.user.id,
      photoId: photo.id,
    });
    expect(row.reportedContent).toMatchObject({
      kind: 'photo',
      profile_id: target.profile.id,
      photo_id: photo.id,
      filename: photo.filename,
      thumb_filename: photo.thumbFilename,
      status: 'active',
    });
  });

  it('refuses a photo of another member, one under inspection, and one without a photo id', async () => {
    const reporter = await loggedIn();
    const target = await seed();
    const other = await seed();
    const foreign = await photoOf(other.profile.id);
    const pending = await photoOf(target.profile.id, 'under_inspection');
    await complain(
      body({ about: 'photo', member: target.profile.id, photo: foreign.id }),
      reporter.cookie,
    ).expect(404);
    await complain(
      body({ about: 'photo', member: target.profile.id, photo: pending.id }),
      reporter.cookie,
    ).expect(404);
    const missing = await complain(
      body({ about: 'photo', member: target.profile.id }),
      reporter.cookie,
    ).expect(400);
    expect(missing.body).toMatchObject({ error: 'complaint_target_required', field: 'photo' });
  });

  it('stores a complaint about the site without a reported member', async () => {
    const reporter = await loggedIn();
    const res = await complain(body({ subject: 'Traag' }), reporter.cookie).expect(201);
    expect(await stored(res.body.complaint.id)).toMatchObject({
      about: 'site',
      reporterId: reporter.user.id,
      reportedUserId: null,
      reportedContent: null,
      subject: 'Traag',
    });
  });

  it('takes a visitor’s complaint with a name and a normalised e-mail address', async () => {
    const target = await seed();
    const res = await complain(
      body({
        about: 'member',
        member: target.profile.id,
        name: 'Bezoeker',
        email: ' Bezoeker@Example.TEST ',
      }),
    ).expect(201);
    expect(await stored(res.body.complaint.id)).toMatchObject({
      reporterId: null,
      reportedUserId: target.user.id,
      name: 'Bezoeker',
      email: 'bezoeker@example.test',
    });
  });

  it('refuses a visitor without a name or e-mail address, or with an invalid one, at the field', async () => {
    const before = await t.prisma.complaint.count();
    const noName = await complain(body({ email: 'a@example.test' })).expect(400);
    expect(noName.body).toEqual({
      error: 'complaint_contact_required',
      field: 'name',
      message: 'Vul je naam en e-mailadres in, zodat we je kunnen antwoorden.',
    });
    const noEmail = await complain(body({ name: 'Anna', email: '  ' })).expect(400);
    expect(noEmail.body).toMatchObject({ error: 'complaint_contact_required', field: 'email' });
    const invalid = await complain(body({ name: 'Anna', email: 'geen-adres' })).expect(400);
    expect(invalid.body).toMatchObject({ error: 'invalid_email', field: 'email' });
    expect(await t.prisma.complaint.count()).toBe(before);
  });

  it('asks which member a complaint about a member is about', async () => {
    const reporter = await loggedIn();
    const res = await complain(body({ about: 'member' }), reporter.cookie).expect(400);
    expect(res.body).toMatchObject({ error: 'complaint_target_required', field: 'member' });
  });

  it('answers 404 for an invisible stranger, a blocker and oneself, but takes a complaint about a member one blocked', async () => {
    const reporter = await loggedIn();
    const invisible = await seed({ profile: { invisible: true } });
    const blocker = await seed();
    const blocked = await seed();
    await t.prisma.block.create({
      data: { blockerId: blocker.user.id, blockedId: reporter.user.id },
    });
    await t.prisma.block.create({
      data: { blockerId: reporter.user.id, blockedId: blocked.user.id },
    });
    const before = await t.prisma.complaint.count();
    for (const profile of [invisible.profile, blocker.profile, reporter.profile]) {
      const res = await complain(
        body({ about: 'member', member: profile.id }),
        reporter.cookie,
      ).expect(404);
      expect(res.body.error).toBe('not_found');
    }
    // the blocker still sees the page of the member they blocked, and may report them
    await complain(body({ about: 'member', member: blocked.profile.id }), reporter.cookie).expect(
      201,
    );
    await complain(body({ about: 'member', member: invisible.profile.id })).expect(400);
    await complain(
      body({ about: 'member', member: invisible.profile.id, name: 'A', email: 'a@example.test' }),
    ).expect(404);
    expect(await t.prisma.complaint.count()).toBe(before + 1);
  });

  it('stores a complaint about a message of the conversation partner, and 404 for anyone else’s', async () => {
    const reporter = await loggedIn();
    const sender = await seed();
    const outsider = await loggedIn();
    const {
      messages: [message],
    } = await seedConversation(t.seedClient, reporter.user.id, sender.user.id, {
      messages: [{ senderId: sender.user.id, type: 'text', body: 'Hatelijk' }],
    });
    const payload = body({ about: 'message', member: sender.profile.id, message_id: message.id });
    const res = await complain(payload, reporter.cookie).expect(201);
    const row = await stored(res.body.complaint.id);
    expect(row).toMatchObject({ reportedUserId: sender.user.id, messageId: message.id });
    expect(row.reportedContent).toMatchObject({
      kind: 'message',
      message_id: message.id,
      type: 'text',
      text: 'Hatelijk',
    });
    // someone else's conversation, or a message of another member than the one named
    await complain(payload, outsider.cookie).expect(404);
    await complain(
      body({ about: 'message', member: outsider.profile.id, message_id: message.id }),
      reporter.cookie,
    ).expect(404);
    await complain(body({ ...payload, name: 'Bezoeker', email: 'bezoeker@example.test' })).expect(
      404,
    );
  });

  it('keeps one complaint for a repeated Idempotency-Key', async () => {
    const reporter = await loggedIn();
    const key = randomBytes(12).toString('hex');
    const send = () =>
      t
        .http()
        .post('/api/complaint.php')
        .set('X-Request-Type', 'client')
        .set('Cookie', reporter.cookie)
        .set('Idempotency-Key', key)
        .send(body());
    const first = await send().expect(201);
    const again = await send().expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.prisma.complaint.count({ where: { reporterId: reporter.user.id } })).toBe(1);
  });

  it('lists complaints for staff, newest first and by status, with reporter and reported member', async () => {
    const reporter = await loggedIn({ name: 'Melder' });
    const target = await seed({ name: 'Doelwit' });
    const first = await complain(
      body({ about: 'member', member: target.profile.id, subject: 'Eerste' }),
      reporter.cookie,
    ).expect(201);
    const second = await complain(
      body({ subject: 'Tweede', name: 'Bezoeker', email: 'bez@example.test' }),
    ).expect(201);
    await t.prisma.complaint.update({
      where: { id: second.body.complaint.id },
      data: { status: 'resolved' },
    });
    const cookie = await staffCookie(['moderator']);
    const res = await t.http().get('/api/complaints.php').set('Cookie', cookie).expect(200);
    expect(staffComplaintsResponse.safeParse(res.body).success).toBe(true);
    const ids = res.body.complaints.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.indexOf(second.body.complaint.id)).toBeLessThan(
      ids.indexOf(first.body.complaint.id),
    );
    const mine = res.body.complaints.find((c: { id: number }) => c.id === first.body.complaint.id);
    expect(mine).toMatchObject({
      about: 'member',
      status: 'open',
      subject: 'Eerste',
      reporter: { id: reporter.user.id, name: 'Melder', email: null },
      reported_member: { user_id: target.user.id, profile_id: target.profile.id, name: 'Doelwit' },
      reported_content: { kind: 'member', name: 'Doelwit' },
    });
    const visitor = res.body.complaints.find(
      (c: { id: number }) => c.id === second.body.complaint.id,
    );
    expect(visitor).toMatchObject({
      status: 'resolved',
      reporter: { id: null, name: 'Bezoeker', email: 'bez@example.test' },
      reported_member: null,
    });

    const open = await t
      .http()
      .get('/api/complaints.php?status=open')
      .set('Cookie', await staffCookie(['admin']))
      .expect(200);
    expect(open.body.complaints.every((c: { status: string }) => c.status === 'open')).toBe(true);
    expect(open.body.complaints.map((c: { id: number }) => c.id)).toContain(
      first.body.complaint.id,
    );
    const older = await t
      .http()
      .get(`/api/complaints.php?before=${second.body.complaint.id}`)
      .set('Cookie', cookie)
      .expect(200);
    expect(
      older.body.complaints.every((c: { id: number }) => c.id < second.body.complaint.id),
    ).toBe(true);
  });

  it('refuses the staff list to a member, an operator and a visitor', async () => {
    const member = await loggedIn();
    const res = await t.http().get('/api/complaints.php').set('Cookie', member.cookie).expect(403);
    expect(res.body.error).toBe('forbidden');
    await t
      .http()
      .get('/api/complaints.php')
      .set('Cookie', await staffCookie(['operator']))
      .expect(403);
    const visitor = await t.http().get('/api/complaints.php').expect(403);
    expect(visitor.body.error).toBe('forbidden');
  });

  it('empties what a purged reporter wrote and keeps what was reported', async () => {
    const reporter = await loggedIn();
    const target = await seed({ name: 'Blijft' });
    const res = await complain(
      body({
        about: 'member',
        member: target.profile.id,
        subject: 'Privé',
        message: 'Mijn verhaal',
      }),
      reporter.cookie,
      '198.51.100.30',
    ).expect(201);
    await t
      .http()
      .post('/api/account-delete.php')
      .set('X-Request-Type', 'client')
      .set('Cookie', reporter.cookie)
      .send({ confirm: true, reason: 'other', password: reporter.password })
      .expect(200);
    const request = await t.prisma.deletionRequest.findFirstOrThrow({
      where: { userId: reporter.user.id },
    });
    const later = new Date(request.purgeAt.getTime() + 1000);
    expect(
      await t.app
        .get(DeletionService)
        .purge({ userId: reporter.user.id, requestId: request.id }, later),
    ).toBe('purged');
    expect(await stored(res.body.complaint.id)).toMatchObject({
      reporterId: reporter.user.id,
      name: null,
      email: null,
      reporterIp: null,
      subject: '',
      message: '',
      reportedUserId: target.user.id,
      reportedContent: { kind: 'member', name: 'Blijft' },
    });
  });
});

describe('the complaint limits', () => {
  const t = useTestApp({
    TRUST_PROXY: '1',
    RATE_LIMIT_COMPLAINTS_PER_HOUR: '2',
    RATE_LIMIT_VISITOR_COMPLAINTS_PER_IP_HOUR: '2',
  });
  const { loggedIn, complain } = helpers(() => t);

  it('answers a member’s third complaint within the hour 429 with Retry-After, and stores nothing', async () => {
    const member = await loggedIn();
    await complain(body(), member.cookie).expect(201);
    await complain(body(), member.cookie).expect(201);
    const res = await complain(body(), member.cookie).expect(429);
    expect(res.body).toMatchObject({
      error: 'rate_limited',
      message: 'Te veel verzoeken, probeer het zo nog eens.',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await t.prisma.complaint.count({ where: { reporterId: member.user.id } })).toBe(2);
    // another member is not affected
    await complain(body(), (await loggedIn()).cookie).expect(201);
  });

  it('limits visitors per address, not members on that address', async () => {
    const visitor = body({ name: 'Bezoeker', email: 'bezoeker@example.test' });
    await complain(visitor, undefined, '203.0.113.50').expect(201);
    await complain(visitor, undefined, '203.0.113.50').expect(201);
    const res = await complain(visitor, undefined, '203.0.113.50').expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await complain(visitor, undefined, '203.0.113.51').expect(201);
    await complain(body(), (await loggedIn()).cookie, '203.0.113.50').expect(201);
  });
});
