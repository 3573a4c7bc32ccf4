import { Queue } from 'bullmq';
import { DeletionService } from '../src/deletion/deletion.service';
import { QUEUES, bullConnection } from '../src/jobs/queues';
import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { linkIn } from './helpers/smtp';
const DAY_MS = 86_400_000;

describe('account deletion, reactivation and the 14-day purge', () => {
  let t: MailTestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createMailTestApp();
  });
  afterAll(() => t.close());

  const post: MailTestApp['post'] = (...args) => t.post(...args);

  async function member() {
    n += 1;
    const email = `del${n}.${Date.now()}@example.test`;
    const res = await post('/api/signup.php', {
      email,
      name: `Del${n}`,
      password: 'geheim123',
      date_of_birth: '1980-01-01',
      gender: 'female',
      accept_terms: true,
      accept_fictional: true,
    }).expect(201);
    const cookie = sessionCookie(res);
    return { email, cookie, id: res.body.user.id as number };
  }

  async function reactivationMail(to: string): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const mail = t.smtp.mails.find((m) => m.to.includes(to) && m.raw.includes('reactivate.php'));
      if (mail) return mail.raw;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no reactivation mail');
  }

  it('needs confirmation and a known reason', async () => {
    const m = await member();
    await post('/api/account-delete.php', { reason: 'price' }, m.cookie).expect(400);
    await post('/api/account-delete.php', { confirm: true, reason: 'bored' }, m.cookie).expect(400);
    expect((await t.prisma.user.findUnique({ where: { id: m.id } }))?.status).toBe('not_confirmed');
  });

  it('deletes at once, logs out, queues the purge in 14 days, and a mailed link reactivates', async () => {
    const m = await member();
    const res = await post(
      '/api/account-delete.php',
      { confirm: true, reason: 'other', remarks: 'Even pauze' },
      m.cookie,
    ).expect(200);
    const purgeAt = new Date(res.body.purge_at).getTime();
    expect(Math.round((purgeAt - Date.now()) / DAY_MS)).toBe(14);
    await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200, { user: null });
    await post('/api/user.php', { email: m.email, password: 'geheim123' }).expect(401);

    const queue = new Queue(QUEUES.purge, { connection: bullConnection(t.config.REDIS_URL) });
    try {
      const delayed = await queue.getDelayed();
      const job = delayed.find((j) => j.data.userId === m.id);
      expect(job).toBeDefined();
      expect(Math.round((job!.opts.delay ?? 0) / DAY_MS)).toBe(14);
    } finally {
      await queue.close();
    }

    const signupAgain = await post('/api/signup.php', {
      email: m.email,
      name: 'Opnieuw',
      password: 'geheim123',
      date_of_birth: '1980-01-01',
      gender: 'female',
      accept_terms: true,
      accept_fictional: true,
    }).expect(409);
    expect(signupAgain.body.error).toBe('account_reactivatable');

    const link = linkIn(await reactivationMail(m.email)).replace('http://site.test', '');
    const back = await t.http().get(link).expect(302);
    expect(back.headers.location).toBe('/login?reactivated=1');
    await post('/api/user.php', { email: m.email, password: 'geheim123' }).expect(200);
    const request = await t.prisma.deletionRequest.findFirst({ where: { userId: m.id } });
    expect(request?.cancelledAt).not.toBeNull();
    // the purge job, run later, leaves a reactivated member alone
    const outcome = await t.app
      .get(DeletionService)
      .purge({ userId: m.id, requestId: request!.id }, new Date(Date.now() + 15 * DAY_MS));
    expect(outcome).toBe('cancelled');
    expect((await t.prisma.user.findUnique({ where: { id: m.id } }))?.email).toBe(m.email);
  });

  it('purges the member for good once 14 days have passed, keeping only bookkeeping', async () => {
    const m = await member();
    const other = await member();
    await t.prisma.like.create({ data: { likerId: m.id, likedId: other.id } });
    const convo = await t.prisma.conversation.create({
      data: {
        userLowId: Math.min(m.id, other.id),
        userHighId: Math.max(m.id, other.id),
        initiatorId: m.id,
      },
    });
    await t.prisma.message.create({
      data: { conversationId: convo.id, senderId: m.id, type: 'text', body: 'Hallo daar' },
    });
    await t.prisma.creditLedgerEntry.create({
      data: { userId: m.id, delta: 100, balanceAfter: 100, reason: 'purchase' },
    });
    await post(
      '/api/account-delete.php',
      { confirm: true, reason: 'found_someone' },
      m.cookie,
    ).expect(200);
    const request = await t.prisma.deletionRequest.findFirstOrThrow({ where: { userId: m.id } });
    const deletion = t.app.get(DeletionService);

    // run early (say the job was promoted by hand): nothing is erased before the 14 days
    expect(await deletion.purge({ userId: m.id, requestId: request.id })).toBe('not_due');
    expect(await t.prisma.profile.count({ where: { userId: m.id } })).toBe(1);

    // time moved forward past the 14 days: the delayed job runs in the worker
    await t.prisma.deletionRequest.update({
      where: { id: request.id },
      data: { purgeAt: new Date(Date.now() - 1000) },
    });
    const queue = new Queue(QUEUES.purge, { connection: bullConnection(t.config.REDIS_URL) });
    try {
      const job = (await queue.getDelayed()).find((j) => j.data.requestId === request.id);
      await job!.promote();
      for (let i = 0; i < 100; i++) {
        if ((await t.prisma.user.findUnique({ where: { id: m.id } }))?.status === 'purged') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await queue.close();
    }

    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: m.id } });
    expect(user).toMatchObject({
      status: 'purged',
      email: null,
      passwordHash: null,
      signupIp: null,
    });
    expect(await t.prisma.profile.count({ where: { userId: m.id } })).toBe(0);
    expect(await t.prisma.like.count({ where: { likerId: m.id } })).toBe(0);
    expect(await t.prisma.session.count({ where: { userId: m.id } })).toBe(0);
    expect(await t.prisma.emailToken.count({ where: { userId: m.id } })).toBe(0);
    const message = await t.prisma.message.findFirstOrThrow({ where: { senderId: m.id } });
    expect(message.body).toBeNull();
    expect(message.contentPurgedAt).not.toBeNull();
    // bookkeeping stays
    expect(await t.prisma.creditLedgerEntry.count({ where: { userId: m.id } })).toBe(1);
    const purged = await t.prisma.deletionRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(purged.purgedAt).not.toBeNull();
    expect(purged.reason).toBe('found_someone');
    // the e-mail address is free again
    await post('/api/signup.php', {
      email: m.email,
      name: 'Nieuw',
      password: 'geheim123',
      date_of_birth: '1980-01-01',
      gender: 'female',
      accept_terms: true,
      accept_fictional: true,
    }).expect(201);
  });
});
