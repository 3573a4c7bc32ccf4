import { createHmac, randomBytes } from 'node:crypto';
import { STAFF_ROLES, TIME_BONUS_WINDOW_S } from '@app/contract';
import { CampaignSender } from '../src/campaigns';
import { MailOutbox } from '../src/mail';
import { RetentionMailsTask } from '../src/notification-mails';
import { QUEUES, WorkerRegistry } from '../src/queue';
import { seedTestMember } from './helpers/accounts';
import { createMailTestApp, type MailTestApp } from './helpers/mail-app';
import { activeMainPhoto } from './helpers/photos';
import { readable, waitForMail, type ReceivedMail } from './helpers/smtp';
import { eventually } from './helpers/sockets';
import { cookieOf, staffAccount, type StaffAccount } from './helpers/staff';

const DAY_MS = 86_400_000;
const SIGNING_KEY = 'key-campaigns-0123456789abcdef';

type Member = Awaited<ReturnType<typeof seedTestMember>>;

/**
 * Mails that bring members back and campaigns (issue 36, point 5): each retention mail once per
 * member and kind, under its switch, in the member's language, with a one-click unsubscribe of
 * that switch; campaigns written, tried and scheduled by admins only (audited), sent by the
 * worker to the audience that consented, throttled in batches and resumable without mailing
 * anyone twice, counting sent, bounced and unsubscribed. Real SMTP to a server in the test.
 */
/** A mail's subject with its RFC 2047 encoded words decoded (UTF-8, Q or B). */
function subjectOf(raw: string): string {
  const line = /^Subject: (.*)$/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
  return line
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** Waits for a mail to `to` whose decoded subject matches; returns it readable. */
async function waitForSubject(mails: ReceivedMail[], to: string, subject: RegExp): Promise<string> {
  const start = Date.now();
  for (;;) {
    const mail = mails.find((m) => m.to.includes(to) && subject.test(subjectOf(m.raw)));
    if (mail) return readable(mail.raw);
    if (Date.now() - start > 15_000) throw new Error(`no mail ${subject} to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mails that bring members back, and campaigns', () => {
  let t: MailTestApp;
  let admin: StaffAccount;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createMailTestApp({ MAILGUN_WEBHOOK_SIGNING_KEY: SIGNING_KEY });
    admin = await staffAccount(t, ['admin']);
    adminCookie = await cookieOf(admin, t);
  });
  afterAll(() => t.close());

  const mailsTo = (m: Member): ReceivedMail[] =>
    t.smtp.mails.filter((mail) => mail.to.includes(m.user.email as string));
  /** Waits until no mail of `m` waits in the outbox (every one sent or dropped). */
  const drained = (m: Member) =>
    eventually(
      async () => (await t.prisma.mailIntent.count({ where: { userId: m.user.id } })) === 0,
      15_000,
    );
  const prefer = (m: Member, preferences: Record<string, boolean>) =>
    t.prisma.notificationPreference.upsert({
      where: { userId: m.user.id },
      create: { userId: m.user.id, ...preferences },
      update: preferences,
    });
  const unsubscribeLink = (raw: string) => {
    // headers are not quoted-printable: only their folding is undone
    const match = /List-Unsubscribe: <([^>]+)>/.exec(raw.replace(/\r?\n[ \t]+/g, ''));
    if (!match) throw new Error('no List-Unsubscribe header');
    return new URL(match[1]);
  };
  /**
   * Schedules a campaign a day ahead (the worker's job waits) and then makes it due in the
   * database, so the test runs its batches itself.
   */
  const dueForTest = async (id: number) => {
    await staffCall('post', `/api/staff/campaigns/${id}/schedule`)
      .send({ at: new Date(Date.now() + DAY_MS).toISOString() })
      .expect(200);
    await t.prisma.campaign.update({ where: { id }, data: { scheduledAt: new Date() } });
  };
  const staffCall = (method: 'get' | 'post' | 'put', path: string, cookie = adminCookie) =>
    t.http()[method](path).set('X-Request-Type', 'client').set('Cookie', cookie);

  describe('retention mails', () => {
    it('mails a member without a photo a day after signup once, in their language, and its one-click unsubscribe turns only reminders off', async () => {
      const m = await seedTestMember(t, {
        language: 'de',
        signupDate: new Date(Date.now() - 2 * DAY_MS),
      });
      const task = t.worker.get(RetentionMailsTask);
      await task.run();
      const mail = await waitForSubject(t.smtp.mails, m.user.email as string, /Vervollständige/);
      expect(mail).toContain('Dein Profil ist noch nicht fertig.');
      expect(mail).toContain('http://site.test/profile');
      expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      await task.run();
      await drained(m);
      expect(mailsTo(m)).toHaveLength(1);

      const link = unsubscribeLink(mailsTo(m)[0].raw);
      expect(link.searchParams.get('list')).toBe('reminders');
      const done = await t
        .http()
        .post(`${link.pathname}${link.search}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(done.text).toContain('keine Erinnerungen mehr');
      const prefs = await t.prisma.notificationPreference.findUniqueOrThrow({
        where: { userId: m.user.id },
      });
      expect(prefs).toMatchObject({ reminders: false, promotions: true, news: true });
      const user = await t.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } });
      expect(user.notificationsDisabled).toEqual([]);
    });

    it('leaves out a member whose profile is done, and one who turned reminders off', async () => {
      const done = await seedTestMember(t, {
        signupDate: new Date(Date.now() - 2 * DAY_MS),
        profile: { about: 'Ik wandel graag en kook voor vrienden.' },
      });
      await activeMainPhoto(t, done.profile.id, 'retention-1');
      const off = await seedTestMember(t, { signupDate: new Date(Date.now() - 2 * DAY_MS) });
      await prefer(off, { reminders: false });
      await t.worker.get(RetentionMailsTask).run();
      await drained(done);
      await drained(off);
      expect(mailsTo(done)).toHaveLength(0);
      expect(mailsTo(off)).toHaveLength(0);
    });

    it('tells a member whose time bonus ends within the hour, not one who paid, turned promotions off or whose other account in the same browser paid', async () => {
      const ending = new Date(Date.now() - (TIME_BONUS_WINDOW_S - 30 * 60) * 1000);
      const m = await seedTestMember(t, { signupDate: ending });
      const paid = await seedTestMember(t, { signupDate: ending, paidUser: true });
      const off = await seedTestMember(t, { signupDate: ending });
      await prefer(off, { promotions: false });
      const early = await seedTestMember(t, {
        signupDate: new Date(Date.now() - 2 * 3_600_000),
      });
      // a second account in the browser of one that paid: the checkout would refuse it the bonus
      const second = await seedTestMember(t, { signupDate: ending });
      const firstAccount = await seedTestMember(t, { paidUser: true });
      // and one that shares only an address range with a paying account (an office): still told
      const office = await seedTestMember(t, { signupDate: ending });
      await t.prisma.accountSignal.createMany({
        data: [
          { userId: second.user.id, kind: 'device', value: `device-${second.user.id}` },
          { userId: firstAccount.user.id, kind: 'device', value: `device-${second.user.id}` },
          { userId: office.user.id, kind: 'address_range', value: '192.0.2.0/24' },
          { userId: firstAccount.user.id, kind: 'address_range', value: '192.0.2.0/24' },
        ],
      });
      await t.worker.get(RetentionMailsTask).run();
      await waitForMail(t.smtp.mails, office.user.email as string, /welkomstkorting/);
      const mail = await waitForMail(t.smtp.mails, m.user.email as string, /welkomstkorting/);
      expect(mail).toContain('http://site.test/credits');
      expect(unsubscribeLink(mailsTo(m)[0].raw).searchParams.get('list')).toBe('promotions');
      for (const other of [paid, off, early, second]) {
        await drained(other);
        expect(mailsTo(other).filter((x) => /welkomstkorting/.test(readable(x.raw)))).toEqual([]);
      }
    });

    it('sends the 14 and 30 day mails once each, and never to deleted, banned or unconfirmed members', async () => {
      const seen = (days: number) => new Date(Date.now() - days * DAY_MS);
      const away14 = await seedTestMember(t, { signupDate: seen(100), profile: { about: 'x' } });
      const away30 = await seedTestMember(t, { signupDate: seen(100), profile: { about: 'x' } });
      await t.prisma.user.update({ where: { id: away14.user.id }, data: { lastSeenAt: seen(15) } });
      await t.prisma.user.update({ where: { id: away30.user.id }, data: { lastSeenAt: seen(31) } });
      const never = await Promise.all(
        (['deleted', 'banned', 'not_confirmed'] as const).map(async (status) => {
          const m = await seedTestMember(t, { status, signupDate: seen(100) });
          await t.prisma.user.update({ where: { id: m.user.id }, data: { lastSeenAt: seen(15) } });
          return m;
        }),
      );
      const task = t.worker.get(RetentionMailsTask);
      await task.run();
      await waitForMail(t.smtp.mails, away14.user.email as string, /We missen je/);
      await waitForMail(t.smtp.mails, away30.user.email as string, /veel nieuws/);
      await task.run();
      for (const m of [away14, away30, ...never]) await drained(m);
      expect(mailsTo(away14)).toHaveLength(1);
      expect(mailsTo(away30)).toHaveLength(1);
      for (const m of never) expect(mailsTo(m)).toHaveLength(0);
      const sent = await t.prisma.notificationMailSent.findMany({
        where: { userId: { in: [away14.user.id, away30.user.id] } },
        select: { userId: true, kind: true },
      });
      expect(sent).toEqual(
        expect.arrayContaining([
          { userId: away14.user.id, kind: 'inactive_14' },
          { userId: away30.user.id, kind: 'inactive_30' },
        ]),
      );
    });

    it('sends the 14 day mail again after the member came back and stayed away again, once however many runs race', async () => {
      const seen = (days: number) => new Date(Date.now() - days * DAY_MS);
      const away = await seedTestMember(t, { signupDate: seen(100), profile: { about: 'x' } });
      await t.prisma.user.update({ where: { id: away.user.id }, data: { lastSeenAt: seen(15) } });
      const task = t.worker.get(RetentionMailsTask);
      await task.run();
      await waitForMail(t.smtp.mails, away.user.email as string, /We missen je/);
      await drained(away);
      // still away: nothing more
      await task.run();
      await drained(away);
      expect(mailsTo(away)).toHaveLength(1);
      // that mail went 20 days ago; the member came back 5 days later and has been away 15 days
      await t.prisma.notificationMailSent.update({
        where: { userId_kind: { userId: away.user.id, kind: 'inactive_14' } },
        data: { sentAt: seen(20) },
      });
      await t.prisma.user.update({ where: { id: away.user.id }, data: { lastSeenAt: seen(15) } });
      await Promise.all([task.run(), task.run(), task.run()]);
      await eventually(async () => mailsTo(away).length >= 2, 15_000);
      await drained(away);
      await task.run();
      await drained(away);
      expect(mailsTo(away)).toHaveLength(2);
    });
  });

  describe('campaigns', () => {
    const draft = (country: string, overrides: Record<string, unknown> = {}) => ({
      name: `Voorjaar ${country}`,
      consent: 'promotions',
      content: {
        nl: {
          subject: `Lenteactie ${country}`,
          body: 'Alleen deze week: 20% extra credits.\n\nKijk op https://vonkje.example/credits <b>nu</b>',
        },
        de: { subject: `Frühlingsaktion ${country}`, body: 'Nur diese Woche: 20 % mehr Credits.' },
      },
      audience: { countries: [country] },
      ...overrides,
    });

    it('lets only admins near campaigns: every other staff role, members and visitors get 403', async () => {
      const routes: ['get' | 'post' | 'put', string][] = [
        ['get', '/api/staff/campaigns'],
        ['post', '/api/staff/campaigns'],
        ['post', '/api/staff/campaigns/preview'],
        ['post', '/api/staff/campaigns/audience-size'],
        ['get', '/api/staff/campaigns/1'],
        ['put', '/api/staff/campaigns/1'],
        ['post', '/api/staff/campaigns/1/test'],
        ['post', '/api/staff/campaigns/1/schedule'],
        ['post', '/api/staff/campaigns/1/cancel'],
      ];
      const member = await seedTestMember(t);
      const memberLogin = await t
        .http()
        .post('/api/user.php')
        .set('X-Request-Type', 'client')
        .send({ email: member.user.email, password: member.password });
      const memberCookie = (memberLogin.headers['set-cookie'] as unknown as string[])
        .map((c) => c.split(';')[0])
        .join('; ');
      const callers: Record<string, string | null> = { visitor: null, member: memberCookie };
      for (const role of STAFF_ROLES.filter((r) => r !== 'admin')) {
        callers[role] = await cookieOf(await staffAccount(t, [role]), t);
      }
      for (const [method, path] of routes) {
        for (const [who, cookie] of Object.entries(callers)) {
          const req = t.http()[method](path).set('X-Request-Type', 'client');
          const res = await (cookie ? req.set('Cookie', cookie) : req).send(draft('NL'));
          expect([who, method, path, res.status, res.body.error]).toEqual([
            who,
            method,
            path,
            403,
            'forbidden',
          ]);
        }
      }
      expect(await t.prisma.campaign.count({ where: { name: 'Voorjaar NL' } })).toBe(0);
    });

    it('refuses a campaign without a Dutch text with a clear 400', async () => {
      const res = await staffCall('post', '/api/staff/campaigns')
        .send(draft('NL', { content: { de: { subject: 'x', body: 'y' } } }))
        .expect(400);
      expect(res.body.error).toBe('validation_failed');
    });

    it('previews the body as plain text: HTML escaped, web addresses linked', async () => {
      const res = await staffCall('post', '/api/staff/campaigns/preview')
        .send({
          language: 'nl',
          subject: 'Hallo <i>jij</i>',
          body: 'Eerste <script>alert(1)</script> alinea.\n\nMeer op https://vonkje.example/a?b=1',
        })
        .expect(200);
      expect(res.body.subject).toBe('Hallo <i>jij</i>');
      expect(res.body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(res.body.html).not.toContain('<script>');
      expect(res.body.html).toContain('<a href="https://vonkje.example/a?b=1"');
      expect(res.body.text).toContain('Meer op https://vonkje.example/a?b=1');
    });

    it('is written, tried on the admin, scheduled and sent to the consenting audience in each member’s language; never to a member without consent; audited', async () => {
      const nl = await seedTestMember(t, { country: 'AU', language: 'nl' });
      const de = await seedTestMember(t, { country: 'AU', language: 'de' });
      const noConsent = await seedTestMember(t, { country: 'AU' });
      await prefer(noConsent, { promotions: false });
      const newsOnly = await seedTestMember(t, { country: 'AU' });
      await prefer(newsOnly, { promotions: false, news: true });
      const unconfirmed = await seedTestMember(t, { country: 'AU', status: 'not_confirmed' });
      const elsewhere = await seedTestMember(t, { country: 'NZ' });

      const size = await staffCall('post', '/api/staff/campaigns/audience-size')
        .send({ consent: 'promotions', audience: { countries: ['AU'] } })
        .expect(200);
      expect(size.body.members).toBe(2);

      const created = await staffCall('post', '/api/staff/campaigns').send(draft('AU')).expect(201);
      const id = created.body.campaign.id as number;
      expect(created.body.campaign.status).toBe('draft');

      await staffCall('post', `/api/staff/campaigns/${id}/test`)
        .send({ language: 'de' })
        .expect(200);
      const test = await waitForSubject(t.smtp.mails, admin.email, /Frühlingsaktion AU/);
      expect(test).toContain('Nur diese Woche');

      const at = new Date().toISOString();
      await staffCall('post', `/api/staff/campaigns/${id}/schedule`).send({ at }).expect(200);
      await staffCall('put', `/api/staff/campaigns/${id}`).send(draft('AU')).expect(409);

      // the worker's campaign queue sends it (the job the schedule queued)
      await t.worker.get(WorkerRegistry).start(QUEUES.campaign);
      const nlMail = await waitForMail(t.smtp.mails, nl.user.email as string, /Lenteactie AU/);
      expect(nlMail).toContain('Alleen deze week');
      expect(nlMail).toContain('&lt;b&gt;nu&lt;/b&gt;');
      expect(nlMail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(nlMail).toContain(`campaign=${id}`);
      expect(nlMail).toContain(`"campaign_id":${id}`);
      await waitForSubject(t.smtp.mails, de.user.email as string, /Frühlingsaktion AU/);
      for (const m of [nl, de, noConsent, newsOnly, unconfirmed, elsewhere]) await drained(m);
      for (const m of [noConsent, newsOnly, unconfirmed, elsewhere]) {
        expect(mailsTo(m)).toHaveLength(0);
      }
      await eventually(async () => {
        const res = await staffCall('get', `/api/staff/campaigns/${id}`).expect(200);
        return res.body.campaign.status === 'sent' && res.body.campaign.counts.sent === 2;
      }, 15_000);

      const audit = await t.prisma.staffAuditEntry.findMany({
        where: { subjectType: 'campaign', subjectId: String(id) },
        orderBy: { id: 'asc' },
        select: { action: true, actorId: true },
      });
      expect(audit).toEqual([
        { action: 'campaign.create', actorId: admin.id },
        { action: 'campaign.test_send', actorId: admin.id },
        { action: 'campaign.schedule', actorId: admin.id },
      ]);
    });

    it('does not send to a member who turned the consent off after being chosen', async () => {
      const m = await seedTestMember(t, { country: 'CA' });
      const created = await staffCall('post', '/api/staff/campaigns')
        .send(draft('CA', { consent: 'news' }))
        .expect(201);
      const id = created.body.campaign.id as number;
      await dueForTest(id);
      const sender = t.worker.get(CampaignSender);
      // chosen, then the member switches news off before the mail goes
      const outbox = t.worker.get(MailOutbox);
      const dispatch = outbox.dispatch.bind(outbox);
      outbox.dispatch = async () => {};
      try {
        await sender.batch(id);
      } finally {
        outbox.dispatch = dispatch;
      }
      await prefer(m, { news: false });
      await outbox.relay(new Date(Date.now() + 5_000));
      await drained(m);
      expect(mailsTo(m)).toHaveLength(0);
      const recipient = await t.prisma.campaignRecipient.findUniqueOrThrow({
        where: { campaignId_userId: { campaignId: id, userId: m.user.id } },
      });
      expect(recipient.status).toBe('skipped');
    });

    it('sends in batches and resumes after a crash without mailing anyone twice', async () => {
      const members = await Promise.all(
        Array.from({ length: 5 }, () => seedTestMember(t, { country: 'IE' })),
      );
      const created = await staffCall('post', '/api/staff/campaigns').send(draft('IE')).expect(201);
      const id = created.body.campaign.id as number;
      await staffCall('post', `/api/staff/campaigns/${id}/schedule`)
        .send({ at: new Date(Date.now() + DAY_MS).toISOString() })
        .expect(200);
      const sender = t.worker.get(CampaignSender);
      sender.batchSize = 2;
      try {
        // not due before its time
        expect(await sender.batch(id)).toEqual({ state: 'not_due' });
        await t.prisma.campaign.update({ where: { id }, data: { scheduledAt: new Date() } });

        expect(await sender.batch(id)).toMatchObject({ state: 'sending', added: 2 });
        // a crash after the batch's transaction, before its mails reached the queue
        const outbox = t.worker.get(MailOutbox);
        const dispatch = outbox.dispatch.bind(outbox);
        outbox.dispatch = () => Promise.reject(new Error('worker killed'));
        await expect(sender.batch(id)).rejects.toThrow('worker killed');
        outbox.dispatch = dispatch;
        // the cursor stayed where the committed batch left it; even one lost and read again from
        // the start writes nobody twice (unique campaign and member)
        await t.prisma.campaign.update({ where: { id }, data: { cursor: 0 } });
        let outcome = await sender.batch(id);
        while (outcome.state === 'sending') outcome = await sender.batch(id);
        expect(outcome.state).toBe('sent');
        await outbox.relay(new Date(Date.now() + 5_000));
      } finally {
        sender.batchSize = 500;
      }
      for (const m of members) {
        await waitForMail(t.smtp.mails, m.user.email as string, /Lenteactie IE/);
        await drained(m);
        expect(mailsTo(m)).toHaveLength(1);
      }
      const campaign = await t.prisma.campaign.findUniqueOrThrow({ where: { id } });
      expect(campaign.selected).toBe(5);
      expect(await t.prisma.campaignRecipient.count({ where: { campaignId: id } })).toBe(5);
    });

    it('counts a bounce from Mailgun and an unsubscribe from the campaign’s link', async () => {
      const bouncing = await seedTestMember(t, { country: 'GB' });
      const leaving = await seedTestMember(t, { country: 'GB' });
      const created = await staffCall('post', '/api/staff/campaigns').send(draft('GB')).expect(201);
      const id = created.body.campaign.id as number;
      await dueForTest(id);
      const sender = t.worker.get(CampaignSender);
      while ((await sender.batch(id)).state === 'sending');
      await waitForMail(t.smtp.mails, bouncing.user.email as string, /Lenteactie GB/);
      const mail = await waitForMail(t.smtp.mails, leaving.user.email as string, /Lenteactie GB/);

      const link = unsubscribeLink(mailsTo(leaving)[0].raw);
      expect(link.searchParams.get('campaign')).toBe(String(id));
      await t
        .http()
        .post(`${link.pathname}${link.search}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(mail).toContain('aanbiedingen');

      const timestamp = String(Math.floor(Date.now() / 1000));
      const token = randomBytes(25).toString('hex');
      await t
        .http()
        .post('/api/mail-events.php')
        .send({
          signature: {
            timestamp,
            token,
            signature: createHmac('sha256', SIGNING_KEY)
              .update(timestamp + token)
              .digest('hex'),
          },
          'event-data': {
            event: 'failed',
            severity: 'permanent',
            recipient: bouncing.user.email,
            'user-variables': { campaign_id: id },
          },
        })
        .expect(200);

      const res = await staffCall('get', `/api/staff/campaigns/${id}`).expect(200);
      expect(res.body.campaign.counts).toMatchObject({
        selected: 2,
        sent: 1,
        bounced: 1,
        unsubscribed: 1,
      });
      const prefs = await t.prisma.notificationPreference.findUniqueOrThrow({
        where: { userId: leaving.user.id },
      });
      expect(prefs.promotions).toBe(false);
    });

    it('stops a cancelled campaign: its mails not yet sent are dropped, and it cannot be cancelled twice', async () => {
      const m = await seedTestMember(t, { country: 'ES' });
      const later = await seedTestMember(t, { country: 'ES' });
      const created = await staffCall('post', '/api/staff/campaigns').send(draft('ES')).expect(201);
      const id = created.body.campaign.id as number;
      await dueForTest(id);
      const sender = t.worker.get(CampaignSender);
      const outbox = t.worker.get(MailOutbox);
      const dispatch = outbox.dispatch.bind(outbox);
      outbox.dispatch = async () => {};
      sender.batchSize = 1;
      try {
        expect(await sender.batch(id)).toMatchObject({ state: 'sending', added: 1 });
      } finally {
        outbox.dispatch = dispatch;
        sender.batchSize = 500;
      }
      await staffCall('post', `/api/staff/campaigns/${id}/cancel`).expect(200);
      await staffCall('post', `/api/staff/campaigns/${id}/cancel`).expect(409);
      expect(await sender.batch(id)).toEqual({ state: 'not_due' });
      await outbox.relay(new Date(Date.now() + 5_000));
      for (const x of [m, later]) {
        await drained(x);
        expect(mailsTo(x)).toHaveLength(0);
      }
      const audit = await t.prisma.staffAuditEntry.findFirst({
        where: { subjectType: 'campaign', subjectId: String(id), action: 'campaign.cancel' },
      });
      expect(audit?.before).toEqual({ status: 'sending' });
    });

    it('shows a campaign whose last batch is written as still sending while its mails wait in the outbox, lets it be stopped then, and shows it sent once they are out', async () => {
      const waiting = await seedTestMember(t, { country: 'IT' });
      const created = await staffCall('post', '/api/staff/campaigns').send(draft('IT')).expect(201);
      const id = created.body.campaign.id as number;
      await dueForTest(id);
      const sender = t.worker.get(CampaignSender);
      const outbox = t.worker.get(MailOutbox);
      const dispatch = outbox.dispatch.bind(outbox);
      outbox.dispatch = async () => {};
      try {
        let outcome = await sender.batch(id);
        while (outcome.state === 'sending') outcome = await sender.batch(id);
        expect(outcome.state).toBe('sent');
      } finally {
        outbox.dispatch = dispatch;
      }
      expect(await t.prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: 'sent',
      });
      const shown = await staffCall('get', `/api/staff/campaigns/${id}`).expect(200);
      expect(shown.body.campaign).toMatchObject({ status: 'sending', counts: { queued: 1 } });
      const list = await staffCall('get', '/api/staff/campaigns').expect(200);
      expect(
        (list.body.campaigns as { id: number; status: string }[]).find((c) => c.id === id)?.status,
      ).toBe('sending');

      await staffCall('post', `/api/staff/campaigns/${id}/cancel`).expect(200);
      await outbox.relay(new Date(Date.now() + 5_000));
      await drained(waiting);
      expect(mailsTo(waiting)).toHaveLength(0);
      const audit = await t.prisma.staffAuditEntry.findFirst({
        where: { subjectType: 'campaign', subjectId: String(id), action: 'campaign.cancel' },
      });
      expect(audit?.before).toEqual({ status: 'sending' });

      // a campaign whose mails are all out is sent, and can no longer be stopped
      const out = await seedTestMember(t, { country: 'US' });
      const second = await staffCall('post', '/api/staff/campaigns').send(draft('US')).expect(201);
      const secondId = second.body.campaign.id as number;
      await dueForTest(secondId);
      while ((await sender.batch(secondId)).state === 'sending');
      await waitForMail(t.smtp.mails, out.user.email as string, /Lenteactie US/);
      await eventually(async () => {
        const res = await staffCall('get', `/api/staff/campaigns/${secondId}`).expect(200);
        return res.body.campaign.status === 'sent' && res.body.campaign.counts.queued === 0;
      }, 15_000);
      await staffCall('post', `/api/staff/campaigns/${secondId}/cancel`).expect(409);
    });
  });
});
