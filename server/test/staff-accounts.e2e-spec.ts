import {
  createdStaffAccountResponse,
  staffAccountResponse,
  staffAccountsResponse,
  staffLoginResponse,
} from '@app/contract';
import { cookieOf, signIn, staffAccount, staffCookie } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Admins manage staff accounts: every change audited, wrong roles refused, an admin always kept. */
describe('staff accounts (admins)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof staffAccount>>;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffAccount(t, ['admin']);
    adminCookie = await cookieOf(admin, t);
  });
  afterAll(() => t.close());

  const send = (method: 'post' | 'put', path: string, body: object, cookie = adminCookie) =>
    t.http()[method](path).set('X-Request-Type', 'client').set('Cookie', cookie).send(body);
  const me = async (cookie: string) =>
    (await t.http().get('/api/staff/me').set('Cookie', cookie).expect(200)).body.staff;
  const auditOf = (action: string, subjectId: number) =>
    t.prisma.staffAuditEntry.findMany({
      where: { action, subjectId: String(subjectId) },
      orderBy: { id: 'asc' },
    });

  it('creates a moderator with a password shown once, which signs in and enrolls a second factor', async () => {
    const email = `nieuw-${Date.now()}@staff.test`;
    const res = await send('post', '/api/staff/accounts', {
      email: email.toUpperCase(),
      name: 'Nieuwe moderator',
      roles: ['moderator', 'moderator'],
    }).expect(201);
    const created = createdStaffAccountResponse.parse(res.body);
    expect(created.account).toMatchObject({
      email,
      name: 'Nieuwe moderator',
      roles: ['moderator'],
      disabled: false,
      second_factor: false,
    });
    expect(created.password.length).toBeGreaterThanOrEqual(32);
    const login = await send('post', '/api/staff/login', { email, password: created.password });
    expect(staffLoginResponse.parse(login.body).step).toBe('enroll');
    const [row] = await auditOf('staff.account_created', created.account.id);
    expect(row).toMatchObject({
      actorId: admin.id,
      actorRoles: ['admin'],
      after: { email, name: 'Nieuwe moderator', roles: ['moderator'] },
    });
    expect(JSON.stringify({ ...row, id: String(row.id) })).not.toContain(created.password);
    // the same address again: refused, nothing promoted
    const again = await send('post', '/api/staff/accounts', { email, roles: ['admin'] });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('email_taken');
  });

  it('refuses an account without roles, an unknown role and a bad address (400)', async () => {
    for (const body of [
      { email: 'a@staff.test', roles: [] },
      { email: 'b@staff.test', roles: ['owner'] },
      { email: 'geen-adres', roles: ['moderator'] },
    ]) {
      const res = await send('post', '/api/staff/accounts', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it("lists staff accounts, disabled ones too, and no member's", async () => {
    const moderator = await staffAccount(t, ['moderator']);
    const operator = await staffAccount(t, ['operator']);
    await send('post', `/api/staff/accounts/${operator.id}/disable`, {}).expect(200);
    const plain = await t.prisma.user.create({
      data: { email: `lid-${Date.now()}@example.test`, status: 'confirmed' },
    });
    const res = await t.http().get('/api/staff/accounts').set('Cookie', adminCookie).expect(200);
    const { accounts } = staffAccountsResponse.parse(res.body);
    const ids = accounts.map((account) => account.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, moderator.id, operator.id]));
    expect(ids).not.toContain(plain.id);
    expect(accounts.find((account) => account.id === operator.id)).toMatchObject({
      disabled: true,
      roles: ['operator'],
      second_factor: true,
    });
  });

  it('changes roles: the staff member is signed out, the audit row has before and after', async () => {
    const moderator = await staffAccount(t, ['moderator']);
    const cookie = await signIn(t, moderator);
    expect(await me(cookie)).not.toBeNull();
    const res = await send('put', `/api/staff/accounts/${moderator.id}/roles`, {
      roles: ['moderator', 'operator'],
      reason: 'helpt ook in de inbox',
    }).expect(200);
    expect(staffAccountResponse.parse(res.body).account.roles).toEqual(['moderator', 'operator']);
    expect(await me(cookie)).toBeNull();
    const [row] = await auditOf('staff.roles_changed', moderator.id);
    expect(row).toMatchObject({
      actorId: admin.id,
      targetUserId: moderator.id,
      before: { roles: ['moderator'] },
      after: { roles: ['moderator', 'operator'] },
      reason: 'helpt ook in de inbox',
    });
    // the same roles again: no change, no row
    await send('put', `/api/staff/accounts/${moderator.id}/roles`, {
      roles: ['operator', 'moderator'],
    }).expect(200);
    expect(await auditOf('staff.roles_changed', moderator.id)).toHaveLength(1);
  });

  it('disables an account (signed out, sign-in refused) and enables it with its roles', async () => {
    const operator = await staffAccount(t, ['operator']);
    const cookie = await signIn(t, operator);
    await send('post', `/api/staff/accounts/${operator.id}/disable`, {
      reason: 'uit dienst',
    }).expect(200);
    expect(await me(cookie)).toBeNull();
    const login = await send('post', '/api/staff/login', {
      email: operator.email,
      password: operator.password,
    });
    expect(login.status).toBe(401);
    // disabling twice changes nothing and writes no second row
    await send('post', `/api/staff/accounts/${operator.id}/disable`, {}).expect(200);
    expect(await auditOf('staff.account_disabled', operator.id)).toHaveLength(1);
    const enabled = await send('post', `/api/staff/accounts/${operator.id}/enable`, {}).expect(200);
    expect(enabled.body.account).toMatchObject({ disabled: false, roles: ['operator'] });
    // the password step passes again (the code of this time step was used above: not twice)
    const again = await send('post', '/api/staff/login', {
      email: operator.email,
      password: operator.password,
    }).expect(200);
    expect(again.body.step).toBe('code');
    expect(await auditOf('staff.account_enabled', operator.id)).toHaveLength(1);
    const [disabled] = await auditOf('staff.account_disabled', operator.id);
    expect(disabled).toMatchObject({ reason: 'uit dienst', before: { roles: ['operator'] } });
  });

  it('resets a second factor: signed out, and the next sign-in enrolls again', async () => {
    const moderator = await staffAccount(t, ['moderator']);
    const cookie = await signIn(t, moderator);
    const res = await send('post', `/api/staff/accounts/${moderator.id}/reset-second-factor`, {
      reason: 'telefoon kwijt',
    }).expect(200);
    expect(res.body.account.second_factor).toBe(false);
    expect(await me(cookie)).toBeNull();
    const login = await send('post', '/api/staff/login', {
      email: moderator.email,
      password: moderator.password,
    }).expect(200);
    expect(login.body.step).toBe('enroll');
    expect(await t.prisma.staffRecoveryCode.count({ where: { userId: moderator.id } })).toBe(0);
    const [row] = await auditOf('staff.second_factor_reset', moderator.id);
    expect(row).toMatchObject({
      actorId: admin.id,
      before: { second_factor: true },
      after: { second_factor: false },
      reason: 'telefoon kwijt',
    });
  });

  it('answers 404 for a member who is not staff and for an unknown id, 400 for a bad id', async () => {
    const plain = await t.prisma.user.create({
      data: { email: `lid2-${Date.now()}@example.test`, status: 'confirmed' },
    });
    for (const id of [plain.id, 2_000_000_000]) {
      const res = await send('post', `/api/staff/accounts/${id}/disable`, {});
      expect(res.status).toBe(404);
    }
    const bad = await send('put', '/api/staff/accounts/1e3/roles', { roles: ['admin'] });
    expect(bad.status).toBe(400);
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: plain.id } })).toMatchObject({
      roles: [],
      staffDisabledAt: null,
    });
  });

  it('refuses moderators, operators and members on every staff account route (403)', async () => {
    const target = await staffAccount(t, ['operator']);
    const calls = [
      (c: string) => t.http().get('/api/staff/accounts').set('Cookie', c),
      (c: string) =>
        send('post', '/api/staff/accounts', { email: 'x@staff.test', roles: ['admin'] }, c),
      (c: string) => send('put', `/api/staff/accounts/${target.id}/roles`, { roles: ['admin'] }, c),
      (c: string) => send('post', `/api/staff/accounts/${target.id}/disable`, {}, c),
      (c: string) => send('post', `/api/staff/accounts/${target.id}/enable`, {}, c),
      (c: string) => send('post', `/api/staff/accounts/${target.id}/reset-second-factor`, {}, c),
    ];
    for (const roles of [['moderator'], ['operator'], ['moderator', 'operator']] as const) {
      const cookie = await staffCookie(t, [...roles]);
      for (const call of calls) {
        const res = await call(cookie);
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('forbidden');
      }
    }
    for (const call of calls) expect((await call('sid=nothing')).status).toBe(403);
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      roles: ['operator'],
      staffDisabledAt: null,
    });
  });

  describe('the site always keeps an enabled admin', () => {
    /** Leaves these accounts the only admins (others become moderators). */
    const onlyAdmins = async (ids: number[]) => {
      await t.prisma.user.updateMany({
        where: { roles: { has: 'admin' }, id: { notIn: ids } },
        data: { roles: ['moderator'] },
      });
    };

    it('refuses the last admin removing their own admin role, or disabling themselves', async () => {
      const last = await staffAccount(t, ['admin']);
      await onlyAdmins([last.id]);
      const cookie = await cookieOf(last, t);
      const roles = await send(
        'put',
        `/api/staff/accounts/${last.id}/roles`,
        {
          roles: ['moderator'],
        },
        cookie,
      );
      expect(roles.status).toBe(409);
      expect(roles.body.error).toBe('last_admin');
      const disable = await send('post', `/api/staff/accounts/${last.id}/disable`, {}, cookie);
      expect(disable.status).toBe(409);
      expect(await me(cookie)).toMatchObject({ roles: ['admin'] });
      expect(await auditOf('staff.roles_changed', last.id)).toHaveLength(0);
      // with a second admin, it may
      const second = await staffAccount(t, ['admin']);
      await send(
        'put',
        `/api/staff/accounts/${last.id}/roles`,
        { roles: ['moderator'] },
        cookie,
      ).expect(200);
      expect(await me(cookie)).toBeNull();
      await t.prisma.user.update({ where: { id: second.id }, data: { roles: ['moderator'] } });
    });

    it('lets exactly one of two admins removing each other at once succeed', async () => {
      const one = await staffAccount(t, ['admin']);
      const two = await staffAccount(t, ['admin']);
      await onlyAdmins([one.id, two.id]);
      const [a, b] = await Promise.all([
        send(
          'put',
          `/api/staff/accounts/${two.id}/roles`,
          { roles: ['moderator'] },
          await cookieOf(one, t),
        ),
        send(
          'put',
          `/api/staff/accounts/${one.id}/roles`,
          { roles: ['moderator'] },
          await cookieOf(two, t),
        ),
      ]);
      // the loser is refused: 409 last_admin, or 403 when the winner's change already ended
      // its session
      const statuses = [a.status, b.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await t.prisma.user.count({ where: { roles: { has: 'admin' } } })).toBe(1);
    });
  });
});
