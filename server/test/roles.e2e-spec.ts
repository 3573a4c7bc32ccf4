import { STAFF_ROLES, type StaffRoleName } from '@app/contract';
import { chatMember } from './helpers/chat';
import { describeApi } from './helpers/openapi';
import { staffAccount, cookieOf } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Every staff operation of the OpenAPI description (marked `x-staff-roles` by @Staff) against
 * every kind of caller: a visitor, a member, a member session of an account that has every staff
 * role (staff rights come only with the console's own sign-in), and a staff session of each role.
 * Who is not allowed gets 403 `forbidden` before anything runs; who is allowed gets past the
 * guard (whatever the route then says of the empty request).
 */
describe('staff routes: every operation against every role', () => {
  let t: TestApp;
  /** Each caller's cookie (a staff caller's is a fresh session each time: logout ends one). */
  const callers: Record<string, () => Promise<string | null>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const member = (await chatMember(t)).cookie;
    const allRoles = await chatMember(t);
    await t.prisma.user.update({
      where: { id: allRoles.user.id },
      data: { roles: [...STAFF_ROLES] },
    });
    callers.visitor = () => Promise.resolve(null);
    callers.member = () => Promise.resolve(member);
    callers['member session of an account with every staff role'] = () =>
      Promise.resolve(allRoles.cookie);
    for (const role of STAFF_ROLES) {
      const account = await staffAccount(t, [role]);
      callers[role] = () => cookieOf(account, t);
    }
  });
  afterAll(() => t.close());

  function staffOperations() {
    return describeApi(t.app).staffOperations.map(({ method, path, operation }) => ({
      method,
      path,
      roles: operation['x-staff-roles']!,
    }));
  }

  it('finds the staff operations in the OpenAPI description, every one for admins', () => {
    const operations = staffOperations();
    expect(operations.length).toBeGreaterThanOrEqual(6);
    for (const operation of operations) expect(operation.roles).toContain('admin');
    // every route under /api/staff/ is a staff route, but for the sign-in itself
    const open = ['/api/staff/login', '/api/staff/login-code', '/api/staff/me'];
    const paths = describeApi(t.app).operations.map((o) => o.path);
    for (const path of paths.filter((p) => p.startsWith('/api/staff/'))) {
      if (open.includes(path)) continue;
      expect(operations.map((o) => o.path)).toContain(path);
    }
  });

  it('refuses each staff operation with 403 forbidden to everyone but its roles', async () => {
    const wrong: string[] = [];
    for (const { method, path, roles } of staffOperations()) {
      for (const [caller, cookieFor] of Object.entries(callers)) {
        const cookie = await cookieFor();
        const allowed = roles.includes(caller as StaffRoleName);
        const url = path.replace(/\{[^}]+\}/g, '1');
        const agent = t.http();
        const req = agent[method as 'get'](url)
          .set('X-Request-Type', 'client')
          .set('Idempotency-Key', '8d5c1f0e-35a4-4d6e-9f55-6f0c8d1b2a3c');
        const res = await (cookie ? req.set('Cookie', cookie) : req).send({});
        const refused = res.status === 403 && res.body.error === 'forbidden';
        if (allowed === refused) {
          wrong.push(
            `${method.toUpperCase()} ${path} as ${caller}: ${res.status} ${res.body.error}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
