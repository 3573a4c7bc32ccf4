import { seedMember, type SeedMemberOptions } from '../../../prisma/seed/member';
import { sessionCookie } from './mail-app';
import type { TestApp } from './test-app';
import { solvedChallenge, takeChallenge } from './challenge';

export const TEST_PASSWORD = 'geheim-12345';
let counter = 0;

/**
 * A valid signup body with a unique address and a solved challenge (helpers/challenge.ts);
 * `overrides` replace fields.
 */
export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `member${counter}.${process.pid}.${Date.now()}@example.test`,
    name: `Lid${counter}`,
    password: TEST_PASSWORD,
    date_of_birth: '1985-06-07',
    gender: 'female',
    accept_terms: true,
    accept_fictional: true,
    altcha: takeChallenge(),
    ...overrides,
  };
}

/** A seeded, confirmed member logged in through POST /api/user.php; its Set-Cookie lines. */
export async function loginSeededMember(t: TestApp) {
  const member = await seedMember(t.seedClient, { passwordCost: 4 });
  const res = await t
    .http()
    .post('/api/user.php')
    .set('X-Request-Type', 'client')
    .send({ email: member.user.email, password: member.password })
    .expect(200);
  return { member, cookies: (res.headers['set-cookie'] as unknown as string[]).join('\n') };
}

/** A member made with the shared seed library, with cheap password hashing for tests. */
export function seedTestMember(t: TestApp, options: SeedMemberOptions = {}) {
  return seedMember(t.seedClient, { passwordCost: 4, ...options });
}

/**
 * A seeded member logged in through POST /api/user.php, with its session cookie. When the test's
 * client address has had wrong passwords (a test of failures before it), the login asks for the
 * proof of work: solved and sent again, as the web's widget does.
 */
export async function loggedInMember(t: TestApp, options: SeedMemberOptions = {}) {
  const m = await seedTestMember(t, options);
  const login = (altcha?: string) =>
    t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ email: m.user.email, password: m.password, ...(altcha ? { altcha } : {}) });
  let res = await login();
  if (res.status === 400 && res.body.error === 'challenge_required') {
    res = await login(await solvedChallenge(t));
  }
  expect(res.status).toBe(200);
  return { ...m, cookie: sessionCookie(res) };
}
