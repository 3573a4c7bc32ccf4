import { spawn, type ChildProcess } from 'node:child_process';
import type { Response } from 'supertest';
import { REQUEST_BUDGET_MS } from '../src/config/timeouts';
import pg from 'pg';
import { chatMember, sendText, type ChatMember } from './helpers/chat';
import { loggedInMember } from './helpers/accounts';
import { startRelay, type Relay } from './helpers/relay';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Waiting for a pooled connection is not a dead database: a burst of requests on a small pool,
 * on a machine made busy, waits for free connections and answers each request as it should;
 * only a database that does not answer gives 503, and still quickly. Production's waits (the
 * test helper's are roomier for the rest of the suite).
 */
const PRODUCTION_WAITS = {
  DB_CONNECT_TIMEOUT_MS: '1000',
  DB_QUERY_TIMEOUT_MS: '2000',
  DB_STATEMENT_TIMEOUT_MS: '1750',
  DB_POOL_WAIT_MS: String(REQUEST_BUDGET_MS),
};

/** A wait for a pooled connection that no answer here may come near. */
const LONG_POOL_WAIT_MS = 60_000;

/** A process that keeps one core busy until it is killed (a loaded machine). */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

interface Timed {
  res: Response;
  ms: number;
}

async function timed(run: () => PromiseLike<Response>): Promise<Timed> {
  const start = performance.now();
  const res = await run();
  return { res, ms: performance.now() - start };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

describe('a burst of paid sends on a pool of 10, on a busy machine', () => {
  let t: TestApp;
  let busy: ChildProcess;
  beforeAll(async () => {
    busy = busyLoop();
    t = await createTestApp({
      ...PRODUCTION_WAITS,
      DB_POOL_SIZE: '10',
      RATE_LIMIT_MESSAGES_PER_MINUTE: '1000',
    });
  });
  afterAll(async () => {
    busy.kill();
    await t.close();
  });

  /** A member with credits for 10 paid sends, in a conversation (its first send paid). */
  async function senderInConversation() {
    const a = await chatMember(t, { credits: 110, paidUser: true });
    const b = await chatMember(t);
    const first = await sendText(t, a, { member: b.profile.id }).expect(201);
    return { a, conversation: first.body.message.conversation_id as number };
  }

  /** `count` paid sends at once; each answer timed. */
  function burst(a: ChatMember, conversation: number, count: number): Promise<Timed[]> {
    return Promise.all(
      Array.from({ length: count }, (_, i) =>
        timed(() => sendText(t, a, { conversation }, `bericht ${i}`)),
      ),
    );
  }

  /** 10 stored, the others insufficient_credits, no 5xx; the balance at 0. */
  async function expectAnswered(a: ChatMember, answers: Timed[], what: string) {
    const ms = answers.map((answer) => answer.ms);
    const errors = answers.filter(({ res }) => res.status >= 500);
    console.info(
      `${what}: p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ` +
        `ms, max ${Math.max(...ms).toFixed(0)} ms, 5xx ${errors.length} of ${answers.length}`,
    );
    expect(errors.map(({ res }) => res.body as unknown)).toEqual([]);
    const statuses = answers.map(({ res }) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(answers.length - 10);
    for (const { res } of answers.filter(({ res }) => res.status === 402)) {
      expect(res.body.error).toBe('insufficient_credits');
    }
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } });
    expect(user.credits).toBe(0);
  }

  it('answers each of 50 concurrent paid sends as it should: stored while the credits last, then insufficient_credits', async () => {
    const { a, conversation } = await senderInConversation();
    await expectAnswered(a, await burst(a, conversation, 50), 'burst of 50 paid sends, pool of 10');
  }, 60_000);

  it('lets sends wait for a connection longer than opening one may take, while a slow transaction holds the pool, and answers each as it should', async () => {
    const { a, conversation } = await senderInConversation();
    // another transaction holds the sender's row: 10 sends wait for it in PostgreSQL, holding
    // every pooled connection, and 10 others wait for one of them
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [a.user.id]);
      const answers = burst(a, conversation, 20);
      const waited = Number(PRODUCTION_WAITS.DB_CONNECT_TIMEOUT_MS) + 200;
      await holder.query(`SELECT pg_sleep(${waited / 1000})`);
      // still waiting, longer than opening a connection may take (what pg's pool refused)
      expect(t.prisma.pool.waitingCount).toBeGreaterThan(0);
      await holder.query('COMMIT');
      await expectAnswered(a, await answers, 'burst of 20 behind a slow transaction, pool of 10');
    } finally {
      await holder.end();
    }
  }, 60_000);
});

describe('a black-holed database while requests wait for a pooled connection', () => {
  let relay: Relay;
  let t: TestApp;
  beforeAll(async () => {
    const port = Number(new URL(process.env.DATABASE_URL ?? 'postgresql://127.0.0.1:5432').port);
    relay = await startRelay(port);
    // a wait for a connection far longer than anything else here: an answer well within it can
    // only come from the pool ending the waits once PostgreSQL is found silent (no clock raced)
    t = await createTestApp(
      { ...PRODUCTION_WAITS, DB_POOL_SIZE: '2', DB_POOL_WAIT_MS: String(LONG_POOL_WAIT_MS) },
      {
        via: { databasePort: relay.port },
      },
    );
  });
  afterAll(async () => {
    relay.restore();
    await t.close();
    await relay.close();
  });

  it('answers every one of them 503 once PostgreSQL is found silent, not after their wait for a connection, and works again once the database answers', async () => {
    const member = await loggedInMember(t);
    const user = () =>
      timed(() =>
        t.http().get('/api/user.php').set('X-Request-Type', 'client').set('Cookie', member.cookie),
      );
    expect((await user()).res.status).toBe(200);

    relay.blackHole();
    // 20 requests on 2 connections: most of them wait for one
    const answers = await Promise.all(Array.from({ length: 20 }, () => user()));
    for (const { res, ms } of answers) {
      expect({ status: res.status, error: res.body.error }).toEqual({
        status: 503,
        error: 'service_unavailable',
      });
      expect(ms).toBeLessThan(LONG_POOL_WAIT_MS / 2);
    }
    const times = answers.map(({ ms }) => ms).sort((x, y) => x - y);
    console.info(
      `20 requests on 2 connections, database silent: 503 after p50 ${Math.round(times[9]!)} ms, max ${Math.round(times[19]!)} ms`,
    );

    relay.restore();
    const deadline = Date.now() + 15_000;
    let last = await user();
    while (last.res.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      last = await user();
    }
    expect(last.res.status).toBe(200);
    expect(last.res.body.user).not.toBeNull();
  }, 90_000);
});
