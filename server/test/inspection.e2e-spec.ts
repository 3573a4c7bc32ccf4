import { INSPECTION_UNDO_SECONDS, STAFF_SOCKET_NAMESPACE } from '@app/contract';
import { jpeg } from './helpers/images';
import { chatMember, type ChatMember } from './helpers/chat';
import { connect, listening } from './helpers/sockets';
import { staffAccount, cookieOf, type StaffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Photo and profile text inspection (/api/staff/inspection/...): the queue, the claim, the
 * decisions and their undo, the audit rows, the live events, and the rule that an uninspected
 * photo's file goes only to its owner and to moderators.
 */
describe('inspection of photos and profile texts', () => {
  let t: TestApp;
  let moderator: StaffAccount;
  let mod: string;
  let other: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    moderator = await staffAccount(t, ['moderator']);
    mod = await cookieOf(moderator, t);
    other = await cookieOf(await staffAccount(t, ['moderator']), t);
  });
  afterAll(() => t.close());

  /** Every test starts with an empty queue: what earlier tests left waiting is approved. */
  beforeEach(async () => {
    await t.prisma.photo.updateMany({
      where: { status: 'under_inspection' },
      data: { status: 'active' },
    });
    await t.prisma.profileTextReview.updateMany({
      where: { status: 'waiting' },
      data: { status: 'approved' },
    });
  });

  /** A photo row waiting since `minutesAgo` (no files: for the queue, not the media route). */
  async function waitingPhoto(member: ChatMember, minutesAgo: number) {
    seq += 1;
    return t.prisma.photo.create({
      data: {
        profileId: member.profile!.id,
        filename: `insp${seq}x${Date.now()}-full.webp`,
        thumbFilename: `insp${seq}x${Date.now()}-thumb.webp`,
        width: 400,
        height: 400,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      },
    });
  }

  const post = (cookie: string, path: string, body: object = {}) =>
    t.http().post(path).set('Cookie', cookie).set('X-Request-Type', 'client').send(body);
  const get = (cookie: string | null, path: string) => {
    const req = t.http().get(path);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const upload = async (member: ChatMember) =>
    t
      .http()
      .post('/api/photo.php')
      .set('Cookie', member.cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', await jpeg(400, 400), 'p.jpg')
      .expect(201);
  const next = (cookie: string, exclude: number[] = []) =>
    post(cookie, '/api/staff/inspection/photos/next', { exclude });
  const decide = (cookie: string, id: number, body: object) =>
    post(cookie, `/api/staff/inspection/photos/${id}/decision`, body);

  it('lists the waiting photos oldest first, with the count and the oldest wait', async () => {
    const member = await chatMember(t);
    const newer = await waitingPhoto(member, 5);
    const oldest = await waitingPhoto(member, 60);
    const middle = await waitingPhoto(member, 30);
    const res = await get(mod, '/api/staff/inspection/photos').expect(200);
    expect(res.body.photos.map((p: { id: number }) => p.id)).toEqual([
      oldest.id,
      middle.id,
      newer.id,
    ]);
    expect(res.body.stats).toEqual({ waiting: 3, oldest_at: oldest.createdAt.toISOString() });
    expect(res.body.photos[0]).toMatchObject({
      profile: { id: member.profile!.id, name: member.profile!.name },
      claimed: false,
    });
    const stats = await get(mod, '/api/staff/inspection/stats').expect(200);
    expect(stats.body.photos.waiting).toBe(3);
  });

  it('gives the next photo with the member beside it, never their e-mail', async () => {
    const member = await chatMember(t);
    const photo = await waitingPhoto(member, 10);
    const res = await next(mod).expect(200);
    expect(res.body.photo).toMatchObject({
      id: photo.id,
      member: { user_id: member.user.id, name: member.profile!.name },
    });
    expect(res.body.photo.member.photos.map((p: { id: number }) => p.id)).toContain(photo.id);
    expect(JSON.stringify(res.body)).not.toContain(member.user.email);
    // asked again, the same moderator gets the same photo back (a reload loses nothing)
    expect((await next(mod).expect(200)).body.photo.id).toBe(photo.id);
    // excluding it (the one on screen), the next is claimed ahead: none here
    expect((await next(mod, [photo.id]).expect(200)).body.photo).toBeNull();
  });

  it('never gives two moderators racing for the next photo the same one', async () => {
    const member = await chatMember(t);
    const only = await waitingPhoto(member, 10);
    const racers = await Promise.all(
      Array.from({ length: 6 }, async () => cookieOf(await staffAccount(t, ['moderator']), t)),
    );
    const answers = await Promise.all(racers.map((cookie) => next(cookie).expect(200)));
    const got = answers.map((res) => res.body.photo?.id ?? null).filter((id) => id !== null);
    expect(got).toEqual([only.id]);
    const row = await t.prisma.photo.findUniqueOrThrow({ where: { id: only.id } });
    expect(row.claimedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a decision on a photo another moderator holds, and a second decision', async () => {
    const member = await chatMember(t);
    const photo = await waitingPhoto(member, 10);
    await next(other).expect(200);
    const refused = await decide(mod, photo.id, { action: 'approve' }).expect(409);
    expect(refused.body.error).toBe('conflict');
    await decide(other, photo.id, { action: 'approve' }).expect(200);
    await decide(other, photo.id, { action: 'approve' }).expect(409);
  });

  it('approves a photo: active, the main photo, an audit row, the member told live', async () => {
    const member = await chatMember(t);
    const photo = await waitingPhoto(member, 10);
    const base = await listening(t);
    const socket = await connect(base, member.cookie);
    const console_ = await connect(base, mod, { namespace: STAFF_SOCKET_NAMESPACE });
    try {
      await next(mod).expect(200);
      const res = await decide(mod, photo.id, { action: 'approve' }).expect(200);
      expect(res.body.stats.waiting).toBe(0);
      const row = await t.prisma.photo.findUniqueOrThrow({ where: { id: photo.id } });
      expect(row).toMatchObject({
        status: 'active',
        moderatedById: moderator.id,
        claimedById: null,
      });
      const profile = await t.prisma.profile.findUniqueOrThrow({ where: { id: photo.profileId } });
      expect(profile.mainPhotoId).toBe(photo.id);
      const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
        where: { action: 'photo.approve', subjectId: String(photo.id) },
      });
      expect(audit).toMatchObject({
        actorId: moderator.id,
        targetUserId: member.user.id,
        subjectType: 'photo',
        before: { status: 'under_inspection', main_photo_id: null },
        after: { status: 'active', main_photo_id: photo.id },
      });
      await socket.waitFor('photos:changed');
      await console_.waitFor('queue:changed');
      expect(console_.of('queue:changed')).toContainEqual({ queue: 'photos' });
    } finally {
      socket.close();
      console_.close();
    }
  });

  it('rejects only with a reason of the list, which the member sees on the photo', async () => {
    const member = await chatMember(t);
    const photo = await waitingPhoto(member, 10);
    await next(mod).expect(200);
    await decide(mod, photo.id, { action: 'reject' }).expect(400);
    await decide(mod, photo.id, { action: 'reject', reason: 'Lelijk' }).expect(400);
    await decide(mod, photo.id, { action: 'reject', reason: 'no_face' }).expect(200);
    const own = await get(member.cookie, '/api/photos.php').expect(200);
    expect(own.body.photos).toContainEqual(
      expect.objectContaining({ id: photo.id, status: 'rejected', rejected_reason: 'no_face' }),
    );
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'photo.reject', subjectId: String(photo.id) },
    });
    expect(audit.reason).toBe('no_face');
  });

  it('undoes a decision for a few seconds: the photo waits again, held by the moderator', async () => {
    const member = await chatMember(t);
    const photo = await waitingPhoto(member, 10);
    await next(mod).expect(200);
    const decided = await decide(mod, photo.id, { action: 'reject', reason: 'nudity' });
    expect(decided.status).toBe(200);
    const undoUntil = new Date(decided.body.undo_until).getTime();
    expect(undoUntil - Date.now()).toBeLessThanOrEqual(INSPECTION_UNDO_SECONDS * 1000);
    // another moderator cannot undo it
    await post(other, `/api/staff/inspection/decisions/${decided.body.decision}/undo`).expect(404);
    const undone = await post(
      mod,
      `/api/staff/inspection/decisions/${decided.body.decision}/undo`,
    ).expect(200);
    expect(undone.body).toMatchObject({ kind: 'photo', id: photo.id, stats: { waiting: 1 } });
    const row = await t.prisma.photo.findUniqueOrThrow({ where: { id: photo.id } });
    expect(row).toMatchObject({
      status: 'under_inspection',
      rejectedReason: null,
      claimedById: moderator.id,
    });
    // once only
    await post(mod, `/api/staff/inspection/decisions/${decided.body.decision}/undo`).expect(409);
    const audit = await t.prisma.staffAuditEntry.findMany({
      where: { subjectType: 'photo', subjectId: String(photo.id) },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => a.action)).toEqual(['photo.reject', 'photo.undo']);
    // the other moderator does not get it while it is held
    expect((await next(other).expect(200)).body.photo).toBeNull();
  });

  it('refuses an undo after the window', async () => {
    const member = await chatMember(t);
    const photo = await waitingPhoto(member, 10);
    await next(mod).expect(200);
    const decided = await decide(mod, photo.id, { action: 'approve' }).expect(200);
    await t.prisma.inspectionDecision.update({
      where: { id: BigInt(decided.body.decision) },
      data: { decidedAt: new Date(Date.now() - (INSPECTION_UNDO_SECONDS + 1) * 1000) },
    });
    await post(mod, `/api/staff/inspection/decisions/${decided.body.decision}/undo`).expect(409);
    const row = await t.prisma.photo.findUniqueOrThrow({ where: { id: photo.id } });
    expect(row.status).toBe('active');
  });

  it('refuses operators and members (403 forbidden)', async () => {
    const member = await chatMember(t);
    const operator = await cookieOf(await staffAccount(t, ['operator']), t);
    for (const cookie of [operator, member.cookie]) {
      expect((await get(cookie, '/api/staff/inspection/photos').expect(403)).body.error).toBe(
        'forbidden',
      );
      await next(cookie).expect(403);
    }
  });

  it('serves an uninspected photo only to its owner and to moderators, even at its URL', async () => {
    const owner = await chatMember(t);
    const stranger = await chatMember(t);
    const operator = await cookieOf(await staffAccount(t, ['operator']), t);
    const uploaded = await upload(owner);
    const url: string = uploaded.body.photo.full_url;
    const file = (cookie: string | null) => get(cookie, url);
    // the owner, in their own session
    await file(owner.cookie).expect(200);
    // the link shared in a chat: another member, a visitor, a staff member of another role
    await file(stranger.cookie).expect(404);
    await file(null).expect(404);
    await file(operator).expect(404);
    // a moderator, with the staff session
    await file(mod).expect(200);
    const staffUrl: string = (await next(mod).expect(200)).body.photo.full_url;
    await get(null, staffUrl).expect(404);
    await get(stranger.cookie, staffUrl).expect(404);
    await get(mod, staffUrl).expect(200);
    // rejected: still only the owner
    await decide(mod, uploaded.body.photo.id, { action: 'reject', reason: 'nudity' }).expect(200);
    await file(stranger.cookie).expect(404);
    await file(owner.cookie).expect(200);
  });

  it('approved, the same private URL is the member’s photo for anyone holding it', async () => {
    const owner = await chatMember(t);
    const uploaded = await upload(owner);
    await next(mod).expect(200);
    await decide(mod, uploaded.body.photo.id, { action: 'approve' }).expect(200);
    await get(null, uploaded.body.photo.full_url).expect(200);
  });

  it('keeps the spec’s photo-moderation.php deciding through the same rules', async () => {
    const member = await chatMember(t);
    const photo = await waitingPhoto(member, 10);
    await next(other).expect(200);
    await post(mod, '/api/photo-moderation.php', { photo: photo.id, action: 'approve' }).expect(
      409,
    );
    await post(other, '/api/photo-moderation.php', {
      photo: photo.id,
      action: 'reject',
      reason: 'Geen gezicht',
    }).expect(200);
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'photo.reject', subjectId: String(photo.id) },
    });
    expect(audit.reason).toBe('Geen gezicht');
  });

  describe('profile texts', () => {
    const form = (about: string, name = 'Roos') => ({
      name,
      gender: 'female',
      seeking_gender: 'male',
      date_of_birth: '1990-04-12',
      country: 'NL',
      region_id: null,
      city_id: null,
      sexuality: null,
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      signup_reason: null,
      about,
      interests: [],
      invisible: false,
      privacy_mode: false,
    });
    const save = (member: ChatMember, body: object) =>
      t
        .http()
        .put('/api/profile.php')
        .set('Cookie', member.cookie)
        .set('X-Request-Type', 'client')
        .send(body);

    /** Claims the next texts, approving the others, until the one `wanted` picks (or none). */
    async function claimText(wanted: (text: { field: string; text: string | null }) => boolean) {
      let claimed = (await post(mod, '/api/staff/inspection/texts/next').expect(200)).body.text;
      while (claimed && !wanted(claimed)) {
        await post(mod, `/api/staff/inspection/texts/${claimed.id}/decision`, {
          action: 'approve',
        }).expect(200);
        claimed = (await post(mod, '/api/staff/inspection/texts/next').expect(200)).body.text;
      }
      return claimed;
    }

    it('queues a changed about text (shown at once), one waiting review per field', async () => {
      const member = await chatMember(t);
      await save(member, form('Eerste tekst')).expect(200);
      await save(member, form('Tweede tekst')).expect(200);
      const queue = await get(mod, '/api/staff/inspection/texts').expect(200);
      const mine = queue.body.texts.filter(
        (r: { profile: { id: number } }) => r.profile.id === member.profile!.id,
      );
      expect(mine.map((r: { field: string }) => r.field).sort()).toEqual(['about', 'name']);
      const own = await get(member.cookie, '/api/profile.php').expect(200);
      expect(own.body.about ?? own.body.profile?.about).toBe('Tweede tekst');
    });

    it('rejects a text: the previous text is back, audited, the member told; undo brings it back', async () => {
      const member = await chatMember(t);
      await save(member, form('Mijn telefoon is 0612345678')).expect(200);
      const base = await listening(t);
      const socket = await connect(base, member.cookie);
      try {
        const claimed = await claimText((text) => text.field === 'about');
        expect(claimed).toMatchObject({ field: 'about', text: 'Mijn telefoon is 0612345678' });
        const decided = await post(mod, `/api/staff/inspection/texts/${claimed.id}/decision`, {
          action: 'reject',
          reason: 'contact_details',
        }).expect(200);
        const profile = await t.prisma.profile.findUniqueOrThrow({
          where: { id: member.profile!.id },
        });
        expect(profile.about).toBe(claimed.previous);
        await socket.waitFor('profile:changed');
        const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
          where: { action: 'text.reject', subjectId: String(claimed.id) },
        });
        expect(audit).toMatchObject({ targetUserId: member.user.id, reason: 'contact_details' });
        await post(mod, `/api/staff/inspection/decisions/${decided.body.decision}/undo`).expect(
          200,
        );
        const back = await t.prisma.profile.findUniqueOrThrow({
          where: { id: member.profile!.id },
        });
        expect(back.about).toBe('Mijn telefoon is 0612345678');
      } finally {
        socket.close();
      }
    });

    it('tells the owner why a text was refused, live, until the field changes again; nobody else', async () => {
      const member = await chatMember(t);
      const other = await chatMember(t);
      await save(member, form('Mail me op roos@example.com')).expect(200);
      expect((await get(member.cookie, '/api/profile.php').expect(200)).body.profile).toMatchObject(
        { text_rejections: [] },
      );
      const base = await listening(t);
      const socket = await connect(base, member.cookie);
      try {
        const claimed = await claimText((text) => text.text === 'Mail me op roos@example.com');
        await post(mod, `/api/staff/inspection/texts/${claimed.id}/decision`, {
          action: 'reject',
          reason: 'contact_details',
        }).expect(200);
        await socket.waitFor('profile:changed');
      } finally {
        socket.close();
      }
      const own = (await get(member.cookie, '/api/profile.php').expect(200)).body.profile;
      expect(own.text_rejections).toEqual([
        { field: 'about', reason: 'contact_details', decided_at: expect.any(String) },
      ]);
      expect(own.about).not.toBe('Mail me op roos@example.com');
      // another member's view of the profile carries no refusal
      const seen = await get(other.cookie, `/api/member.php?id=${member.profile!.id}`).expect(200);
      expect(seen.body.profile).not.toHaveProperty('text_rejections');
      expect(JSON.stringify(seen.body)).not.toContain('contact_details');
      // a new text of the field waits for a moderator again: the refusal is over
      await save(member, form('Ik wandel graag langs de zee')).expect(200);
      const after = (await get(member.cookie, '/api/profile.php').expect(200)).body.profile;
      expect(after.text_rejections).toEqual([]);
    });

    it('never gives two moderators the same text', async () => {
      const member = await chatMember(t);
      await save(member, form('Een nieuwe tekst', member.profile!.name)).expect(200);
      const racers = await Promise.all(
        Array.from({ length: 4 }, async () => cookieOf(await staffAccount(t, ['moderator']), t)),
      );
      const answers = await Promise.all(
        racers.map((cookie) => post(cookie, '/api/staff/inspection/texts/next').expect(200)),
      );
      const got = answers.map((res) => res.body.text?.id ?? null).filter((id) => id !== null);
      expect(new Set(got).size).toBe(got.length);
      expect(got.length).toBeGreaterThanOrEqual(1);
    });
  });
});
