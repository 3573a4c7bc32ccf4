import { Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { ChatMessage } from '@app/contract';
import { closeWorker, startWorker, workerConnection } from '../src/queue';
import { createTestApp, type TestApp } from './helpers/test-app';
import { chatMember, get, sendText } from './helpers/chat';
import { REPO_ROOT } from './helpers/databases';
import { connect, eventually, listening, type Received } from './helpers/sockets';
import {
  DOWN_AFTER_MS,
  SENTINEL_MASTER,
  hasRedisSentinel,
  startSentinelGroup,
  type SentinelGroup,
} from './helpers/redis-sentinel';

type New = { message: ChatMessage };

const describeWithSentinel = hasRedisSentinel ? describe : describe.skip;
if (!hasRedisSentinel) {
  console.warn(
    'Redis failover NOT TESTED: redis-sentinel is not installed (Debian: apt-get install redis-sentinel; .ci/run installs it)',
  );
}
const title = hasRedisSentinel
  ? 'Redis that fails over: a master, a replica and three sentinels, the master killed mid-chat'
  : 'Redis that fails over: SKIPPED, redis-sentinel is not installed (apt-get install redis-sentinel)';

/** Messages sent before the master is killed, and at least as many after it. */
const BEFORE_KILL = 30;
const AFTER_KILL = 30;
/** The longest the test sends on after the kill, waiting for the live path to flow again. */
const LIVE_AGAIN_WITHIN_MS = 30_000;

/** The database number of an app's REDIS_URL (the sentinels give only host and port). */
const dbOf = (t: TestApp) => Number(new URL(t.config.REDIS_URL).pathname.slice(1) || 0);

/**
 * Two app processes (each its own socket.io server, adapter, queues and rate limiters) reach
 * Redis only through the sentinels (REDIS_SENTINELS), as docker/compose.sentinel.yml runs them.
 * Member A sends paid messages through process one, each posted twice at once with one
 * Idempotency-Key (a client that retried after a timeout) and retried until it is answered;
 * B's socket is on process two, so every live event crosses Redis. The master is killed
 * (SIGKILL) mid-traffic; the test counts what was stored, charged and delivered and how long the
 * live path stood still (docs/operations.md, "Redis failover").
 */
describeWithSentinel(title, () => {
  let group: SentinelGroup;
  let one: TestApp;
  let two: TestApp;
  let base2: string;
  const closers: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    group = await startSentinelGroup();
    const env = {
      REDIS_SENTINELS: group.sentinels,
      REDIS_SENTINEL_MASTER: SENTINEL_MASTER,
      RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
    };
    one = await createTestApp(env);
    two = await createTestApp({ ...env, DATABASE_URL: one.databaseUrl });
    await listening(one);
    base2 = await listening(two);
  }, 120_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await two?.close();
    await one?.close();
    await group?.stop();
  }, 60_000);

  it('writes through the master the sentinels name, and the replica copies it', async () => {
    const key = `probe:${randomUUID()}`;
    await one.redis.set(key, 'eins');
    const master = group.connect(group.masterPort);
    const replica = group.connect(group.replicaPort);
    closers.push(
      () => master.disconnect(),
      () => replica.disconnect(),
    );
    await Promise.all([master.connect(), replica.connect()]);
    await Promise.all([master.select(dbOf(one)), replica.select(dbOf(one))]);
    expect(await master.get(key)).toBe('eins');
    await eventually(async () => (await replica.get(key)) === 'eins');
    expect(await group.currentMaster()).toBe(group.masterPort);
  });

  it('stores every paid message once, charges each once and delivers each after the master is killed mid-chat', async () => {
    const a = await chatMember(one, { credits: 100_000, paidUser: true });
    const b = await chatMember(one);
    const start = await sendText(one, a, { member: b.profile.id }, 'Start').expect(201);
    const conversation = start.body.message.conversation_id as number;
    const startSeq = start.body.message.seq as number;

    // B on the other process: every live event crosses the Redis stream
    const bOnTwo: Received = await connect(base2, b.cookie);
    closers.push(() => bOnTwo.close());
    const arrived = new Map<string, number>();
    let liveRepeats = 0;
    bOnTwo.socket.on('message:new', ({ message }: New) => {
      if (arrived.has(message.text ?? '')) liveRepeats += 1;
      else arrived.set(message.text ?? '', Date.now());
    });

    // the sentinels announce the failover on +switch-master
    const watcher = group.connect(group.sentinelPorts[1]);
    closers.push(() => watcher.disconnect());
    let switchedAt = 0;
    let newMaster = 0;
    watcher.on('message', (_channel: string, text: string) => {
      switchedAt = Date.now();
      newMaster = Number(text.split(' ')[4]);
    });
    await watcher.connect();
    await watcher.subscribe('+switch-master');

    // BullMQ through the sentinels: a producer adding a job a tick, a worker taking them
    const logger = new Logger('failover-test');
    const queueName = `failover-${randomUUID()}`;
    const processed: number[] = [];
    const worker = startWorker(
      queueName,
      (job) => {
        processed.push((job.data as { n: number }).n);
        return Promise.resolve();
      },
      one.config,
      logger,
    );
    const queue = new Queue(queueName, { connection: workerConnection(one.config) });
    // while no master answers its connection reports each failed attempt (as the app's do)
    queue.on('error', () => undefined);
    let queueing = true;
    let added = 0;
    const producing = (async () => {
      while (queueing && worker.isRunning()) {
        await queue.add('tick', { n: added }, { jobId: `tick-${added}` });
        added += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    closers.push(
      async () => {
        await closeWorker(worker, logger, 2_000);
        await worker.disconnect();
      },
      // BullMQ's close can wait for ever on a connection that moved (taskforcesh/bullmq#4656)
      () => queue.disconnect(),
      async () => {
        queueing = false;
        await producing.catch(() => undefined);
      },
    );

    interface Sent {
      text: string;
      sentAt: number;
      answeredAt: number;
      answers: (number | string)[];
    }
    const sent: Sent[] = [];
    /** One message as a client sends it: posted twice at once with one key, retried until 201. */
    const send = async (text: string) => {
      const key = randomUUID();
      const sentAt = Date.now();
      const answers: (number | string)[] = [];
      for (let attempt = 0; !answers.includes(201); attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 100)); // the client's back-off
        if (attempt > 100) throw new Error(`${text}: ${answers.join(', ')}`);
        const pair = await Promise.all(
          [0, 1].map(() =>
            sendText(one, a, { conversation }, text, key).then(
              (res) => res.status,
              (error: unknown) => String(error),
            ),
          ),
        );
        answers.push(...pair);
      }
      sent.push({ text, sentAt, answeredAt: Date.now(), answers });
    };

    let n = 0;
    while (n < BEFORE_KILL) await send(`f${n++}`);
    // ('Start' went before B's socket was there)
    await eventually(() => arrived.size === BEFORE_KILL);

    // a rate limit counted before the kill and copied to the replica survives the failover
    const master = group.connect(group.masterPort);
    await master.connect();
    await master.select(dbOf(one));
    const limitKey = (await master.keys('ratelimit:messages*')).find((k) =>
      k.endsWith(`${a.user.id}`),
    );
    expect(limitKey).toBeDefined();
    expect(await master.call('WAIT', '1', '2000')).toBe(1);
    const countedBefore = Number(await master.get(limitKey!));
    master.disconnect();

    // the request connection of process one: when it is ready again after the kill
    let requestsBackAt = 0;
    one.redis.on('ready', () => (requestsBackAt ||= Date.now()));
    const killedAt = Date.now();
    await group.kill(group.masterPort);
    // sending on through the failover until one message sent after the kill arrives live again
    // within 500 ms (the switch alone is not the end: the connections reach the new master a
    // moment after the sentinels name it), at most LIVE_AGAIN_WITHIN_MS after the kill
    const liveAgain = () =>
      sent.some((s) => s.sentAt >= killedAt && (arrived.get(s.text) ?? Infinity) - s.sentAt < 500);
    while (
      (switchedAt === 0 || n < BEFORE_KILL + AFTER_KILL || !liveAgain()) &&
      Date.now() - killedAt < LIVE_AGAIN_WITHIN_MS
    ) {
      await send(`f${n++}`);
    }
    const total = n;
    await eventually(() => arrived.size === total, 60_000);
    queueing = false;
    await producing;
    await eventually(() => new Set(processed).size === added, 60_000);

    // stored once each, and charged once each: the ledger adds up to the balance
    const stored = await one.prisma.message.findMany({
      where: { conversationId: conversation, senderId: a.user.id },
      select: { id: true, body: true, creditsCost: true },
    });
    expect(stored).toHaveLength(total + 1);
    expect(new Set(stored.map((m) => m.body)).size).toBe(total + 1);
    const ledger = await one.prisma.creditLedgerEntry.findMany({
      where: { userId: a.user.id },
      orderBy: { id: 'asc' },
    });
    const user = await one.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } });
    expect(ledger.filter((row) => row.messageId !== null)).toHaveLength(total + 1);
    expect(new Set(ledger.map((row) => row.messageId)).size).toBe(ledger.length);
    expect(100_000 + ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(user.credits);
    expect(ledger.at(-1)?.balanceAfter).toBe(user.credits);
    expect(user.credits).toBe(100_000 - stored.reduce((sum, m) => sum + m.creditsCost, 0));

    // delivered: every message live on the other process, and all of them by catch-up too
    expect([...arrived.keys()].sort()).toEqual(sent.map((s) => s.text).sort());
    // (page by page, as the client asks again while `more`; the repeats of the last moments once)
    const caughtTexts = new Set<string | null>();
    for (let since = startSeq - 1, more = true; more;) {
      const page = await get(one, b, `/api/messages.php?since=${since}`).expect(200);
      const messages = page.body.messages as ChatMessage[];
      for (const message of messages) caughtTexts.add(message.text);
      more = page.body.more === true;
      since = Math.max(since, ...messages.map((m) => m.seq));
    }
    expect([...caughtTexts].sort()).toEqual(['Start', ...sent.map((s) => s.text)].sort());

    // the sessions (PostgreSQL) never noticed; the sentinels moved the master to the replica
    await get(one, a, '/api/user.php').expect(200);
    expect(newMaster).toBe(group.replicaPort);
    expect(await group.currentMaster()).toBe(group.replicaPort);
    const promoted = group.connect(group.replicaPort);
    closers.push(() => promoted.disconnect());
    await promoted.connect();
    await promoted.select(dbOf(one));
    expect(Number(await promoted.get(limitKey!))).toBeGreaterThanOrEqual(countedBefore);
    // the app writes to the new master now (its request connection fails fast while it moves)
    const probe = `probe:${randomUUID()}`;
    await eventually(async () => (await one.redis.set(probe, 'zwei').catch(() => null)) === 'OK');
    expect(await promoted.get(probe)).toBe('zwei');

    // how long the live path stood still: from the kill until a message sent after it arrived
    // at once again (within 500 ms of its send)
    const afterKill = sent.filter((s) => s.sentAt >= killedAt);
    const flowing = afterKill.find((s) => (arrived.get(s.text) ?? Infinity) - s.sentAt < 500);
    const slowestAnswer = Math.max(...afterKill.map((s) => s.answeredAt - s.sentAt));
    const retried = sent.filter((s) => s.answers.some((x) => x !== 201 && x !== 409)).length;
    const figures = {
      downAfterMs: DOWN_AFTER_MS,
      switchMs: switchedAt - killedAt,
      liveAgainMs: flowing ? flowing.sentAt - killedAt : null,
      requestConnectionBackMs: requestsBackAt - killedAt,
      longestLiveDelayMs: Math.max(...sent.map((s) => (arrived.get(s.text) ?? 0) - s.sentAt)),
      slowestSendAnswerMs: slowestAnswer,
      sendsRetriedForAnError: retried,
      liveRepeats,
      messages: total,
      jobsAdded: added,
      jobsRunTwice: processed.length - new Set(processed).size,
    };
    console.log(`REDIS FAILOVER ${JSON.stringify(figures)}`);
    if (process.env.FAILOVER_FIGURES_FILE) {
      writeFileSync(process.env.FAILOVER_FIGURES_FILE, `${JSON.stringify(figures)}\n`, {
        flag: 'a',
      });
    }
    expect(flowing).toBeDefined();
    // no send waited for the failover: PostgreSQL holds the messages, the limits fall back to
    // each process's memory while Redis is away
    expect(retried).toBe(0);
  }, 120_000);
});

interface Service {
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}
const services = (file: string) =>
  (
    parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'), { merge: true }) as {
      services: Record<string, Service>;
    }
  ).services;

describe('docker/compose.sentinel.yml: Redis with a replica and three sentinels, optional', () => {
  const sentinel = services('docker/compose.sentinel.yml');
  const base = services('docker-compose.yml');

  it('points the app replicas and the workers at three sentinels, after they are healthy', () => {
    for (const name of ['app', 'app-2', 'worker']) {
      expect([name, sentinel[name].environment]).toEqual([
        name,
        expect.objectContaining({
          REDIS_SENTINELS: 'sentinel-1:26379,sentinel-2:26379,sentinel-3:26379',
          REDIS_SENTINEL_MASTER: 'vonkje',
        }),
      ]);
      expect(Object.keys(sentinel[name].depends_on ?? {}).sort()).toEqual([
        'sentinel-1',
        'sentinel-2',
        'sentinel-3',
      ]);
    }
  });

  it('runs the sentinels with quorum 2 on the master and a replica that copies it', () => {
    for (const name of ['sentinel-1', 'sentinel-2', 'sentinel-3']) {
      const script = sentinel[name].entrypoint?.join(' ') ?? '';
      expect(script).toMatch(/sentinel monitor vonkje redis 6379 2\n/);
      expect(script).toMatch(/sentinel auth-pass vonkje \$\$REDIS_PASSWORD\n/);
      expect(sentinel[name].environment?.ANNOUNCE).toBe(name);
    }
    expect(sentinel['redis-replica'].command?.join(' ')).toMatch(/--replicaof redis 6379$/);
    // the old master comes back as a replica of the new one: it needs the password to copy it
    expect(sentinel.redis.command?.join(' ')).toMatch(/--masterauth \$\{REDIS_PASSWORD/);
  });

  it('leaves the default compose file on its single Redis, without sentinels', () => {
    expect(Object.keys(base).filter((name) => name.startsWith('sentinel'))).toEqual([]);
    expect(base.app.environment?.REDIS_SENTINELS).toBeUndefined();
  });
});
