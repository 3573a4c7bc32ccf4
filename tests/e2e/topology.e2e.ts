/**
 * The production topology (docker-compose.yml: two app replicas and two workers on one
 * PostgreSQL and Redis) as plain processes of the build (tests/support/topology.ts), on a database
 * and a Redis database of its own: chat, likes, bans and settings changes reach members on
 * either app process, and each queued or scheduled job runs once across the two workers.
 */
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { PrismaPg } from '@prisma/adapter-pg';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { PrismaClient } from '../../server/src/generated/prisma/client.ts';
import { seedMember, type SeedMemberOptions } from '../../prisma/seed/member.ts';
import { startSmtp, type Smtp } from '../../server/test/helpers/smtp.ts';
import {
  caddyInstalled,
  freshDatabase,
  startCaddy,
  startTopology,
  type Topology,
} from '../support/topology.js';
import { loggedInWithCookie, memberSocket, sendText, type MemberSocket } from './members.js';
import { staffSignIn } from './staff.js';
import { solvedChallenge } from './challenge.js';

const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dating');
  url.pathname = `/${process.env.E2E_DATABASE ?? 'dating_e2e'}_topology`;
  return url.toString();
})();
// serve.mjs's site uses Redis database 14, the bench 15
const redisUrl = (() => {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = '/13';
  return url.toString();
})();

/** A socket.io client on one app process, recording the names of the events it receives. */
async function socketOn(base: string, cookie: string) {
  const events: string[] = [];
  let reason: string | null = null;
  const socket = await memberSocket(base, cookie, (s) => {
    s.onAny((name: string) => events.push(name));
    s.on('disconnect', (why) => (reason = why));
  });
  return { socket, events, disconnectReason: () => reason };
}

/** A staff account signed in to the console's API on one process (password, then TOTP). */
async function staffSession(base: string, email: string, password: string) {
  const api = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { 'X-Request-Type': 'client' },
  });
  await staffSignIn(api, { email, password });
  return api;
}

test.describe.serial('two app processes and two workers on one PostgreSQL and Redis', () => {
  let topology: Topology;
  let prisma: PrismaClient;
  let mailbox: Smtp;
  const contexts: APIRequestContext[] = [];
  const sockets: MemberSocket[] = [];
  let a: string;
  let b: string;

  const member = async (options: SeedMemberOptions = {}) => {
    const m = await seedMember(prisma, { passwordCost: 4, ...options });
    if (m.user.email === null || m.password === null) throw new Error('seeded without a login');
    return {
      email: m.user.email,
      password: m.password,
      userId: m.user.id,
      profileId: m.profile.id,
    };
  };

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    freshDatabase(databaseUrl);
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    await redis.quit();
    mailbox = await startSmtp();
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
    topology = await startTopology({
      databaseUrl,
      redisUrl,
      env: {
        SMTP_URL: mailbox.url,
        // the outbox relay of both workers runs often, so a mail queued twice would show
        MAIL_RELAY_INTERVAL_MS: '300',
        RATE_LIMIT_RESETS_PER_IP_HOUR: '1000',
      },
    });
    [a, b] = topology.apps.map((app) => app.base);
  });

  test.afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const context of contexts) await context.dispose();
    await topology?.stop();
    await prisma?.$disconnect();
    await mailbox?.close();
  });

  /** A member's session on `base`, disposed after the file. */
  const on = async (base: string, who: { email: string; password: string }) => {
    const s = await loggedInWithCookie(base, who);
    contexts.push(s.api);
    return s;
  };
  const socket = async (base: string, cookie: string) => {
    const s = await socketOn(base, cookie);
    sockets.push(s.socket);
    return s;
  };

  test('a chat message sent through process A reaches the recipient’s socket on process B', async () => {
    const anna = await member({ credits: 500, paidUser: true, gender: 'female' });
    const bram = await member({ gender: 'male', seekingGender: 'female' });
    const annaOnA = await on(a, anna);
    const bramOnB = await on(b, bram);
    const live = await socket(b, bramOnB.cookie);
    const received: number[] = [];
    live.socket.on('message:new', ({ message }) => received.push(message.id));

    const sent = await sendText(annaOnA.api, { member: bram.profileId }, 'Hoi Bram, via A');
    await expect.poll(() => received, { timeout: 5_000 }).toEqual([sent.id]);
  });

  test('a like given through process A shows on process B: the liked member’s socket there is told, and B’s list has it', async () => {
    const anna = await member({ gender: 'female' });
    // premium: his list names who liked him (free members see a count: likes-free.e2e.ts)
    const bram = await member({ gender: 'male', paidUser: true });
    const annaOnA = await on(a, anna);
    const bramOnB = await on(b, bram);
    const live = await socket(b, bramOnB.cookie);

    const like = await annaOnA.api.post('/api/like.php', { data: { member: bram.profileId } });
    expect(like.status()).toBe(200);
    await expect.poll(() => live.events, { timeout: 5_000 }).toContain('likes:changed');
    const likes = await bramOnB.api.get('/api/likes.php');
    expect(likes.status()).toBe(200);
    const { liked_by } = (await likes.json()) as { liked_by: { id: number }[] };
    expect(liked_by.map((l) => l.id)).toEqual([anna.profileId]);
  });

  test('a ban made through process B ends the member’s socket and session on process A at once', async () => {
    const bram = await member({ gender: 'male' });
    const bramOnA = await on(a, bram);
    const live = await socket(a, bramOnA.cookie);
    const moderator = await member({ roles: ['moderator'] });
    const staffOnB = await staffSession(b, moderator.email, moderator.password);
    contexts.push(staffOnB);

    const ban = await staffOnB.post(`/api/staff/members/${bram.userId}/ban`, {
      data: { reason: 'Oplichting' },
    });
    expect(ban.status()).toBe(200);
    await expect.poll(() => live.events, { timeout: 5_000 }).toContain('account:banned');
    await expect
      .poll(() => live.disconnectReason(), { timeout: 5_000 })
      .toBe('io server disconnect');
    expect((await bramOnA.api.get('/api/chats.php')).status()).toBe(403);
    const again = await bramOnA.api.post('/api/user.php', {
      data: { email: bram.email, password: bram.password },
    });
    expect(again.status()).toBe(403);
    expect(await again.json()).toMatchObject({ error: 'account_banned' });
  });

  test('a settings change made through process B is served by process A within a second', async () => {
    const admin = await member({ roles: ['admin'] });
    const staffOnB = await staffSession(b, admin.email, admin.password);
    contexts.push(staffOnB);
    const name = `Vonkje ${randomUUID().slice(0, 6)}`;
    // A has the settings cached
    expect((await fetch(`${a}/api/settings.php`)).status).toBe(200);

    const put = await staffOnB.put('/api/staff/settings', { data: { name, gift_credits: 7 } });
    expect(put.status()).toBe(200);
    await expect
      .poll(
        async () => {
          const body = (await (await fetch(`${a}/api/settings.php`)).json()) as {
            settings: { name: string; gift_credits: number };
          };
          return [body.settings.name, body.settings.gift_credits];
        },
        { timeout: 1_000, intervals: [50] },
      )
      .toEqual([name, 7]);
  });

  test('each mail job runs once across the two workers: twelve reset requests through both processes, twelve mails', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => member()));
    const before = mailbox.mails.length;
    await Promise.all(
      members.map(async (m, i) => {
        const res = await fetch(`${i % 2 === 0 ? a : b}/api/reset-password.php`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'X-Request-Type': 'client',
            'Idempotency-Key': randomUUID(),
          },
          body: JSON.stringify({ email: m.email, altcha: await solvedChallenge(a) }),
        });
        expect(res.status).toBe(200);
      }),
    );
    const to = (m: { email: string }) =>
      mailbox.mails.slice(before).filter((mail) => mail.to.includes(m.email.toLowerCase()));
    await expect
      .poll(() => members.filter((m) => to(m).length > 0).length, { timeout: 20_000 })
      .toBe(members.length);
    // nothing more can come: a mail job deletes its intent after sending it (a job of an intent
    // already gone sends nothing), and no mail job is waiting or in hand any more
    const redis = new Redis(redisUrl);
    try {
      await expect
        .poll(
          async () =>
            (await prisma.mailIntent.count({
              where: { userId: { in: members.map((m) => m.userId) } },
            })) +
            (await redis.llen('bull:mail:wait')) +
            (await redis.llen('bull:mail:active')),
          { timeout: 20_000 },
        )
        .toBe(0);
    } finally {
      await redis.quit();
    }
    expect(members.map((m) => to(m).length)).toEqual(members.map(() => 1));
  });

  test('each hourly task runs once across the two workers, though both scheduled it', async () => {
    const redis = new Redis(redisUrl);
    try {
      const schedulers = await redis.zrange('bull:maintenance:repeat', 0, -1);
      expect(schedulers.length).toBeGreaterThanOrEqual(5);
      /** The names of the maintenance jobs in one state. */
      const jobsIn = async (state: string) => {
        const ids = await redis.zrange(`bull:maintenance:${state}`, 0, -1);
        return Promise.all(ids.map((id) => redis.hget(`bull:maintenance:${id}`, 'name')));
      };
      // each task's first run comes at once; wait until every one has run
      await expect
        .poll(async () => new Set(await jobsIn('completed')).size, { timeout: 30_000 })
        .toBe(schedulers.length);
      const completed = await jobsIn('completed');
      expect(completed.sort()).toEqual([...schedulers].sort());
      expect(await jobsIn('failed')).toEqual([]);
      // and each has one next run waiting, an hour on
      expect((await jobsIn('delayed')).sort()).toEqual([...schedulers].sort());
    } finally {
      await redis.quit();
    }
  });

  // last: it stops one of the app processes
  test('a rolling restart behind Caddy under steady load loses no request: each stopping process fails readiness at once, keeps answering (each answer closing its connection), then stops listening and the proxy tries the other', async () => {
    test.skip(!caddyInstalled(), 'Caddy is not installed here (Debian package caddy)');
    test.setTimeout(180_000);
    const proxy = await startCaddy(topology.apps);
    try {
      const anna = await member();
      const annaViaProxy = await on(proxy.base, anna);
      // steady load: four clients, each reading user.php and writing a preference (a POST, which
      // no proxy may send twice) one request after the other, until the restart is over
      let running = true;
      let answered = 0;
      const failures: string[] = [];
      const client = async () => {
        for (let i = 0; running; i++) {
          const call =
            i % 2 === 0
              ? annaViaProxy.api.get('/api/user.php')
              : annaViaProxy.api.post('/api/notifications.php?enable_email=1');
          try {
            const response = await call;
            if (response.status() === 200) answered += 1;
            else failures.push(`${i % 2 === 0 ? 'GET' : 'POST'} ${response.status()}`);
          } catch (error) {
            failures.push(String(error));
          }
        }
      };
      const load = Promise.all([client(), client(), client(), client()]);
      /** Requests to user.php that an app process answered (its own metrics). */
      const served = async (index: number) => {
        const metrics = topology.apps[index].metricsPort;
        const text = await fetch(`http://127.0.0.1:${metrics}/metrics`).then((r) => r.text());
        return [...text.matchAll(/^http_requests_total\{[^}]*user\.php[^}]*\} (\d+)/gm)]
          .map((m) => Number(m[1]))
          .reduce((sum, n) => sum + n, 0);
      };
      // both processes carry traffic before one stops
      await expect.poll(() => served(0), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => served(1), { timeout: 30_000 }).toBeGreaterThan(0);
      for (const index of [0, 1]) {
        const app = topology.apps[index];
        const exited = new Promise((resolve) => app.child.once('exit', resolve));
        app.child.kill('SIGTERM');
        // not ready at once, yet still alive and answering what reaches it directly
        await expect
          .poll(() => fetch(`${app.base}/api/health/ready`).then((r) => r.status))
          .toBe(503);
        expect((await fetch(`${app.base}/api/health/live`)).status).toBe(200);
        expect((await fetch(`${app.base}/api/settings.php`)).status).toBe(200);
        await exited;
        // the new process on the same port, back in the proxy's rotation before the next stops
        await topology.startApp(index);
        await expect.poll(() => served(index), { timeout: 30_000 }).toBeGreaterThan(0);
      }
      running = false;
      await load;
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(50);
    } finally {
      await proxy.stop();
    }
  });

  test('through Caddy with the deployment’s Caddyfile, sockets spread over both app processes, and the site answers every request while one stops', async () => {
    test.skip(!caddyInstalled(), 'Caddy is not installed here (Debian package caddy)');
    const proxy = await startCaddy(topology.apps);
    try {
      const anna = await member({ credits: 500, paidUser: true, gender: 'female' });
      const bram = await member({ gender: 'male', seekingGender: 'female' });
      const annaViaProxy = await on(proxy.base, anna);
      const bramViaProxy = await on(proxy.base, bram);
      // two sockets through the proxy: least_conn gives each app process one
      const first = await socket(proxy.base, bramViaProxy.cookie);
      const second = await socket(proxy.base, annaViaProxy.cookie);
      await expect
        .poll(async () => (await proxy.upstreams()).map((u) => u.num_requests))
        .toEqual([1, 1]);

      // process A stops (a restart, a crash): every request through the proxy still answers
      const stopping = topology.apps[0];
      // (its graceful exit is not waited for: it stops listening at once, and the file's end
      // stops it for good)
      stopping.child.kill('SIGTERM');
      const statuses: number[] = [];
      const until = Date.now() + 8_000;
      while (Date.now() < until) {
        statuses.push((await annaViaProxy.api.get('/api/user.php')).status());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(statuses.length).toBeGreaterThan(20);
      expect(new Set(statuses)).toEqual(new Set([200]));
      // the socket that was on A was closed; a new one through the proxy gets the next message
      await expect
        .poll(() => [first, second].filter((s) => s.disconnectReason() !== null).length)
        .toBe(1);
      const back = await socket(proxy.base, bramViaProxy.cookie);
      const received: number[] = [];
      back.socket.on('message:new', ({ message }) => received.push(message.id));
      const sent = await sendText(annaViaProxy.api, { member: bram.profileId }, 'Nog daar?');
      await expect.poll(() => received, { timeout: 5_000 }).toEqual([sent.id]);
    } finally {
      await proxy.stop();
    }
  });
});
