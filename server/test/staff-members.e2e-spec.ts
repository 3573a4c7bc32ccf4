import { randomUUID } from 'node:crypto';
import { chatMember, type ChatMember } from './helpers/chat';
import { staffAccount, cookieOf, type StaffAccount } from './helpers/staff';
import { connect, eventually, listening } from './helpers/sockets';
import { createTestApp, type TestApp } from './helpers/test-app';
import { activeMainPhoto } from './helpers/photos';
import { seedTestMember } from './helpers/accounts';

/**
 * The console's members area (admins): search by id, e-mail and name, a member's page, and the
 * actions (credits, sessions, reactivation, erasure), each with its audit row.
 */
describe('staff: members (search, page, credits, sessions, reactivate, erase)', () => {
  let t: TestApp;
  let admin: StaffAccount;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffAccount(t, ['admin']);
    adminCookie = await cookieOf(admin, t);
  });
  afterAll(() => t.close());

  const get = (path: string, cookie = adminCookie) =>
    t.http().get(path).set('Cookie', cookie).set('X-Request-Type', 'client');
  const post = (path: string, body: object, cookie = adminCookie) =>
    t.http().post(path).set('Cookie', cookie).set('X-Request-Type', 'client').send(body);
  const adjust = (id: number, amount: number, key = randomUUID(), reason = 'Goodwill na storing') =>
    t
      .http()
      .post(`/api/staff/members/${id}/credits`)
      .set('Cookie', adminCookie)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', key)
      .send({ amount, reason });
  const uniqueName = () => `Zoek${Math.random().toString(36).slice(2, 8)}`;

  async function member(options: Parameters<typeof chatMember>[1] = {}): Promise<ChatMember> {
    return chatMember(t, { credits: 10, ...options });
  }

  describe('search', () => {
    it('finds a member by id, by e-mail address (any case) and by part of the name', async () => {
      const name = uniqueName();
      const m = await member({ name: `${name}ina` });
      const byId = await get(`/api/staff/members?q=${m.user.id}`).expect(200);
      expect(byId.body.by).toBe('id');
      expect(byId.body.members).toEqual([
        expect.objectContaining({ id: m.user.id, email: m.user.email, name: `${name}ina` }),
      ]);
      const byEmail = await get(
        `/api/staff/members?q=${encodeURIComponent(m.user.email!.toUpperCase())}`,
      ).expect(200);
      expect(byEmail.body.by).toBe('email');
      expect(byEmail.body.members.map((hit: { id: number }) => hit.id)).toEqual([m.user.id]);
      const byName = await get(`/api/staff/members?q=${name.slice(2).toLowerCase()}`).expect(200);
      expect(byName.body.by).toBe('name');
      expect(byName.body.members.map((hit: { id: number }) => hit.id)).toEqual([m.user.id]);
    });

    it('pages name results newest first, 20 at a time', async () => {
      const name = uniqueName();
      const made: number[] = [];
      for (let i = 0; i < 22; i++) made.push((await member({ name: `${name}${i}` })).user.id);
      const first = await get(`/api/staff/members?q=${name}`).expect(200);
      expect(first.body.members).toHaveLength(20);
      expect(first.body.members[0].id).toBe(Math.max(...made));
      const second = await get(
        `/api/staff/members?q=${name}&after=${first.body.next_after}`,
      ).expect(200);
      expect(second.body.members).toHaveLength(2);
      expect(second.body.next_after).toBeNull();
      const all = [...first.body.members, ...second.body.members].map((h: { id: number }) => h.id);
      expect(all.sort()).toEqual([...made].sort());
    });

    it('takes % and _ in a name literally and finds nothing for an unknown address', async () => {
      await member({ name: uniqueName() });
      expect((await get('/api/staff/members?q=%25%25%25').expect(200)).body.members).toEqual([]);
      expect(
        (await get('/api/staff/members?q=nobody%40nowhere.test').expect(200)).body.members,
      ).toEqual([]);
      expect((await get('/api/staff/members?q=2147483647').expect(200)).body.members).toEqual([]);
    });

    it('looks an e-mail address and an id up by index, not by scanning the tables', async () => {
      const plan = async (sql: string) =>
        (await t.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      await t.prisma.$executeRawUnsafe('SET enable_seqscan = off');
      try {
        expect(await plan("SELECT id FROM users WHERE email = 'a@b.test'")).toContain('Index');
        expect(
          await plan(
            "SELECT user_id FROM profiles WHERE lower(name) LIKE '%anne%' ORDER BY user_id DESC LIMIT 21",
          ),
        ).toContain('profiles_name_trgm_idx');
        expect(
          await plan(
            "SELECT user_id FROM profiles WHERE lower(name) LIKE 'an%' ORDER BY user_id DESC LIMIT 21",
          ),
        ).toContain('profiles_name_prefix_idx');
      } finally {
        await t.prisma.$executeRawUnsafe('SET enable_seqscan = on');
      }
    });
  });

  describe("a member's page", () => {
    it('shows the account, profile, photos, payments, ledger, sessions, complaints and audit rows', async () => {
      const m = await member({ name: uniqueName() });
      const other = await member();
      await activeMainPhoto(t, m.profile.id, `mp${Date.now()}`);
      await t.prisma.payment.create({
        data: {
          paymentId: `pay-${randomUUID()}`,
          userId: m.user.id,
          method: 'ideal',
          credits: 100,
          amountCents: 1995,
          status: 'paid',
          provider: 'sandbox',
          idempotencyKey: randomUUID(),
          paidAt: new Date(),
        },
      });
      await t.prisma.complaint.create({
        data: {
          about: 'member',
          reporterId: m.user.id,
          reportedUserId: other.user.id,
          subject: 'Door mij',
          message: 'x',
        },
      });
      await t.prisma.complaint.create({
        data: {
          about: 'member',
          reporterId: other.user.id,
          reportedUserId: m.user.id,
          subject: 'Over mij',
          message: 'y',
        },
      });
      await adjust(m.user.id, 5).expect(200);

      const page = (await get(`/api/staff/members/${m.user.id}`).expect(200)).body;
      expect(page.member).toMatchObject({
        id: m.user.id,
        email: m.user.email,
        status: 'confirmed',
        banned: false,
        credits: 15,
        reactivatable: false,
      });
      expect(page.profile.name).toBe(m.profile.name);
      expect(page.photos).toHaveLength(1);
      expect(page.photos[0].thumb_url).toMatch(/^\/media\/|https?:\/\//);
      expect(page.payments).toEqual([
        expect.objectContaining({ method: 'ideal', amount_cents: 1995, status: 'paid' }),
      ]);
      expect(page.ledger[0]).toMatchObject({ delta: 5, balance_after: 15, reason: 'adjustment' });
      expect(page.sessions.length).toBeGreaterThanOrEqual(1);
      expect(page.sessions[0]).toHaveProperty('ip');
      expect(page.sessions[0]).toHaveProperty('device');
      expect(page.complaints.map((c: { side: string; subject: string }) => c.side).sort()).toEqual([
        'against',
        'by',
      ]);
      expect(page.audit[0]).toMatchObject({
        action: 'member.credits_adjusted',
        actor_id: admin.id,
      });
    });

    it('answers 404 for an id that is no member, 400 for one that is no id (as every path id)', async () => {
      expect((await get('/api/staff/members/2147483647').expect(404)).body.error).toBe('not_found');
      for (const id of ['abc', '2147483648']) {
        const res = await get(`/api/staff/members/${id}`).expect(400);
        expect(res.body).toMatchObject({ error: 'validation_failed', issues: [{ field: 'id' }] });
      }
    });

    it('is for admins only: moderators, operators and members get 403 forbidden', async () => {
      const m = await member();
      for (const role of ['moderator', 'operator'] as const) {
        const cookie = await cookieOf(await staffAccount(t, [role]), t);
        const page = await get(`/api/staff/members/${m.user.id}`, cookie).expect(403);
        expect(page.body.error).toBe('forbidden');
        expect(JSON.stringify(page.body)).not.toContain(m.user.email);
        await get(`/api/staff/members?q=${encodeURIComponent(m.user.email!)}`, cookie).expect(403);
      }
      await get(`/api/staff/members/${m.user.id}`, m.cookie).expect(403);
    });
  });

  describe('adjusting credits', () => {
    it('books a ledger row through the credits service and an audit row with before, after and reason', async () => {
      const m = await member();
      const res = await adjust(m.user.id, 25, randomUUID(), 'Compensatie storing').expect(200);
      expect(res.body.credits).toBe(35);
      const entry = await t.prisma.creditLedgerEntry.findUniqueOrThrow({
        where: { id: res.body.ledger_id },
      });
      expect(entry).toMatchObject({
        userId: m.user.id,
        delta: 25,
        balanceAfter: 35,
        reason: 'adjustment',
        note: 'Compensatie storing',
      });
      const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
        where: { targetUserId: m.user.id, action: 'member.credits_adjusted' },
      });
      expect(audit).toMatchObject({
        actorId: admin.id,
        before: { credits: 10 },
        after: { credits: 35, delta: 25, ledger_id: res.body.ledger_id },
        reason: 'Compensatie storing',
      });
      const taken = await adjust(m.user.id, -35).expect(200);
      expect(taken.body.credits).toBe(0);
    });

    it('refuses to take more than the balance with 422 credits_below_zero, and changes nothing', async () => {
      const m = await member();
      const res = await adjust(m.user.id, -11).expect(422);
      expect(res.body).toMatchObject({ error: 'credits_below_zero', field: 'amount' });
      expect(res.body.message).toContain('onder nul');
      expect((await t.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(
        10,
      );
      expect(
        await t.prisma.creditLedgerEntry.count({
          where: { userId: m.user.id, reason: 'adjustment' },
        }),
      ).toBe(0);
      expect(
        await t.prisma.staffAuditEntry.count({
          where: { targetUserId: m.user.id, action: 'member.credits_adjusted' },
        }),
      ).toBe(0);
    });

    it('adjusts once for a retried request with the same key, even when the retries race', async () => {
      const m = await member();
      const key = randomUUID();
      const answers = await Promise.all([adjust(m.user.id, 7, key), adjust(m.user.id, 7, key)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const again = await adjust(m.user.id, 7, key).expect(200);
      expect(again.body).toEqual(answers[0].body);
      expect((await t.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(
        17,
      );
      expect(
        await t.prisma.creditLedgerEntry.count({
          where: { userId: m.user.id, reason: 'adjustment' },
        }),
      ).toBe(1);
      // the same key for another amount is no retry
      expect((await adjust(m.user.id, 8, key).expect(422)).body.error).toBe(
        'idempotency_key_reused',
      );
    });

    it('keeps the balance exact when adjustments race', async () => {
      const m = await member({ credits: 20 });
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => adjust(m.user.id, 3)),
        ...Array.from({ length: 10 }, () => adjust(m.user.id, -5)),
      ]);
      const ok = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      for (const a of refused) expect(a.body.error).toBe('credits_below_zero');
      const expected = 20 + ok.reduce((sum, a) => sum + (answers.indexOf(a) < 10 ? 3 : -5), 0);
      const user = await t.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } });
      expect(user.credits).toBe(expected);
      const ledger = await t.prisma.creditLedgerEntry.aggregate({
        where: { userId: m.user.id, reason: 'adjustment' },
        _sum: { delta: true },
        _count: true,
      });
      expect(ledger._count).toBe(ok.length);
      expect(20 + (ledger._sum.delta ?? 0)).toBe(user.credits);
    });

    it('refuses a call without an Idempotency-Key and a bad amount', async () => {
      const m = await member();
      const noKey = await post(`/api/staff/members/${m.user.id}/credits`, {
        amount: 5,
        reason: 'Zonder sleutel',
      }).expect(400);
      expect(noKey.body.error).toBe('idempotency_key_required');
      expect((await adjust(m.user.id, 0).expect(400)).body.error).toBe('validation_failed');
      expect((await adjust(m.user.id, 1.5).expect(400)).body.error).toBe('validation_failed');
      expect((await adjust(m.user.id, 5, randomUUID(), '').expect(400)).body.error).toBe(
        'validation_failed',
      );
    });
  });

  describe('ending sessions', () => {
    it('logs the member out everywhere, disconnects their socket at once, and audits it', async () => {
      const m = await member();
      const base = await listening(t);
      const socket = await connect(base, m.cookie);
      let disconnected = false;
      socket.socket.on('disconnect', () => (disconnected = true));
      await get('/api/user.php', m.cookie).expect(200);

      const res = await post(`/api/staff/members/${m.user.id}/end-sessions`, {
        reason: 'Account overgenomen',
      }).expect(200);
      expect(res.body.ended).toBe(1);
      await eventually(() => disconnected, 5000);
      const after = await get('/api/user.php', m.cookie);
      expect(after.body.user ?? null).toBeNull();
      expect(await t.prisma.session.count({ where: { userId: m.user.id } })).toBe(0);
      const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
        where: { targetUserId: m.user.id, action: 'member.sessions_ended' },
      });
      expect(audit).toMatchObject({
        actorId: admin.id,
        before: { sessions: 1 },
        after: { sessions: 0 },
        reason: 'Account overgenomen',
      });
      socket.close();
    });

    it('needs a reason', async () => {
      const m = await member();
      await post(`/api/staff/members/${m.user.id}/end-sessions`, {}).expect(400);
      expect(await t.prisma.session.count({ where: { userId: m.user.id } })).toBe(1);
    });
  });

  describe('reactivating', () => {
    it('brings a deleted account back within its 14 days and cancels the purge', async () => {
      const m = await member();
      await t.prisma.user.update({
        where: { id: m.user.id },
        data: { status: 'deleted', deletedAt: new Date() },
      });
      await t.prisma.profile.update({ where: { id: m.profile.id }, data: { status: 'disabled' } });
      await t.prisma.deletionRequest.create({
        data: { userId: m.user.id, reason: 'price', purgeAt: new Date(Date.now() + 86_400_000) },
      });
      const page = (await get(`/api/staff/members/${m.user.id}`).expect(200)).body;
      expect(page.member.reactivatable).toBe(true);
      expect(page.member.purge_at).not.toBeNull();

      const res = await post(`/api/staff/members/${m.user.id}/reactivate`, {
        reason: 'Lid belde de klantenservice',
      }).expect(200);
      expect(res.body.status).toBe('confirmed');
      const user = await t.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } });
      expect(user).toMatchObject({ status: 'confirmed', deletedAt: null });
      expect(
        await t.prisma.deletionRequest.count({ where: { userId: m.user.id, cancelledAt: null } }),
      ).toBe(0);
      const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
        where: { targetUserId: m.user.id, action: 'member.reactivated' },
      });
      expect(audit).toMatchObject({
        before: { status: 'deleted', profile_status: 'disabled' },
        after: { status: 'confirmed', profile_status: 'active' },
        reason: 'Lid belde de klantenservice',
      });
      // twice: nothing left to reactivate
      const again = await post(`/api/staff/members/${m.user.id}/reactivate`, {
        reason: 'Nog een keer',
      }).expect(409);
      expect(again.body.error).toBe('member_not_reactivatable');
    });

    it('switches a deactivated profile of a confirmed account back on', async () => {
      const m = await member({ profileStatus: 'disabled' });
      await post(`/api/staff/members/${m.user.id}/reactivate`, { reason: 'Weer actief' }).expect(
        200,
      );
      const page = (await get(`/api/staff/members/${m.user.id}`).expect(200)).body;
      expect(page.profile.status).toBe('active');
    });

    it('refuses an active or banned account with 409 member_not_reactivatable', async () => {
      const active = await member();
      await post(`/api/staff/members/${active.user.id}/reactivate`, { reason: 'Probeer' }).expect(
        409,
      );
      const banned = await seedTestMember(t, { status: 'banned' });
      const res = await post(`/api/staff/members/${banned.user.id}/reactivate`, {
        reason: 'Probeer',
      }).expect(409);
      expect(res.body.error).toBe('member_not_reactivatable');
    });
  });

  describe('erasing now', () => {
    it('refuses a wrong typed id and erases nothing', async () => {
      const m = await member();
      const res = await post(`/api/staff/members/${m.user.id}/erase`, {
        confirm_id: String(m.user.id + 1),
      }).expect(400);
      expect(res.body).toMatchObject({
        error: 'erase_confirmation_mismatch',
        field: 'confirm_id',
      });
      const user = await t.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } });
      expect(user.status).toBe('confirmed');
      expect(user.email).toBe(m.user.email);
    });

    it("purges the member's personal data at once and keeps an audit row with none of it", async () => {
      const m = await member({ name: uniqueName() });
      const other = await member();
      await activeMainPhoto(t, m.profile.id, `er${Date.now()}`);
      await t.prisma.like.create({ data: { likerId: m.user.id, likedId: other.user.id } });
      await adjust(m.user.id, 3, randomUUID(), `Reden met ${m.user.email}`).expect(200);
      const base = await listening(t);
      const socket = await connect(base, m.cookie);
      let disconnected = false;
      socket.socket.on('disconnect', () => (disconnected = true));

      const res = await post(`/api/staff/members/${m.user.id}/erase`, {
        confirm_id: ` ${m.user.id} `,
      }).expect(200);
      expect(res.body.status).toBe('purged');

      const user = await t.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } });
      expect(user).toMatchObject({
        status: 'purged',
        email: null,
        passwordHash: null,
        signupIp: null,
      });
      expect(await t.prisma.profile.count({ where: { userId: m.user.id } })).toBe(0);
      expect(await t.prisma.photo.count({ where: { profileId: m.profile.id } })).toBe(0);
      expect(await t.prisma.like.count({ where: { likerId: m.user.id } })).toBe(0);
      expect(await t.prisma.session.count({ where: { userId: m.user.id } })).toBe(0);
      await eventually(() => disconnected, 5000);
      socket.close();
      // the deletion request it ran through is purged
      const request = await t.prisma.deletionRequest.findFirstOrThrow({
        where: { userId: m.user.id },
      });
      expect(request.purgedAt).not.toBeNull();
      // the audit rows about the member keep who did what, nothing of the member
      const rows = await t.prisma.staffAuditEntry.findMany({
        where: { targetUserId: m.user.id },
        orderBy: { id: 'asc' },
      });
      expect(rows.map((row) => row.action)).toEqual(['member.credits_adjusted', 'member.erased']);
      expect(rows[0]).toMatchObject({ before: null, after: null, reason: null });
      expect(rows[1]).toMatchObject({
        actorId: admin.id,
        before: { status: 'confirmed' },
        after: { status: 'purged' },
        reason: null,
      });
      const text = JSON.stringify(rows, (_k, v: unknown) =>
        typeof v === 'bigint' ? v.toString() : v,
      );
      expect(text).not.toContain(m.user.email!);
      expect(text).not.toContain(m.profile.name);

      // erased once: a second erase and a reactivation are refused
      expect(
        (
          await post(`/api/staff/members/${m.user.id}/erase`, {
            confirm_id: String(m.user.id),
          }).expect(409)
        ).body.error,
      ).toBe('member_not_erasable');
      await post(`/api/staff/members/${m.user.id}/reactivate`, { reason: 'Terug?' }).expect(409);
    });

    it('never erases a staff account', async () => {
      const moderator = await staffAccount(t, ['moderator']);
      const res = await post(`/api/staff/members/${moderator.id}/erase`, {
        confirm_id: String(moderator.id),
      }).expect(409);
      expect(res.body.error).toBe('member_not_erasable');
    });
  });
});
