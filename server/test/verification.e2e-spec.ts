import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  SHARED_CATALOGUES,
  STAFF_ROLES,
  VERIFICATION_GESTURES,
  statementsResponse,
  type ProfileCard,
} from '@app/contract';
import { VerificationExpiryTask } from '../src/verification/verification-expiry.task';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { PDF, jpeg, pngDeclaring } from './helpers/images';
import { activeMainPhoto } from './helpers/photos';
import { cookieOf, staffAccount, type StaffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

const nl = SHARED_CATALOGUES.nl.errors;

/**
 * The verified badge (issue 35 point 5): a gesture asked for, the selfie through the photo
 * pipeline, the moderators' desk (claim, approve, reject with a reason, role rule, audit row),
 * the badge on cards and the search filter, the selfie deleted once decided or expired, and
 * chat pals never verified.
 */
describe('verification: a selfie with a gesture, decided by a moderator', () => {
  let t: TestApp;
  let storage: string;
  let moderator: StaffAccount;
  let mod: string;

  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'selfies-'));
    t = await createTestApp({ STORAGE_DIR: storage });
    moderator = await staffAccount(t, ['moderator']);
    mod = await cookieOf(moderator, t);
  });
  afterAll(async () => {
    await t.close();
    await rm(storage, { recursive: true, force: true });
  });

  /** Nothing earlier tests left waiting is served to the next one. */
  beforeEach(async () => {
    await t.prisma.verificationRequest.updateMany({
      where: { status: 'pending' },
      data: { status: 'expired', selfieFilename: null },
    });
  });

  const selfies = async () => readdir(path.join(storage, 'selfies')).catch(() => [] as string[]);
  const post = (cookie: string, url: string, body: object = {}) =>
    t.http().post(url).set('Cookie', cookie).set('X-Request-Type', 'client').send(body);
  const upload = (cookie: string, data: Buffer) =>
    t
      .http()
      .post('/api/verification-selfie.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', data, { filename: 'selfie.jpg', contentType: 'image/jpeg' });

  /** A member with an approved main photo, logged in, who has sent a selfie. */
  async function waitingMember(options: Parameters<typeof loggedInMember>[1] = {}) {
    const member = await loggedInMember(t, options);
    await activeMainPhoto(t, member.profile!.id, `ver${member.profile!.id}x`);
    await post(member.cookie, '/api/verification.php').expect(200);
    const sent = await upload(member.cookie, await jpeg(900, 1200)).expect(200);
    return { member, request: sent.body.request as { id: number; status: string } };
  }

  it('asks a member for a gesture of the list, the same one when asked again', async () => {
    const member = await loggedInMember(t);
    const before = await t.http().get('/api/verification.php').set('Cookie', member.cookie);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ verified: false, verified_at: null, request: null });

    const first = await post(member.cookie, '/api/verification.php').expect(200);
    expect(first.body.request.status).toBe('requested');
    expect(VERIFICATION_GESTURES.map((g) => g.key)).toContain(first.body.request.gesture);
    const again = await post(member.cookie, '/api/verification.php').expect(200);
    expect(again.body.request).toEqual(first.body.request);
    expect(await t.prisma.verificationRequest.count({ where: { userId: member.user.id } })).toBe(1);
  });

  it('takes a real selfie, and once a moderator approves it the badge is on the card and the search filter finds only verified members', async () => {
    const other = await seedTestMember(t, { country: 'IE', gender: 'female' });
    await activeMainPhoto(t, other.profile!.id, `verother${other.profile!.id}x`);
    const { member, request } = await waitingMember({ country: 'IE', gender: 'female' });
    expect(request.status).toBe('pending');
    const row = await t.prisma.verificationRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(await selfies()).toContain(row.selfieFilename);

    const claimed = await post(mod, '/api/staff/verification/next').expect(200);
    expect(claimed.body.request).toMatchObject({
      id: request.id,
      gesture: row.gesture,
      selfie_url: `/api/staff/verification/${request.id}/selfie`,
      member: { user_id: member.user.id },
    });
    expect(claimed.body.request.member.photos).toHaveLength(1);
    const image = await t
      .http()
      .get(claimed.body.request.selfie_url)
      .set('Cookie', mod)
      .buffer(true)
      .expect(200);
    expect(image.headers['content-type']).toBe('image/webp');

    await post(mod, `/api/staff/verification/${request.id}/decision`, {
      action: 'approve',
    }).expect(200);

    const after = await t.prisma.verificationRequest.findUniqueOrThrow({
      where: { id: request.id },
    });
    expect(after).toMatchObject({
      status: 'approved',
      selfieFilename: null,
      decidedById: moderator.id,
    });
    expect(await selfies()).not.toContain(row.selfieFilename);
    await t.http().get(claimed.body.request.selfie_url).set('Cookie', mod).expect(404);
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'verification.approve', subjectId: String(request.id) },
    });
    expect(audit).toMatchObject({ actorId: moderator.id, targetUserId: member.user.id });

    const viewer = await loggedInMember(t, { country: 'IE', gender: 'male' });
    const all = await t
      .http()
      .get('/api/search.php?country=IE&gender=female')
      .set('Cookie', viewer.cookie)
      .expect(200);
    const cards = all.body.profiles as ProfileCard[];
    expect(cards.find((c) => c.id === member.profile!.id)?.verified).toBe(true);
    expect(cards.find((c) => c.id === other.profile!.id)?.verified).toBe(false);
    const only = await t
      .http()
      .get('/api/search.php?country=IE&gender=female&verified=1')
      .set('Cookie', viewer.cookie)
      .expect(200);
    const ids = (only.body.profiles as ProfileCard[]).map((c) => c.id);
    expect(ids).toContain(member.profile!.id);
    expect(ids).not.toContain(other.profile!.id);
    expect((only.body.profiles as ProfileCard[]).every((c) => c.verified)).toBe(true);

    const profile = await t
      .http()
      .get(`/api/member.php?id=${member.profile!.id}`)
      .set('Cookie', viewer.cookie)
      .expect(200);
    expect(profile.body.profile.verified).toBe(true);
    const own = await t.http().get('/api/verification.php').set('Cookie', member.cookie);
    expect(own.body.verified).toBe(true);
    await post(member.cookie, '/api/verification.php').expect(409, {
      error: 'already_verified',
      message: nl.already_verified,
    });
  });

  it('rejects with a reason the member reads, deletes the selfie, and lets the member try again', async () => {
    const { member, request } = await waitingMember();
    const row = await t.prisma.verificationRequest.findUniqueOrThrow({ where: { id: request.id } });
    await post(member.cookie, '/api/verification.php').expect(409);
    await post(mod, '/api/staff/verification/next').expect(200);
    await post(mod, `/api/staff/verification/${request.id}/decision`, { action: 'reject' }).expect(
      400,
    );
    await post(mod, `/api/staff/verification/${request.id}/decision`, {
      action: 'reject',
      reason: 'gesture_missing',
    }).expect(200);

    const own = await t.http().get('/api/verification.php').set('Cookie', member.cookie);
    expect(own.body).toMatchObject({
      verified: false,
      request: { id: request.id, status: 'rejected', reason: 'gesture_missing' },
    });
    expect(await selfies()).not.toContain(row.selfieFilename);
    expect(
      await t.prisma.verificationRequest.findUniqueOrThrow({ where: { id: request.id } }),
    ).toMatchObject({ selfieFilename: null });
    expect(
      await t.prisma.staffAuditEntry.count({
        where: {
          action: 'verification.reject',
          subjectId: String(request.id),
          reason: 'gesture_missing',
        },
      }),
    ).toBe(1);
    // deciding it again is a conflict; trying again is a new gesture
    await post(mod, `/api/staff/verification/${request.id}/decision`, {
      action: 'approve',
    }).expect(409);
    const again = await post(member.cookie, '/api/verification.php').expect(200);
    expect(again.body.request).toMatchObject({ status: 'requested', reason: null });
    expect(again.body.request.id).not.toBe(request.id);
  });

  it('never verifies a chat pal: not on their request, and not by a moderator', async () => {
    const partner = await loggedInMember(t, { fictional: true });
    await post(partner.cookie, '/api/verification.php').expect(403, {
      error: 'verification_unavailable',
      message: nl.verification_unavailable,
    });
    // a request that got in some other way is refused at the decision too
    const forced = await t.prisma.verificationRequest.create({
      data: {
        userId: partner.user.id,
        gesture: 'wave',
        status: 'pending',
        submittedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    await post(mod, `/api/staff/verification/${forced.id}/decision`, { action: 'approve' }).expect(
      403,
    );
    const profile = await t.prisma.profile.findUniqueOrThrow({
      where: { userId: partner.user.id },
    });
    expect(profile.verified).toBe(false);
    // and the database refuses it whatever the code does
    await expect(
      t.prisma.profile.update({ where: { id: profile.id }, data: { verified: true } }),
    ).rejects.toThrow();
  });

  it('refuses broken and huge images with a clear 4xx in the member’s language (nl) and keeps the gesture', async () => {
    const member = await loggedInMember(t);
    await post(member.cookie, '/api/verification.php').expect(200);
    await upload(member.cookie, PDF).expect(415, {
      error: 'photo_type_unsupported',
      message: nl.photo_type_unsupported,
    });
    const truncated = (await jpeg(900, 900)).subarray(0, 4000);
    expect((await upload(member.cookie, truncated)).status).toBe(422);
    const bomb = await upload(member.cookie, pngDeclaring(40_000, 40_000));
    expect(bomb.status).toBe(422);
    expect(bomb.body.error).toBe('photo_too_many_pixels');
    const huge = Buffer.concat([await jpeg(400, 400), Buffer.alloc(20 * 1024 * 1024)]);
    const big = await upload(member.cookie, huge);
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('photo_too_large');
    const own = await t.http().get('/api/verification.php').set('Cookie', member.cookie);
    expect(own.body.request.status).toBe('requested');
  });

  it('refuses a selfie without a gesture asked for, or after the gesture expired', async () => {
    const member = await loggedInMember(t);
    await upload(member.cookie, await jpeg(900, 900)).expect(409, {
      error: 'verification_not_requested',
      message: nl.verification_not_requested,
    });
    await post(member.cookie, '/api/verification.php').expect(200);
    await t.prisma.verificationRequest.updateMany({
      where: { userId: member.user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const own = await t.http().get('/api/verification.php').set('Cookie', member.cookie);
    expect(own.body.request.status).toBe('expired');
    await upload(member.cookie, await jpeg(900, 900)).expect(409);
  });

  it('lets moderators and admins use the desk but not operators or members, and never gives two moderators the same selfie', async () => {
    const { request } = await waitingMember();
    const operator = await cookieOf(await staffAccount(t, ['operator']), t);
    const admin = await cookieOf(await staffAccount(t, ['admin']), t);
    const member = await loggedInMember(t);
    for (const cookie of [operator, member.cookie]) {
      const res = await post(cookie, '/api/staff/verification/next');
      expect(res.status).toBe(403);
      await t
        .http()
        .get(`/api/staff/verification/${request.id}/selfie`)
        .set('Cookie', cookie)
        .expect(403);
      await post(cookie, `/api/staff/verification/${request.id}/decision`, {
        action: 'approve',
      }).expect(403);
    }
    const first = await post(mod, '/api/staff/verification/next').expect(200);
    expect(first.body.request.id).toBe(request.id);
    const second = await post(admin, '/api/staff/verification/next').expect(200);
    expect(second.body.request).toBeNull();
    await post(admin, `/api/staff/verification/${request.id}/decision`, {
      action: 'approve',
    }).expect(409);
    // an admin decides once the moderator's claim has run out
    await t.prisma.verificationRequest.update({
      where: { id: request.id },
      data: { claimedUntil: new Date(Date.now() - 1000) },
    });
    await post(admin, `/api/staff/verification/${request.id}/decision`, {
      action: 'reject',
      reason: 'poor_quality',
    }).expect(200);
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'verification.reject', subjectId: String(request.id) },
    });
    expect(audit.actorRoles).toEqual(['admin']);
  });

  it('expires a selfie no moderator decided in time and deletes its file', async () => {
    const { request } = await waitingMember();
    const row = await t.prisma.verificationRequest.update({
      where: { id: request.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await selfies()).toContain(row.selfieFilename);
    await t.app.get(VerificationExpiryTask).run();
    expect(await selfies()).not.toContain(row.selfieFilename);
    expect(
      await t.prisma.verificationRequest.findUniqueOrThrow({ where: { id: request.id } }),
    ).toMatchObject({ status: 'expired', selfieFilename: null });
  });
  /** A member the desk verified (a selfie approved), logged in, in IE among the women. */
  async function verifiedMember() {
    const { member, request } = await waitingMember({ country: 'IE', gender: 'female' });
    await post(mod, '/api/staff/verification/next').expect(200);
    await post(mod, `/api/staff/verification/${request.id}/decision`, {
      action: 'approve',
    }).expect(200);
    return member;
  }

  it('lets a moderator withdraw a badge with a reason: gone from cards and the verified filter at once, a statement of reasons and an audit row, and the member may verify again', async () => {
    const member = await verifiedMember();
    const viewer = await loggedInMember(t, { country: 'IE', gender: 'male' });
    const search = async (filter: string) =>
      (
        await t
          .http()
          .get(`/api/search.php?country=IE&gender=female${filter}`)
          .set('Cookie', viewer.cookie)
          .expect(200)
      ).body.profiles as ProfileCard[];
    expect((await search('&verified=1')).map((c) => c.id)).toContain(member.profile!.id);

    const reason = 'Bij nader inzien niet dezelfde persoon als op de foto’s.';
    const res = await post(mod, '/api/staff/verification/withdraw', {
      member: member.profile!.id,
      reason,
      ground: 'impersonation',
    }).expect(200);
    expect(res.body).toMatchObject({ member: { profile_id: member.profile!.id, verified: false } });

    // at once: no badge on the card, not found by the verified-only search, nor on the profile
    expect((await search('&verified=1')).map((c) => c.id)).not.toContain(member.profile!.id);
    expect((await search('')).find((c) => c.id === member.profile!.id)?.verified).toBe(false);
    const profile = await t
      .http()
      .get(`/api/member.php?id=${member.profile!.id}`)
      .set('Cookie', viewer.cookie)
      .expect(200);
    expect(profile.body.profile.verified).toBe(false);

    // the member reads what was decided, on which ground, and may appeal; a mail is on its way
    const statements = statementsResponse.parse(
      (await t.http().get('/api/statements.php').set('Cookie', member.cookie).expect(200)).body,
    ).statements;
    expect(statements[0]).toMatchObject({
      id: res.body.statement_id,
      kind: 'badge_withdrawn',
      item: 'badge',
      item_id: member.profile!.id,
      ground: 'impersonation',
      explanation: reason,
      automated_detection: false,
      appeal_until: expect.any(String),
    });
    expect(
      await t.prisma.mailIntent.count({
        where: { userId: member.user.id, template: 'statement' },
      }),
    ).toBe(1);
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'verification.withdraw', targetUserId: member.user.id },
    });
    expect(audit).toMatchObject({
      actorId: moderator.id,
      subjectType: 'profile',
      subjectId: String(member.profile!.id),
      reason,
    });

    // a second withdrawal finds nothing to take
    await post(mod, '/api/staff/verification/withdraw', {
      member: member.profile!.id,
      reason,
    }).expect(409, { error: 'not_verified', message: nl.not_verified });

    // the member's page says so, and asking again gives a new gesture
    const own = await t.http().get('/api/verification.php').set('Cookie', member.cookie);
    expect(own.body).toMatchObject({ verified: false, request: { status: 'approved' } });
    const again = await post(member.cookie, '/api/verification.php').expect(200);
    expect(again.body.request).toMatchObject({ status: 'requested' });
  });

  it('lets moderators and admins withdraw a badge, but not operators, members or visitors; bad input is a 4xx', async () => {
    const target = await loggedInMember(t);
    await t.prisma.profile.update({
      where: { id: target.profile!.id },
      data: { verified: true, verifiedAt: new Date() },
    });
    const body = { member: target.profile!.id, reason: 'Goedgekeurd bij vergissing.' };
    const cookies: Record<(typeof STAFF_ROLES)[number], string> = {
      admin: await cookieOf(await staffAccount(t, ['admin']), t),
      moderator: mod,
      operator: await cookieOf(await staffAccount(t, ['operator']), t),
    };
    const withdraw = (cookie: string | null, input: object = body) => {
      const req = t.http().post('/api/staff/verification/withdraw').set('X-Request-Type', 'client');
      if (cookie) req.set('Cookie', cookie);
      return req.send(input);
    };
    await withdraw(cookies.operator).expect(403);
    await withdraw(target.cookie).expect(403);
    await withdraw(null).expect(403);
    expect(
      (await t.prisma.profile.findUniqueOrThrow({ where: { id: target.profile!.id } })).verified,
    ).toBe(true);

    // bad input: a clear 4xx, never a 5xx
    await withdraw(cookies.moderator, { member: target.profile!.id }).expect(400);
    await withdraw(cookies.moderator, { ...body, reason: 'x' }).expect(400);
    await withdraw(cookies.moderator, { ...body, ground: 'nonsense' }).expect(400);
    await withdraw(cookies.moderator, { ...body, member: 'abc' }).expect(400);
    await withdraw(cookies.moderator, { ...body, member: 999_999_999 }).expect(404);
    const partner = await loggedInMember(t, { fictional: true });
    await withdraw(cookies.moderator, { ...body, member: partner.profile!.id }).expect(404);

    for (const role of ['admin', 'moderator'] as const) {
      await withdraw(cookies[role]).expect(200);
      const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
        where: { action: 'verification.withdraw', targetUserId: target.user.id },
        orderBy: { id: 'desc' },
      });
      expect(audit.actorRoles).toEqual([role]);
      await t.prisma.profile.update({
        where: { id: target.profile!.id },
        data: { verified: true, verifiedAt: new Date() },
      });
    }
  });

  it('gives the badge back when another moderator reverses the withdrawal on appeal', async () => {
    const member = await verifiedMember();
    const before = await t.prisma.profile.findUniqueOrThrow({ where: { id: member.profile!.id } });
    const withdrawn = await post(mod, '/api/staff/verification/withdraw', {
      member: member.profile!.id,
      reason: 'Twijfel over de selfie.',
    }).expect(200);
    const id = withdrawn.body.statement_id as number;
    const appealed = await post(member.cookie, `/api/statements/${id}/appeal`, {
      text: 'Dat ben ik echt, kijk nog eens.',
    }).expect(200);
    const appealId = appealed.body.statement.appeal.id as number;
    // the moderator who withdrew it may not decide the appeal; another one reverses it
    await post(mod, `/api/staff/appeals/${appealId}/decide`, {
      outcome: 'reversed',
      explanation: 'Toch dezelfde persoon.',
    }).expect(403);
    const other = await cookieOf(await staffAccount(t, ['moderator']), t);
    await post(other, `/api/staff/appeals/${appealId}/decide`, {
      outcome: 'reversed',
      explanation: 'Toch dezelfde persoon.',
    }).expect(200);
    const after = await t.prisma.profile.findUniqueOrThrow({ where: { id: member.profile!.id } });
    expect(after.verified).toBe(true);
    expect(after.verifiedAt).toEqual(before.verifiedAt);
  });
});
