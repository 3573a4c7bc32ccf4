import type { Response } from 'supertest';
import { translate } from '../src/i18n/i18n';
import { REQUEST_BUDGET_MS, READINESS_BUDGET_MS } from '../src/config/timeouts';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { startRedisServer } from './helpers/redis-server';
import { startRelay, type Relay } from './helpers/relay';
import { createTestApp, type TestApp } from './helpers/test-app';
import { takeChallenge } from './helpers/challenge';

/**
 * Network partitions mid-flight: PostgreSQL or Redis reachable at first, then silent on the
 * connections the pools already hold (a relay that stops forwarding, never closes). No request
 * may wait past its budget; each answers 503 with Retry-After in the member's language (or
 * carries on without what is optional), and everything works again once the peer is back,
 * without a restart.
 */

const PG_PORT = Number(new URL(process.env.DATABASE_URL ?? 'postgresql://127.0.0.1:5432').port);
const REDIS_PORT = Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port);
const LANGUAGE = 'de';

interface Timed {
  res: Response;
  ms: number;
}

/**
 * The four requests a member or visitor makes most, each timed: a logged-in member's own data,
 * a login, a reset request (each for another member: three a day each), readiness.
 */
async function requests(t: TestApp) {
  const member = await loggedInMember(t);
  const email = String(member.user.email);
  const forgetful: string[] = [];
  for (let i = 0; i < 12; i++) forgetful.push(String((await seedTestMember(t)).user.email));
  const timed = async (run: () => Promise<Response>): Promise<Timed> => {
    const start = Date.now();
    const res = await run();
    return { res, ms: Date.now() - start };
  };
  const client = (req: ReturnType<ReturnType<TestApp['http']>['get']>) =>
    req.set('X-Request-Type', 'client').set('Accept-Language', LANGUAGE);
  return {
    user: () =>
      timed(() => client(t.http().get('/api/user.php')).set('Cookie', member.cookie).then()),
    login: () =>
      timed(() =>
        client(t.http().post('/api/user.php')).send({ email, password: member.password }).then(),
      ),
    reset: () =>
      timed(() =>
        client(t.http().post('/api/reset-password.php'))
          .send({ email: forgetful.pop(), altcha: takeChallenge() })
          .then(),
      ),
    ready: () => timed(() => t.http().get('/api/health/ready').then()),
    live: () => timed(() => t.http().get('/api/health/live').then()),
    health: () => timed(() => t.http().get('/api/health').then()),
  };
}

type Requests = Awaited<ReturnType<typeof requests>>;

/** 503 service_unavailable with Retry-After and the message in the member's language. */
function expectUnavailable({ res, ms }: Timed, what: string) {
  expect({ what, status: res.status, error: res.body.error }).toEqual({
    what,
    status: 503,
    error: 'service_unavailable',
  });
  expect(res.body.message).toBe(translate(LANGUAGE, 'errors.service_unavailable'));
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(ms).toBeLessThan(REQUEST_BUDGET_MS);
}

/** Readiness says "not ready" at once; liveness still says the process is up. */
async function expectNotReady(r: Requests) {
  const ready = await r.ready();
  expect(ready.res.status).toBe(503);
  expect(ready.res.headers['retry-after']).toBeDefined();
  expect(ready.ms).toBeLessThan(READINESS_BUDGET_MS + 500);
  const health = await r.health();
  expect(health.res.status).toBe(503);
  expect(health.ms).toBeLessThan(READINESS_BUDGET_MS + 500);
  const live = await r.live();
  expect(live.res.status).toBe(200);
  expect(live.ms).toBeLessThan(500);
}

/** Every request answers as usual. */
async function expectWorking(r: Requests) {
  for (const [what, run] of Object.entries(r)) {
    const { res } = await run();
    expect({ what, status: res.status, body: res.status === 200 ? {} : res.body }).toEqual({
      what,
      status: 200,
      body: {},
    });
  }
}

/** Waits (bounded) until readiness is back, then every request works as before. */
async function expectRecovered(r: Requests) {
  const deadline = Date.now() + 15_000;
  while ((await r.ready()).res.status !== 200) {
    if (Date.now() > deadline) throw new Error('readiness did not come back within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await expectWorking(r);
  expect((await r.user()).res.body.user).not.toBeNull();
}

/**
 * The app reaching PostgreSQL or Redis (`via`) through a relay, with the requests of a member;
 * closed after the block's tests, the relay forwarding again.
 */
function throughRelay(
  via: 'databasePort' | 'redisPort',
  targetPort: number,
  { ownRedis = false } = {},
) {
  const at = {} as {
    relay: Relay;
    t: TestApp;
    r: Requests;
    redis?: Awaited<ReturnType<typeof startRedisServer>>;
  };
  beforeAll(async () => {
    at.relay = await startRelay(targetPort);
    if (ownRedis) at.redis = await startRedisServer();
    // production's waits (the helper's are roomier for the rest of the suite)
    const env: Record<string, string> = {
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_QUERY_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '1750',
      DB_POOL_WAIT_MS: '3000',
      ...(at.redis ? { REDIS_URL: at.redis.url } : {}),
    };
    at.t = await createTestApp(env, { via: { [via]: at.relay.port } });
    at.r = await requests(at.t);
  });
  afterAll(async () => {
    at.relay.restore();
    await at.redis?.start();
    await at.t.close();
    await at.relay.close();
    await at.redis?.stop();
  });
  return at;
}

describe('PostgreSQL black-holed mid-flight', () => {
  const at = throughRelay('databasePort', PG_PORT);

  it('answers every request 503 with Retry-After within its budget, and recovers by itself', async () => {
    // the pool holds working connections through the relay
    await expectWorking(at.r);
    expect(at.relay.connections).toBeGreaterThan(0);

    at.relay.blackHole();
    expectUnavailable(await at.r.user(), 'GET user.php');
    expectUnavailable(await at.r.login(), 'login');
    expectUnavailable(await at.r.reset(), 'reset request');
    await expectNotReady(at.r);
    // many at once: none waits longer, whatever the pool's state
    const { user, login, reset } = at.r;
    const together = await Promise.all([user, login, reset, user, login].map((run) => run()));
    together.forEach((answer, i) => expectUnavailable(answer, `together ${i}`));

    at.relay.restore();
    await expectRecovered(at.r);
  }, 60_000);
});

describe('Redis black-holed mid-flight', () => {
  const at = throughRelay('redisPort', REDIS_PORT);

  it('keeps members answered within the budget, and recovers by itself', async () => {
    await expectWorking(at.r);

    at.relay.blackHole();
    // what Redis only speeds up or counts goes on without it (limits counted in memory)
    const user = await at.r.user();
    expect(user.res.status).toBe(200);
    expect(user.ms).toBeLessThan(REQUEST_BUDGET_MS);
    const login = await at.r.login();
    expect(login.res.status).toBe(200);
    expect(login.ms).toBeLessThan(REQUEST_BUDGET_MS);
    // a reset's daily limit lives in Redis: it waits for Redis to be back
    expectUnavailable(await at.r.reset(), 'reset request');
    await expectNotReady(at.r);

    at.relay.restore();
    await expectRecovered(at.r);
  }, 60_000);
});

describe('the fault drill: Redis killed and PostgreSQL black-holed at once', () => {
  const at = throughRelay('databasePort', PG_PORT, { ownRedis: true });

  it('leaves no request waiting past its budget, and recovers without a restart', async () => {
    await expectWorking(at.r);

    const redis = at.redis;
    if (!redis) throw new Error('the drill needs a Redis of its own to kill');
    await redis.stop();
    at.relay.blackHole();
    const { user, login, reset } = at.r;
    const answers = await Promise.all([user, reset, login, reset, user].map((run) => run()));
    answers.forEach((answer, i) => expectUnavailable(answer, `request ${i}`));
    expectUnavailable(await at.r.login(), 'a login after');
    await expectNotReady(at.r);

    await redis.start();
    at.relay.restore();
    await expectRecovered(at.r);
  }, 60_000);
});
