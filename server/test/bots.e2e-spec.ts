import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ChallengeService } from '../src/challenge';
import { signupBody, seedTestMember } from './helpers/accounts';
import { fillChallenges, solvedChallenge, takeChallenge } from './helpers/challenge';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 35, item 3: the proof-of-work challenge and disposable addresses at the door. */
describe('bots at the door: the proof-of-work challenge and disposable addresses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    await fillChallenges(t, 20);
  });
  afterAll(() => t.close());

  const signup = (body: Record<string, unknown>) =>
    t.http().post('/api/signup.php').set('X-Request-Type', 'client').send(body);
  const login = (body: Record<string, unknown>, ip: string) =>
    t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .set('X-Forwarded-For', ip)
      .send(body);
  const reset = (body: Record<string, unknown>) =>
    t.http().post('/api/reset-password.php').set('X-Request-Type', 'client').send(body);
  const decoded = (answer: string) =>
    JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as {
      challenge: { parameters: Record<string, unknown>; signature: string };
      solution: { counter: number; derivedKey: string };
    };
  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

  it('refuses a signup without a solved challenge with 400 challenge_required and creates nothing', async () => {
    const { altcha: _unused, ...body } = signupBody();
    const res = await signup(body).expect(400);
    expect(res.body).toMatchObject({ error: 'challenge_required' });
    expect(res.body.message).toMatch(/geen robot/);
    expect(await t.prisma.user.count({ where: { email: body.email } })).toBe(0);
  });

  it('refuses forged solutions with 400 challenge_invalid, never a 5xx', async () => {
    const real = decoded(await solvedChallenge(t));
    const forgeries = [
      'not base64 at all %%%',
      encoded({ hello: 'world' }),
      encoded({ challenge: real.challenge, solution: { counter: 'x', derivedKey: 1 } }),
      // a wrong answer to a real challenge (the derived key is the proof; it is signed)
      encoded({
        ...real,
        solution: { ...real.solution, derivedKey: 'f'.repeat(real.solution.derivedKey.length) },
      }),
      // a real answer to a challenge made easier by the client
      encoded({
        ...real,
        challenge: {
          ...real.challenge,
          parameters: { ...real.challenge.parameters, keyPrefix: '00' },
        },
      }),
      // a challenge the client signed itself
      encoded({ ...real, challenge: { ...real.challenge, signature: 'ab'.repeat(32) } }),
      encoded({ challenge: { parameters: { nonce: 'x'.repeat(5000) } }, solution: real.solution }),
    ];
    for (const altcha of forgeries) {
      const body = signupBody({ altcha });
      const res = await signup(body);
      expect([res.status, res.body.error]).toEqual([400, 'challenge_invalid']);
      expect(await t.prisma.user.count({ where: { email: body.email } })).toBe(0);
    }
  });

  it('accepts a solved challenge once: the replayed solution is 400 challenge_invalid', async () => {
    const altcha = await solvedChallenge(t);
    await signup(signupBody({ altcha })).expect(201);
    const replay = await signup(signupBody({ altcha })).expect(400);
    expect(replay.body.error).toBe('challenge_invalid');
    expect(replay.body.message).toBe('De controle is verlopen of ongeldig. Probeer het opnieuw.');
  });

  it('refuses a solution of an expired challenge', async () => {
    const challenge = await t.app.get(ChallengeService).create(Date.now() - 11 * 60_000);
    const solution = await solveChallenge({
      challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'],
      deriveKey,
    });
    const res = await signup(signupBody({ altcha: encoded({ challenge, solution }) })).expect(400);
    expect(res.body.error).toBe('challenge_invalid');
  });

  it('refuses a disposable e-mail address at signup with a clear Dutch message', async () => {
    for (const email of [`wegwerp${Date.now()}@mailinator.com`, 'iemand@sub.yopmail.com']) {
      const res = await signup(signupBody({ email })).expect(400);
      expect(res.body).toEqual({
        error: 'email_disposable',
        field: 'email',
        message:
          'Met een wegwerp-e-mailadres kun je je niet aanmelden. Gebruik je eigen e-mailadres.',
      });
    }
  });

  it('asks a login for a solved challenge after three wrong passwords, and lets the right one in with it', async () => {
    const m = await seedTestMember(t);
    const ip = '192.0.2.44';
    for (let i = 0; i < 3; i++) {
      await login({ email: m.user.email, password: 'verkeerd-123' }, ip).expect(401);
    }
    const asked = await login({ email: m.user.email, password: m.password }, ip).expect(400);
    expect(asked.body.error).toBe('challenge_required');
    const forged = await login(
      { email: m.user.email, password: m.password, altcha: encoded({ x: 1 }) },
      ip,
    ).expect(400);
    expect(forged.body.error).toBe('challenge_invalid');
    await login({ email: m.user.email, password: m.password, altcha: takeChallenge() }, ip).expect(
      200,
    );
  });

  it('lets a login without failures in without a challenge', async () => {
    const m = await seedTestMember(t);
    await login({ email: m.user.email, password: m.password }, '192.0.2.45').expect(200);
  });

  it('asks a password reset for a solved challenge, before it tells whether the address exists', async () => {
    const m = await seedTestMember(t);
    expect((await reset({ email: m.user.email }).expect(400)).body.error).toBe(
      'challenge_required',
    );
    expect((await reset({ email: 'niemand@example.test' }).expect(400)).body.error).toBe(
      'challenge_required',
    );
    await reset({ email: m.user.email, altcha: takeChallenge() }).expect(200);
  });

  it('refuses a solution replayed at the login or at a reset, and a forged or mistyped one at a reset, with a clear 400', async () => {
    const m = await seedTestMember(t);
    const ip = '192.0.2.46';
    for (let i = 0; i < 3; i++) {
      await login({ email: m.user.email, password: 'verkeerd-123' }, ip).expect(401);
    }
    // a solution the login took is not taken again, also not by a reset or a signup
    const used = await solvedChallenge(t);
    await login({ email: m.user.email, password: 'verkeerd-123', altcha: used }, ip).expect(401);
    const replays = [
      await login({ email: m.user.email, password: m.password, altcha: used }, ip),
      await reset({ email: m.user.email, altcha: used }),
      await signup(signupBody({ altcha: used })),
    ];
    for (const res of replays) {
      expect([res.status, res.body.error]).toEqual([400, 'challenge_invalid']);
      expect(res.body.message).toBe('De controle is verlopen of ongeldig. Probeer het opnieuw.');
    }
    const real = decoded(await solvedChallenge(t));
    for (const altcha of [
      // the derived key is the proof (the challenge carries its signature): one digit off
      encoded({
        ...real,
        solution: {
          ...real.solution,
          derivedKey: `${real.solution.derivedKey.slice(0, -1)}${real.solution.derivedKey.endsWith('0') ? '1' : '0'}`,
        },
      }),
      encoded({ ...real, challenge: { ...real.challenge, signature: '' } }),
      '',
    ]) {
      const res = await reset({ email: m.user.email, altcha });
      expect(res.status).toBe(400);
      expect(['challenge_invalid', 'challenge_required']).toContain(res.body.error);
    }
    // not a string at all: the request's own check, still a 400
    for (const altcha of [42, { challenge: {} }, ['x'], 'x'.repeat(20_000)]) {
      const res = await reset({ email: m.user.email, altcha });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // the real one, unused, still works once
    await reset({ email: m.user.email, altcha: encoded(real) }).expect(200);
  });
});
