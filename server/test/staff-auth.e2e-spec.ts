import { createHash } from 'node:crypto';
import {
  STAFF_BACKGROUND_HEADER,
  STAFF_COOKIE,
  staffLoginResponse,
  staffSignedInResponse,
} from '@app/contract';
import { DeletionService } from '../src/deletion/deletion.service';
import { Realtime } from '../src/realtime';
import { AuditLog } from '../src/staff';
import { STAFF_SOCKET_NAMESPACE } from '@app/contract';
import { connect, eventually, listening } from './helpers/sockets';
import { chatMember } from './helpers/chat';
import { cookieOf, signIn, staffAccount, totp, type StaffAccount } from './helpers/staff';
import { useTestApp } from './helpers/test-app';

/** Staff sign-in (password, then TOTP), staff sessions and the audit log, over HTTP. */
describe('staff sign-in, sessions and the audit log', () => {
  const t = useTestApp();

  const post = (path: string, body: object, cookie?: string) => {
    const req = t.http().post(path).set('X-Request-Type', 'client');
    return (cookie ? req.set('Cookie', cookie) : req).send(body);
  };
  const me = async (cookie: string) =>
    (await t.http().get('/api/staff/me').set('Cookie', cookie).expect(200)).body.staff;
  const passwordStep = (account: StaffAccount) =>
    post('/api/staff/login', { email: account.email, password: account.password });
  const ssidOf = (res: { headers: Record<string, unknown> }) =>
    ((res.headers['set-cookie'] as string[] | undefined) ?? [])
      .find((c) => c.startsWith(`${STAFF_COOKIE}=`))
      ?.split(';')[0];

  it('enrolls a second factor at the first sign-in: a QR code, its first code, recovery codes once', async () => {
    const account = await staffAccount(t, ['moderator'], { enrolled: false });
    const first = await passwordStep(account).expect(200);
    expect(staffLoginResponse.parse(first.body).step).toBe('enroll');
    const { secret, uri, qr_svg } = first.body.enroll;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vonkje:.+\?.*secret=/);
    expect(uri).toContain(secret);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // a wrong code enrolls nothing
    await post('/api/staff/login-code', { challenge: first.body.challenge, code: '000000' })
      .expect(401)
      .expect((res) => expect(res.body.error).toBe('staff_code_invalid'));
    expect(await t.prisma.staffSecondFactor.count({ where: { userId: account.id } })).toBe(0);
    const done = await post('/api/staff/login-code', {
      challenge: first.body.challenge,
      code: await totp(secret),
    }).expect(200);
    const signedIn = staffSignedInResponse.parse(done.body);
    expect(signedIn.staff).toMatchObject({ id: account.id, roles: ['moderator'] });
    expect(signedIn.recovery_codes).toHaveLength(10);
    const cookie = ssidOf(done)!;
    expect(done.headers['set-cookie']![0]).toMatch(/HttpOnly/i);
    expect(done.headers['set-cookie']![0]).toMatch(/SameSite=Strict/i);
    expect(await me(cookie)).toMatchObject({ id: account.id, email: account.email });
    // the secret is kept encrypted, never as typed
    const stored = await t.prisma.staffSecondFactor.findUniqueOrThrow({
      where: { userId: account.id },
    });
    expect(stored.secret).not.toContain(secret);
    // the next sign-in asks for a code and shows no secret or recovery codes again
    const again = await passwordStep(account).expect(200);
    expect(again.body).toMatchObject({ step: 'code', enroll: null });
  });

  it('signs in with the password and a code, and takes each code once', async () => {
    const account = await staffAccount(t, ['operator']);
    const code = await totp(account.secret!);
    const first = await passwordStep(account).expect(200);
    const ok = await post('/api/staff/login-code', { challenge: first.body.challenge, code });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toBeNull();
    // the same code again (seen over a shoulder) is refused, even on a new challenge
    const second = await passwordStep(account).expect(200);
    await post('/api/staff/login-code', { challenge: second.body.challenge, code })
      .expect(401)
      .expect((res) => expect(res.body.error).toBe('staff_code_invalid'));
  });

  it('spends a challenge after five codes, and refuses one older than five minutes', async () => {
    const account = await staffAccount(t, ['operator']);
    const first = await passwordStep(account).expect(200);
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/staff/login-code', { challenge: first.body.challenge, code: '123456' }),
      ),
    );
    const errors = tries.map((res) => res.body.error).sort();
    expect(errors.filter((e) => e === 'staff_code_invalid')).toHaveLength(5);
    expect(errors.filter((e) => e === 'staff_challenge_expired')).toHaveLength(3);
    // the right code cannot use a spent challenge
    await post('/api/staff/login-code', {
      challenge: first.body.challenge,
      code: await totp(account.secret!),
    }).expect(401);
    const late = await passwordStep(account).expect(200);
    await t.prisma.staffLoginChallenge.updateMany({
      where: { userId: account.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await post('/api/staff/login-code', {
      challenge: late.body.challenge,
      code: await totp(account.secret!),
    })
      .expect(401)
      .expect((res) => expect(res.body.error).toBe('staff_challenge_expired'));
  });

  it('answers an account without a staff role as a wrong password would', async () => {
    const member = await chatMember(t);
    const wrongPassword = await post('/api/staff/login', {
      email: member.user.email,
      password: 'niet-het-wachtwoord',
    });
    const rightPassword = await post('/api/staff/login', {
      email: member.user.email,
      password: member.password,
    });
    expect(rightPassword.status).toBe(401);
    expect(rightPassword.body).toEqual(wrongPassword.body);
    expect(rightPassword.body.error).toBe('login_failed');
  });

  it('takes a recovery code once, instead of the authenticator', async () => {
    const account = await staffAccount(t, ['moderator'], { enrolled: false });
    const first = await passwordStep(account).expect(200);
    const enrolled = await post('/api/staff/login-code', {
      challenge: first.body.challenge,
      code: await totp(first.body.enroll.secret),
    }).expect(200);
    const [recovery] = enrolled.body.recovery_codes as string[];
    const second = await passwordStep(account).expect(200);
    const used = await post('/api/staff/login-code', {
      challenge: second.body.challenge,
      code: recovery.toUpperCase(),
    }).expect(200);
    expect(ssidOf(used)).toBeDefined();
    const third = await passwordStep(account).expect(200);
    await post('/api/staff/login-code', { challenge: third.body.challenge, code: recovery })
      .expect(401)
      .expect((res) => expect(res.body.error).toBe('staff_code_invalid'));
    const rows = await t.prisma.staffAuditEntry.findMany({
      where: { actorId: account.id, action: 'staff.recovery_code_used' },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0].after).toEqual({ left: 9 });
  });

  it('keeps recovery codes as keyed hashes: a database copy does not show the plain SHA-256 of any code', async () => {
    const account = await staffAccount(t, ['operator'], { enrolled: false });
    const first = await passwordStep(account).expect(200);
    const enrolled = await post('/api/staff/login-code', {
      challenge: first.body.challenge,
      code: await totp(first.body.enroll.secret),
    }).expect(200);
    const codes = enrolled.body.recovery_codes as string[];
    const stored = (
      await t.prisma.staffRecoveryCode.findMany({ where: { userId: account.id } })
    ).map((row) => row.codeHash);
    expect(stored).toHaveLength(10);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const code of codes) {
      expect(stored).not.toContain(sha256(code));
      expect(stored).not.toContain(sha256(code.replace('-', '')));
    }
    // a code kept the old way (unsalted SHA-256, as before 2026-11-28) no longer signs in
    await t.prisma.staffRecoveryCode.create({
      data: { userId: account.id, codeHash: sha256('abcde-fghjk') },
    });
    const old = await passwordStep(account).expect(200);
    await post('/api/staff/login-code', { challenge: old.body.challenge, code: 'abcde-fghjk' })
      .expect(401)
      .expect((res) => expect(res.body.error).toBe('staff_code_invalid'));
  });

  it('tells a staff member without recovery codes so, and makes new ones with an authenticator code', async () => {
    const account = await staffAccount(t, ['moderator']);
    const cookie = await signIn(t, account);
    const meOf = async () =>
      (await t.http().get('/api/staff/me').set('Cookie', cookie).expect(200)).body;
    // none yet (as for everyone once the migration of 2026-11-28 withdrew the old ones)
    expect((await meOf()).recovery_codes_left).toBe(0);
    await post('/api/staff/recovery-codes', { code: '000000' }, cookie)
      .expect(401)
      .expect((res) => expect(res.body.error).toBe('staff_code_invalid'));
    // a code of the app (the next time step: the sign-in took this one)
    const next = await totp(account.secret!, Math.floor(Date.now() / 1000) + 30);
    const renewed = await post('/api/staff/recovery-codes', { code: next }, cookie).expect(200);
    const codes = renewed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect((await meOf()).recovery_codes_left).toBe(10);
    const [audit] = await t.prisma.staffAuditEntry.findMany({
      where: { actorId: account.id, action: 'staff.recovery_codes_renewed' },
    });
    expect(audit).toMatchObject({ targetUserId: account.id });
    // a new code signs in once
    const again = await passwordStep(account).expect(200);
    await post('/api/staff/login-code', { challenge: again.body.challenge, code: codes[3] }).expect(
      200,
    );
    const twice = await passwordStep(account).expect(200);
    await post('/api/staff/login-code', { challenge: twice.body.challenge, code: codes[3] }).expect(
      401,
    );
  });

  it('ends the staff sessions of an account whose roles, password or status change', async () => {
    for (const change of ['roles', 'password', 'status'] as const) {
      const account = await staffAccount(t, ['moderator']);
      const cookie = await signIn(t, account);
      expect(await me(cookie)).not.toBeNull();
      await t.prisma.user.update({
        where: { id: account.id },
        data:
          change === 'roles'
            ? { roles: ['moderator', 'operator'] }
            : change === 'password'
              ? { passwordHash: 'another hash' }
              : { status: 'banned' },
      });
      expect(await me(cookie)).toBeNull();
      expect(await t.prisma.staffSession.count({ where: { userId: account.id } })).toBe(0);
    }
  });

  it('refuses and ends a staff session whose roles are not the account’s, even one the database left alone', async () => {
    const account = await staffAccount(t, ['moderator']);
    const cookie = await cookieOf(account, t);
    expect((await me(cookie)).roles).toEqual(['moderator']);
    // a session row that says more than the account (no trigger fires on the session itself)
    await t.prisma.staffSession.updateMany({
      where: { userId: account.id },
      data: { roles: ['moderator', 'admin'] },
    });
    await t.http().get('/api/staff/inspection/stats').set('Cookie', cookie).expect(403);
    expect(await me(cookie)).toBeNull();
    expect(await t.prisma.staffSession.count({ where: { userId: account.id } })).toBe(0);
  });

  it('ends a staff session after 30 minutes without a request, and 12 hours after it began', async () => {
    const account = await staffAccount(t, ['operator']);
    const idle = await cookieOf(account, t);
    await t.prisma.staffSession.updateMany({
      where: { userId: account.id },
      data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) },
    });
    expect(await me(idle)).toBeNull();
    const old = await cookieOf(account, t);
    await t.prisma.staffSession.updateMany({
      where: { userId: account.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await me(old)).toBeNull();
  });

  it('does not count background requests as activity: polls and reloads do not keep an unattended console signed in', async () => {
    const account = await staffAccount(t, ['moderator']);
    const cookie = await cookieOf(account, t);
    const lastSeen = async () =>
      (await t.prisma.staffSession.findFirstOrThrow({ where: { userId: account.id } })).lastSeenAt;
    const idleFor = (minutes: number) =>
      t.prisma.staffSession.updateMany({
        where: { userId: account.id },
        data: { lastSeenAt: new Date(Date.now() - minutes * 60_000) },
      });
    const background = (path: string) =>
      t.http().get(path).set('Cookie', cookie).set(STAFF_BACKGROUND_HEADER, '1');

    await idleFor(29);
    const before = await lastSeen();
    // the inspection desk's poll of its stats, and the console's own reading of /me
    await background('/api/staff/inspection/stats').expect(200);
    expect((await background('/api/staff/me').expect(200)).body.staff).not.toBeNull();
    expect(await lastSeen()).toEqual(before);
    // a minute later the 30 minutes are up: the session ends, whatever the console polls
    await idleFor(31);
    await background('/api/staff/inspection/stats').expect(403);
    expect(await me(cookie)).toBeNull();

    // the staff member's own request does count
    const active = await cookieOf(account, t);
    await idleFor(29);
    await t.http().get('/api/staff/inspection/stats').set('Cookie', active).expect(200);
    expect(Date.now() - (await lastSeen()).getTime()).toBeLessThan(60_000);
  });

  it('keeps the two sides apart: a staff session is no member login, a member session no staff one', async () => {
    const account = await staffAccount(t, ['admin']);
    const staffCookie = await signIn(t, account);
    const user = await t.http().get('/api/user.php').set('Cookie', staffCookie).expect(200);
    expect(user.body.user).toBeNull();
    const member = await chatMember(t);
    await t.prisma.user.update({ where: { id: member.user.id }, data: { roles: ['admin'] } });
    expect(await me(member.cookie)).toBeNull();
    await t
      .http()
      .get('/api/staff/audit')
      .set('Cookie', member.cookie)
      .expect(403)
      .expect((res) => expect(res.body.error).toBe('forbidden'));
  });

  it('signs out: the session ends, its cookie is cleared, and the log says so', async () => {
    const account = await staffAccount(t, ['moderator']);
    const cookie = await signIn(t, account);
    const out = await post('/api/staff/logout', {}, cookie).expect(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${STAFF_COOKIE}=;`));
    expect(await me(cookie)).toBeNull();
    const actions = (
      await t.prisma.staffAuditEntry.findMany({
        where: { actorId: account.id },
        orderBy: { id: 'asc' },
      })
    ).map((row) => row.action);
    expect(actions).toEqual(['staff.sign_in', 'staff.sign_out']);
  });

  it('opens a console socket only with a staff session, tells it its roles’ queues, and ends it with the session', async () => {
    const base = await listening(t);
    const namespace = STAFF_SOCKET_NAMESPACE;
    const member = await chatMember(t);
    await expect(connect(base, member.cookie, { namespace })).rejects.toThrow(
      'authentication_required',
    );
    const moderator = await staffAccount(t, ['moderator']);
    const operator = await staffAccount(t, ['operator']);
    const admin = await staffAccount(t, ['admin']);
    const [mod, op, adm] = await Promise.all(
      [moderator, operator, admin].map(async (account) =>
        connect(base, await cookieOf(account, t), { namespace }),
      ),
    );
    const realtime = t.app.get(Realtime);
    realtime.toStaff(['moderator'], 'queue:changed', { queue: 'photos' });
    realtime.toStaff(['operator'], 'queue:changed', { queue: 'inbox' });
    await mod.waitFor('queue:changed');
    await adm.waitFor('queue:changed', 2);
    await op.waitFor('queue:changed');
    // one more change for every role: anything else for a role would have come before it
    realtime.toStaff(['moderator', 'operator'], 'queue:changed', { queue: 'texts' });
    await Promise.all([mod.waitFor('queue:changed', 2), op.waitFor('queue:changed', 2)]);
    await adm.waitFor('queue:changed', 3);
    const texts = { queue: 'texts' };
    expect(mod.of('queue:changed')).toEqual([{ queue: 'photos' }, texts]);
    expect(op.of('queue:changed')).toEqual([{ queue: 'inbox' }, texts]);
    expect(adm.of('queue:changed')).toEqual([{ queue: 'photos' }, { queue: 'inbox' }, texts]);
    // a change of roles ends the session, and so its socket
    await t.prisma.user.update({ where: { id: operator.id }, data: { roles: ['moderator'] } });
    await eventually(() => !op.socket.connected);
    expect(mod.socket.connected).toBe(true);
    for (const s of [mod, adm]) s.close();
  });

  describe('the audit log', () => {
    it('is append-only: the database refuses to change or delete a row', async () => {
      const account = await staffAccount(t, ['admin']);
      await signIn(t, account);
      const row = await t.prisma.staffAuditEntry.findFirstOrThrow({
        where: { actorId: account.id },
      });
      await expect(
        t.prisma.staffAuditEntry.update({ where: { id: row.id }, data: { action: 'forged' } }),
      ).rejects.toThrow(/append-only/);
      await expect(t.prisma.staffAuditEntry.delete({ where: { id: row.id } })).rejects.toThrow(
        /append-only/,
      );
      await expect(t.prisma.$executeRawUnsafe('TRUNCATE staff_audit_log')).rejects.toThrow(
        /append-only/,
      );
      // not even emptying it outside the purge
      await expect(
        t.prisma
          .$executeRaw`UPDATE staff_audit_log SET before = NULL, after = NULL, reason = NULL WHERE id = ${row.id}`,
      ).rejects.toThrow(/append-only/);
    });

    it('keeps its rows when a member is erased, but empties what they held of the member', async () => {
      const admin = await staffAccount(t, ['admin']);
      const erased = await chatMember(t);
      const other = await chatMember(t);
      const log = t.app.get(AuditLog);
      const actor = { userId: admin.id, roles: ['admin' as const] };
      await log.record(t.prisma, actor, {
        action: 'member.vulnerable_flagged',
        targetUserId: erased.user.id,
        before: { name: 'Erased' },
        after: { name: 'Changed' },
        reason: 'named the member',
      });
      await log.record(t.prisma, actor, {
        action: 'member.vulnerable_unflagged',
        targetUserId: other.user.id,
        before: { name: 'Other' },
        reason: 'kept',
      });
      await t.prisma.user.update({ where: { id: erased.user.id }, data: { status: 'deleted' } });
      const request = await t.prisma.deletionRequest.create({
        data: { userId: erased.user.id, reason: 'price', purgeAt: new Date(Date.now() - 1000) },
      });
      expect(
        await t.app.get(DeletionService).purge({ userId: erased.user.id, requestId: request.id }),
      ).toBe('purged');
      const rows = await t.prisma.staffAuditEntry.findMany({
        where: { actorId: admin.id },
        orderBy: { id: 'asc' },
      });
      expect(
        rows.map(({ action, targetUserId, actorId, before, after, reason }) => ({
          action,
          targetUserId,
          actorId,
          before,
          after,
          reason,
        })),
      ).toEqual([
        {
          action: 'member.vulnerable_flagged',
          targetUserId: erased.user.id,
          actorId: admin.id,
          before: null,
          after: null,
          reason: null,
        },
        {
          action: 'member.vulnerable_unflagged',
          targetUserId: other.user.id,
          actorId: admin.id,
          before: { name: 'Other' },
          after: null,
          reason: 'kept',
        },
      ]);
    });

    it('shows admins the newest first, by action, actor or member, a page at a time', async () => {
      const admin = await staffAccount(t, ['admin']);
      const cookie = await signIn(t, admin);
      const target = await chatMember(t);
      const log = t.app.get(AuditLog);
      for (let i = 0; i < 55; i++) {
        await log.record(
          t.prisma,
          { userId: admin.id, roles: ['admin'] },
          {
            action: 'inbox.note_added',
            targetUserId: target.user.id,
            before: { n: i },
            after: { n: i + 1 },
          },
        );
      }
      const first = await t
        .http()
        .get(`/api/staff/audit?action=inbox.note_added&actor=${admin.id}`)
        .set('Cookie', cookie)
        .expect(200);
      expect(first.body.entries).toHaveLength(50);
      expect(first.body.entries[0]).toMatchObject({
        action: 'inbox.note_added',
        actor: { id: admin.id, email: admin.email },
        actor_roles: ['admin'],
        target_user_id: target.user.id,
        before: { n: 54 },
        after: { n: 55 },
      });
      const rest = await t
        .http()
        .get(
          `/api/staff/audit?action=inbox.note_added&actor=${admin.id}&before=${first.body.next_before}`,
        )
        .set('Cookie', cookie)
        .expect(200);
      expect(rest.body.entries).toHaveLength(5);
      expect(rest.body.next_before).toBeNull();
      const byTarget = await t
        .http()
        .get(`/api/staff/audit?target=${target.user.id}`)
        .set('Cookie', cookie)
        .expect(200);
      expect(
        byTarget.body.entries.every(
          (e: { target_user_id: number }) => e.target_user_id === target.user.id,
        ),
      ).toBe(true);
    });
  });
});
