import { seedConversation } from '../../prisma/seed/conversation';
import { Queue } from 'bullmq';
import { mkdirSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeletionService } from '../src/deletion/deletion.service';
import { PurgeRegistry } from '../src/purge';
import { Logger } from '@nestjs/common';
import { QUEUES, workerConnection } from '../src/queue';
import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { linkIn } from './helpers/smtp';
import { fillChallenges, takeChallenge } from './helpers/challenge';
const DAY_MS = 86_400_000;

describe('account deletion, reactivation and the 14-day purge', () => {
  let t: MailTestApp;
  let n = 0;

  const storage = mkdtempSync(path.join(tmpdir(), 'storage-'));
  beforeAll(async () => {
    t = await createMailTestApp({ STORAGE_DIR: storage });
    await fillChallenges(t, 60);
  });
  afterAll(() => t.close());

  const post: MailTestApp['post'] = (...args) => t.post(...args);

  async function member() {
    n += 1;
    const email = `del${n}.${Date.now()}@example.test`;
    const res = await post('/api/signup.php', {
      altcha: takeChallenge(),
      email,
      name: `Del${n}`,
      password: 'geheim-12345',
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

  const PASSWORD = 'geheim-12345';

  it('needs confirmation, a known reason and the password', async () => {
    const m = await member();
    await post('/api/account-delete.php', { reason: 'price', password: PASSWORD }, m.cookie).expect(
      400,
    );
    await post(
      '/api/account-delete.php',
      { confirm: true, reason: 'bored', password: PASSWORD },
      m.cookie,
    ).expect(400);
    await post('/api/account-delete.php', { confirm: true, reason: 'price' }, m.cookie).expect(400);
    const wrong = await post(
      '/api/account-delete.php',
      { confirm: true, reason: 'price', password: 'gok-wachtwoord-1' },
      m.cookie,
    ).expect(400);
    expect(wrong.body).toMatchObject({ error: 'wrong_password', field: 'password' });
    expect((await t.prisma.user.findUnique({ where: { id: m.id } }))?.status).toBe('not_confirmed');
    await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200);
  });

  it('deletes at once, logs out, queues the purge in 14 days, and a mailed link reactivates', async () => {
    const m = await member();
    // the deletion page: asked for, the deletion offer is open until it is confirmed
    await post('/api/account-delete-start.php', {}, m.cookie).expect(200);
    await post('/api/delete-discount.php', {}, m.cookie).expect(200);
    const res = await post(
      '/api/account-delete.php',
      { confirm: true, reason: 'other', remarks: 'Even pauze', password: PASSWORD },
      m.cookie,
    ).expect(200);
    const purgeAt = new Date(res.body.purge_at).getTime();
    expect(Math.round((purgeAt - Date.now()) / DAY_MS)).toBe(14);
    await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200, { user: null });
    await post('/api/user.php', { email: m.email, password: 'geheim-12345' }).expect(401);

    const queue = new Queue(QUEUES.purge, { connection: workerConnection(t.config) });
    try {
      const delayed = await queue.getDelayed();
      const job = delayed.find((j) => j.data.userId === m.id);
      expect(job).toBeDefined();
      expect(Math.round((job!.opts.delay ?? 0) / DAY_MS)).toBe(14);
    } finally {
      await queue.close();
    }

    const signupAgain = await post('/api/signup.php', {
      altcha: takeChallenge(),
      email: m.email,
      name: 'Opnieuw',
      password: 'geheim-12345',
      date_of_birth: '1980-01-01',
      gender: 'female',
      accept_terms: true,
      accept_fictional: true,
    }).expect(409);
    expect(signupAgain.body.error).toBe('account_reactivatable');

    const link = linkIn(await reactivationMail(m.email)).replace('http://site.test', '');
    const back = await t.http().get(link).expect(302);
    expect(back.headers.location).toBe('/login?reactivated=1');
    const login = await post('/api/user.php', {
      email: m.email,
      password: 'geheim-12345',
    }).expect(200);
    // back as a member, the deletion and its offer are over
    const offer = await post('/api/delete-discount.php', {}, sessionCookie(login)).expect(409);
    expect(offer.body.error).toBe('deletion_not_started');
    // the link works once, even when followed twice at the same moment
    expect((await t.http().get(link).expect(302)).headers.location).toBe('/activate/error');
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
    await seedConversation(t.seedClient, m.id, other.id, {
      messages: [{ type: 'text', body: 'Hallo daar' }],
    });
    await t.prisma.creditLedgerEntry.create({
      data: { userId: m.id, delta: 100, balanceAfter: 100, reason: 'purchase' },
    });
    await post(
      '/api/account-delete.php',
      { confirm: true, reason: 'found_someone', password: PASSWORD },
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
    const queue = new Queue(QUEUES.purge, { connection: workerConnection(t.config) });
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
      altcha: takeChallenge(),
      email: m.email,
      name: 'Nieuw',
      password: 'geheim-12345',
      date_of_birth: '1980-01-01',
      gender: 'female',
      accept_terms: true,
      accept_fictional: true,
    }).expect(201);
  });

  /** A deleted member whose 14 days are over (its delayed job removed, as if Redis lost it). */
  async function dueDeletion() {
    const m = await member();
    await post(
      '/api/account-delete.php',
      { confirm: true, reason: 'time', password: PASSWORD },
      m.cookie,
    ).expect(200);
    const request = await t.prisma.deletionRequest.findFirstOrThrow({ where: { userId: m.id } });
    await t.prisma.deletionRequest.update({
      where: { id: request.id },
      data: { purgeAt: new Date(Date.now() - 1000) },
    });
    const queue = new Queue(QUEUES.purge, { connection: workerConnection(t.config) });
    try {
      await queue.remove(`purge-${request.id}`);
    } finally {
      await queue.close();
    }
    return { ...m, requestId: request.id };
  }

  it('purges every due deletion in the hourly sweep, even when its delayed job was lost', async () => {
    const m = await dueDeletion();
    const result = await t.app.get(DeletionService).purgeDue();
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: m.id } })).status).toBe('purged');
    // a second sweep finds nothing left to do for this member
    await t.app.get(DeletionService).purgeDue();
    expect(
      (await t.prisma.deletionRequest.findUniqueOrThrow({ where: { id: m.requestId } })).purgedAt,
    ).not.toBeNull();
  });

  it('erases the complaints a member wrote, their photo and chat image files, unsent mails and trusted browsers', async () => {
    const m = await dueDeletion();
    const other = await member();
    const complaint = await t.prisma.complaint.create({
      data: {
        reporterId: m.id,
        name: 'Echte Naam',
        email: m.email,
        subject: 'Over mijn ex',
        message: 'Persoonlijk verhaal',
      },
    });
    const about = await t.prisma.complaint.create({
      data: { reporterId: other.id, reportedUserId: m.id, subject: 'Spam', message: 'Stuurt spam' },
    });
    const profile = await t.prisma.profile.findUniqueOrThrow({ where: { userId: m.id } });
    mkdirSync(path.join(storage, 'photos'), { recursive: true });
    mkdirSync(path.join(storage, 'chat'), { recursive: true });
    // a photo is four files: <base>-full|card|thumb|locked.webp; a chat photo two (full, thumb)
    const files = [
      ...['full', 'card', 'thumb', 'locked'].map((size) =>
        path.join(storage, 'photos', `p${m.id}-${size}.webp`),
      ),
      ...['full', 'thumb'].map((size) => path.join(storage, 'chat', `c${m.id}-${size}.webp`)),
    ];
    files.forEach((file) => writeFileSync(file, 'jpeg'));
    await t.prisma.photo.create({
      data: {
        profileId: profile.id,
        filename: `p${m.id}-full.webp`,
        thumbFilename: `p${m.id}-thumb.webp`,
        width: 10,
        height: 10,
      },
    });
    await seedConversation(t.seedClient, m.id, other.id, {
      messages: [{ type: 'photo', imageFilename: `c${m.id}-full.webp` }],
    });
    await t.prisma.mailIntent.create({ data: { userId: m.id, template: 'password_changed' } });
    await t.prisma.trustedDevice.create({
      data: {
        userId: m.id,
        tokenHash: 'd'.repeat(63) + String(m.id % 10),
        expiresAt: new Date(Date.now() + DAY_MS),
      },
    });

    expect(await t.app.get(DeletionService).purge({ userId: m.id, requestId: m.requestId })).toBe(
      'purged',
    );
    expect(files.filter((file) => existsSync(file))).toEqual([]);
    expect(
      await t.prisma.complaint.findUniqueOrThrow({ where: { id: complaint.id } }),
    ).toMatchObject({
      name: null,
      email: null,
      subject: '',
      message: '',
    });
    // a complaint about the member, written by someone else, stays as the moderation record
    expect((await t.prisma.complaint.findUniqueOrThrow({ where: { id: about.id } })).message).toBe(
      'Stuurt spam',
    );
    expect(await t.prisma.mailIntent.count({ where: { userId: m.id } })).toBe(0);
    expect(await t.prisma.trustedDevice.count({ where: { userId: m.id } })).toBe(0);
    expect(await t.prisma.photo.count({ where: { profileId: profile.id } })).toBe(0);
  });

  it('logs a failed purge loudly and purges at the next sweep', async () => {
    const m = await dueDeletion();
    const errors: string[] = [];
    const spy = jest
      .spyOn(Logger.prototype, 'error')
      .mockImplementation((message: unknown) => void errors.push(String(message)));
    await t.prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_purge() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`);
    await t.prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_purge BEFORE DELETE ON profiles FOR EACH ROW WHEN (OLD.user_id = ${m.id}) EXECUTE FUNCTION refuse_purge()`,
    );
    try {
      const failed = await t.app.get(DeletionService).purgeDue();
      expect(failed.failed).toBe(1);
      expect(
        errors.some((e) => e.includes('PURGE FAILED') && e.includes(String(m.requestId))),
      ).toBe(true);
      const user = await t.prisma.user.findUniqueOrThrow({ where: { id: m.id } });
      expect(user.status).toBe('deleted');
      expect(user.email).toBe(m.email);
    } finally {
      spy.mockRestore();
      await t.prisma.$executeRawUnsafe('DROP TRIGGER refuse_purge ON profiles');
    }
    await t.app.get(DeletionService).purgeDue();
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: m.id } })).status).toBe('purged');
  });

  it('has a purge step for every column that points at a member, each column once', async () => {
    const registry = t.app.get(PurgeRegistry);
    const columns = await registry.memberColumns();
    expect(columns.length).toBeGreaterThan(20);
    expect(Object.keys(registry.coverage()).sort()).toEqual(columns);
  });

  it('refuses to purge while a column that points at a member has no purge step', async () => {
    const m = await dueDeletion();
    await t.prisma.$executeRawUnsafe(
      'CREATE TABLE notes_about_members (id serial PRIMARY KEY, user_id int REFERENCES users(id))',
    );
    const registry = t.app.get(PurgeRegistry);
    (registry as unknown as { checked: boolean }).checked = false;
    try {
      await expect(
        t.app.get(DeletionService).purge({ userId: m.id, requestId: m.requestId }),
      ).rejects.toThrow(/notes_about_members\.user_id/);
      expect((await t.prisma.user.findUniqueOrThrow({ where: { id: m.id } })).email).toBe(m.email);
    } finally {
      await t.prisma.$executeRawUnsafe('DROP TABLE notes_about_members');
      (registry as unknown as { checked: boolean }).checked = false;
    }
  });
});
