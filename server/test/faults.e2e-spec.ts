import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, Worker } from 'bullmq';
import { MaintenanceProcessor, QUEUES, workerConnection, WorkerRegistry } from '../src/queue';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createApp } from '../src/app';
import { AUTH_COOKIE } from '@app/contract';
import { SessionService } from '../src/auth/session.service';
import { DeletionService } from '../src/deletion/deletion.service';
import { WorkerModule } from '../src/worker.module';
import { PrismaService } from '../src/prisma/prisma.service';
import { RedisService } from '../src/redis/redis.service';
import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { startBlackHole, startRedisServer } from './helpers/redis-server';
import { TEST_PASSWORD, signupBody } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { waitForMail } from './helpers/smtp';
import { eventually } from './helpers/sockets';
import { takeChallenge } from './helpers/challenge';

const PASSWORD = TEST_PASSWORD;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = Date.now();
  const result = await run();
  return [result, Date.now() - start];
}

describe('a Redis outage in the middle of a signup and a deletion', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let t: MailTestApp;

  beforeAll(async () => {
    redis = await startRedisServer();
    t = await createMailTestApp({
      REDIS_URL: redis.url,
      MAIL_RELAY_INTERVAL_MS: '300',
      REDIS_CONNECT_TIMEOUT_MS: '1000',
      REDIS_COMMAND_TIMEOUT_MS: '1000',
    });
  });
  afterAll(async () => {
    await redis.start();
    await t.close();
    await redis.stop();
    // ioredis ends a connection that was still reconnecting with a 2 s safety timer
    await new Promise((r) => setTimeout(r, 2_100));
  });

  /** Redis is back and the workers have reconnected to it. */
  async function redisBack(): Promise<void> {
    await redis.start();
    for (const name of [QUEUES.mail, QUEUES.purge]) {
      const queue = new Queue(name, { connection: workerConnection(t.config) });
      try {
        for (let i = 0; i < 100 && (await queue.getWorkers()).length === 0; i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        await queue.close();
      }
    }
  }

  const body = (email: string) => signupBody({ email, name: 'Storing' });

  it('answers both quickly, and sends every mail and purges once Redis is back', async () => {
    const leaving = `leaving.${Date.now()}@example.test`;
    const res = await t.post('/api/signup.php', body(leaving)).expect(201);
    const cookie = sessionCookie(res);
    await t.smtp.waitFor(leaving);

    await redis.stop();
    const joining = `joining.${Date.now()}@example.test`;
    const [signup, signupMs] = await timed(() => t.post('/api/signup.php', body(joining)));
    expect(signup.status).toBe(201);
    const [deletion, deletionMs] = await timed(() =>
      t.post(
        '/api/account-delete.php',
        { confirm: true, reason: 'time', password: PASSWORD },
        cookie,
      ),
    );
    expect(deletion.status).toBe(200);
    expect(signupMs).toBeLessThan(5_000);
    expect(deletionMs).toBeLessThan(5_000);
    // what must be sent is in PostgreSQL, waiting for the queue
    const waiting = await t.prisma.mailIntent.findMany({ where: { enqueuedAt: null } });
    expect(waiting.map((w) => w.template).sort()).toEqual(['activation', 'reactivation']);

    await redisBack();
    await t.smtp.waitFor(joining, 30_000);
    await waitForMail(t.smtp.mails, leaving, /verwijderd$/, 30_000);

    const leaver = await t.prisma.user.findUniqueOrThrow({ where: { email: leaving } });
    await t.prisma.deletionRequest.updateMany({
      where: { userId: leaver.id },
      data: { purgeAt: new Date(Date.now() - 1000) },
    });
    await t.app.get(DeletionService).purgeDue();
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: leaver.id } })).status).toBe(
      'purged',
    );
    for (let i = 0; i < 100 && (await t.prisma.mailIntent.count()) > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await t.prisma.mailIntent.count()).toBe(0);
  }, 60_000);

  it('keeps logins working while Redis is down, with the limits counted in memory', async () => {
    const email = `login.${Date.now()}@example.test`;
    await t.post('/api/signup.php', body(email)).expect(201);
    await redis.stop();
    try {
      await t.post('/api/user.php', { email, password: PASSWORD }).expect(200);
      // after three wrong passwords each try carries a solved challenge (its replay store is
      // in memory too while Redis is away)
      const wrong = () =>
        t.post('/api/user.php', { email, password: 'fout-wachtwoord', altcha: takeChallenge() });
      for (let i = 0; i < 9; i++) {
        await wrong().expect(401);
      }
      await wrong().expect(429);
    } finally {
      await redisBack();
    }
  }, 30_000);
});

describe('a black-holed database', () => {
  let hole: Awaited<ReturnType<typeof startBlackHole>>;
  let t: TestApp;
  beforeAll(async () => {
    hole = await startBlackHole();
    t = await createTestApp({
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${hole.port}/dating`,
      DB_CONNECT_TIMEOUT_MS: '500',
    });
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
    await hole.close();
  });

  it('answers 503 within a second or two instead of hanging', async () => {
    const [res, ms] = await timed(() =>
      t.http().get('/api/user.php').set('Cookie', `${AUTH_COOKIE}=some-session`),
    );
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('service_unavailable');
    expect(res.headers['retry-after']).toBeDefined();
    expect(ms).toBeLessThan(3_000);
    await t.http().get('/api/health').expect(503);
  });
});

describe('shutting down', () => {
  it('stops HTTP (finishing requests under way) before it closes PostgreSQL and Redis', async () => {
    // a database copy and configuration of its own; this test builds and closes the app itself
    const base = await createTestApp();
    await base.app.close();
    const app = await createApp(base.config);
    const order: string[] = [];
    const prisma = app.get(PrismaService);
    const redis = app.get(RedisService);
    const disconnect = prisma.$disconnect.bind(prisma);
    prisma.$disconnect = async () => {
      order.push('postgresql');
      return disconnect();
    };
    const quit = redis.quit.bind(redis);
    redis.quit = async () => {
      order.push('redis');
      return quit();
    };
    await app.listen(0, '127.0.0.1');
    const server = app.getHttpServer() as import('node:http').Server;
    server.on('close', () => order.push('http'));
    const port = (server.address() as AddressInfo).port;

    const user = await prisma.user.create({
      data: { email: `shutdown${Date.now()}@example.test`, status: 'confirmed' },
    });
    const { token } = await app.get(SessionService).create(user.id, {});
    // another connection holds the member's row, so the request below waits in the database
    const holder = new pg.Client({ connectionString: base.databaseUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    const request = fetch(`http://127.0.0.1:${port}/api/user.php`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'X-Request-Type': 'client',
        Cookie: `${AUTH_COOKIE}=${token}`,
      },
      body: JSON.stringify({ language: 'en' }),
    });
    // the request waits for the row in the database
    await eventually(async () => {
      const { rows } = await holder.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE NOT l.granted AND a.datname = current_database()`,
      );
      return rows[0].n > 0;
    });
    const closing = app.close();
    // the shutdown has begun: the HTTP server takes no new connections
    await eventually(() => !server.listening);
    await holder.query('COMMIT');
    await holder.end();
    const res = await request;
    await closing;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { language: string } }).user.language).toBe('en');
    expect(order.indexOf('http')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('http')).toBeLessThan(order.indexOf('postgresql'));
    expect(order.indexOf('http')).toBeLessThan(order.indexOf('redis'));
    await base.dropDatabase();
  });

  it('lets the workers finish their jobs before PostgreSQL and Redis close', async () => {
    const base = await createTestApp();
    const worker: INestApplicationContext = await NestFactory.createApplicationContext(
      WorkerModule.forRoot(base.config),
      { logger: ['error'] },
    );
    // every queue's worker (the registry owns their lifecycle), without the hourly schedules
    worker.get(MaintenanceProcessor).schedule = false;
    await worker.get(WorkerRegistry).startAll();
    const order: string[] = [];
    const originalClose = Worker.prototype.close;
    Worker.prototype.close = async function (this: Worker, force?: boolean) {
      await originalClose.call(this, force);
      order.push('worker');
    };
    try {
      const prisma = worker.get(PrismaService);
      const disconnect = prisma.$disconnect.bind(prisma);
      prisma.$disconnect = async () => {
        order.push('postgresql');
        return disconnect();
      };
      const redis = worker.get(RedisService);
      const quit = redis.quit.bind(redis);
      redis.quit = async () => {
        order.push('redis');
        return quit();
      };
      await worker.close();
    } finally {
      Worker.prototype.close = originalClose;
    }
    const workers = Object.keys(QUEUES).length;
    expect(order.slice(0, workers)).toEqual(Array<string>(workers).fill('worker'));
    expect(order).toEqual(expect.arrayContaining(['postgresql', 'redis']));
    await base.close();
  });
});
