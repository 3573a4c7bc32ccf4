import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import type { Response } from 'supertest';
import { WorkerModule } from '../src/worker.module';
import { DataExportService } from '../src/data-export';
import { DeletionService } from '../src/deletion';
import { ExportRegistry, type ExportCoverage } from '../src/export-steps';
import { PurgeRegistry } from '../src/purge';
import { createMailTestApp, type MailTestApp } from './helpers/mail-app';
import { chatMember, sendPhoto, sendText, type ChatMember } from './helpers/chat';
import { jpeg } from './helpers/images';
import { waitForMail, linkIn } from './helpers/smtp';
import { QUEUES, WorkerRegistry } from '../src/queue';

const DAY_MS = 86_400_000;

/** The entries of a ZIP, each file's bytes by its path. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error, zip: ZipFile) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const binary = (res: Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('"Download my data": the export ZIP and its single-use mailed link', () => {
  let t: MailTestApp;
  let worker: INestApplicationContext;
  /** What the export does with each column: derived from the worker's export steps. */
  let EXPORT_COVERS: Record<string, ExportCoverage>;
  const storage = mkdtempSync(path.join(tmpdir(), 'export-storage-'));

  beforeAll(async () => {
    t = await createMailTestApp({ STORAGE_DIR: storage });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    await worker.get(WorkerRegistry).start(QUEUES.dataExport);
    // the worker builds the exports: its registry is the one that counts
    EXPORT_COVERS = worker.get(ExportRegistry).coverage();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const ask = (member: { cookie: string } | null, body: object) => {
    const req = t.http().post('/api/data-export.php').set('X-Request-Type', 'client');
    if (member) req.set('Cookie', member.cookie);
    return req.send(body);
  };

  /** Asks for the export and returns the link of the mail that says it is ready. */
  async function exportLink(member: ChatMember): Promise<string> {
    await ask(member, { password: member.password }).expect(202, { status: 'queued' });
    const mail = await waitForMail(
      t.smtp.mails,
      member.user.email as string,
      /gegevens .* staan klaar/,
      20_000,
    );
    return linkIn(mail).replace('http://site.test', '');
  }

  const follow = (link: string, member: { cookie: string } | null) => {
    const req = t.http().get(link).buffer(true).parse(binary);
    if (member) req.set('Cookie', member.cookie);
    return req;
  };

  /** Seeds a row in every table the purge covers for `m` (other members: `other`, `third`). */
  async function seedEverything(m: ChatMember, other: ChatMember, third: ChatMember) {
    const db = t.prisma;
    const profile = await db.profile.findUniqueOrThrow({ where: { userId: m.user.id } });
    await db.profile.update({ where: { id: profile.id }, data: { about: 'Ik wandel graag.' } });
    await db.profileTextReview.create({
      data: { profileId: profile.id, field: 'about', text: 'Ik fiets ook graag.' },
    });
    // a real upload: the pipeline stores the photo files
    await t
      .http()
      .post('/api/photo.php')
      .set('Cookie', m.cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', await jpeg(640, 480), { filename: 'me.jpg', contentType: 'image/jpeg' })
      .expect(201);
    // chats, through the real sends: a text and a photo from m, a text to m
    const sent = await sendText(t, m, { member: other.user.id }, 'Hallo van mij').expect(201);
    const conversation = sent.body.message.conversation_id as number;
    await sendPhoto(t, m, { conversation }, await jpeg(300, 300)).expect(201);
    await sendText(t, other, { conversation }, 'Hallo terug').expect(201);
    // a message the send's scan flags: a moderators' queue entry and a risk score
    await sendText(t, m, { conversation }, 'Koop een steam card voor me').expect(201);

    await db.like.create({ data: { likerId: m.user.id, likedId: other.user.id } });
    await db.like.create({ data: { likerId: other.user.id, likedId: m.user.id } });
    // a like from a member m blocks: kept, but not shown to m, so not in the export either
    await db.like.create({ data: { likerId: third.user.id, likedId: m.user.id } });
    // visits made and received, and a favourite each way
    await db.profileVisit.create({
      data: { visitorId: m.user.id, visitedId: other.user.id, day: new Date('2026-11-20') },
    });
    await db.profileVisit.create({
      data: { visitorId: other.user.id, visitedId: m.user.id, day: new Date('2026-11-21') },
    });
    await db.favourite.create({ data: { memberId: m.user.id, favouriteId: other.user.id } });
    await db.favourite.create({ data: { memberId: other.user.id, favouriteId: m.user.id } });
    // a free boost, as a premium member's weekly one (issue 38 item 3)
    const region = await db.region.findFirstOrThrow({ where: { countryCode: 'NL' } });
    const boostStart = new Date(Date.now() - 3_600_000);
    await db.boost.create({
      data: {
        userId: m.user.id,
        profileId: profile.id,
        regionId: region.id,
        startsAt: boostStart,
        endsAt: new Date(boostStart.getTime() + 1_800_000),
        credits: 0,
        free: true,
        idempotencyKey: '00000000-0000-4000-8000-000000000038',
      },
    });
    await db.swipeDecision.create({
      data: { swiperId: m.user.id, swipedId: third.user.id, choice: 'pass' },
    });
    await db.block.create({ data: { blockerId: m.user.id, blockedId: third.user.id } });
    await db.complaint.create({
      data: {
        about: 'member',
        reporterId: m.user.id,
        reportedUserId: third.user.id,
        subject: 'Onaardig',
        message: 'Mijn klacht over dit lid',
      },
    });
    await db.memberWarning.create({ data: { userId: m.user.id, reason: 'Let op je taal' } });
    const statement = await db.statement.create({
      data: {
        userId: m.user.id,
        kind: 'warning',
        itemType: 'account',
        ground: 'harassment',
        explanation: 'Let op je taal',
      },
    });
    await db.appeal.create({
      data: {
        statementId: statement.id,
        userId: m.user.id,
        text: 'Mijn bezwaar',
        dueAt: new Date(),
      },
    });
    await db.memberBan.create({
      data: {
        userId: m.user.id,
        reason: 'Tijdelijke schorsing',
        previousStatus: 'confirmed',
        liftedAt: new Date(),
        liftReason: 'Opgeheven',
      },
    });
    await db.hiddenContent.create({
      data: { userId: m.user.id, kind: 'about', text: 'Verborgen tekst' },
    });
    const payment = await db.payment.create({
      data: {
        paymentId: `pay-${randomUUID()}`,
        userId: m.user.id,
        method: 'ideal',
        credits: 100,
        amountCents: 1995,
        provider: 'sandbox',
        idempotencyKey: randomUUID(),
        status: 'paid',
      },
    });
    await db.paymentCustomer.create({
      data: { userId: m.user.id, provider: 'sandbox', customerRef: 'cst_export' },
    });
    await db.paymentMandate.create({
      data: {
        userId: m.user.id,
        provider: 'sandbox',
        customerRef: 'cst_export',
        mandateRef: 'mdt_export',
        method: 'creditcard',
        label: 'Visa **** 4242',
      },
    });
    await db.directDebitMandate.create({
      data: {
        userId: m.user.id,
        accountHolder: 'Export Lid',
        iban: 'NL91ABNA0417164300',
        street: 'Dorpsstraat',
        houseNumber: '1',
        zip: '1234 AB',
        city: 'Utrecht',
        phone: '+31612345678',
        consentAt: new Date(),
      },
    });
    const code = await db.discountCode.create({
      data: {
        code: `EXPORT${m.user.id}`,
        valuePercentage: 10,
        minimumOrderCents: 0,
        userId: m.user.id,
      },
    });
    await db.discountRedemption.create({
      data: {
        codeId: code.id,
        userId: m.user.id,
        paymentId: payment.id,
        claimKey: randomUUID(),
        state: 'claimed',
      },
    });
    await db.creditLedgerEntry.create({
      data: {
        userId: m.user.id,
        delta: 100,
        balanceAfter: 1100,
        reason: 'purchase',
        paymentId: payment.id,
      },
    });
    await db.trackingData.upsert({
      where: { userId: m.user.id },
      create: { userId: m.user.id, network: 'export-net', ref: 'nieuwsbrief' },
      update: { network: 'export-net', ref: 'nieuwsbrief' },
    });
    await db.postback.create({
      data: {
        userId: m.user.id,
        network: 'export-net',
        event: 'signup',
        status: 'sent',
        attempts: 1,
      },
    });
    await db.alertDismissal.create({ data: { userId: m.user.id, alert: 'profile_photo' } });
    await db.invite.create({ data: { code: `INV${m.user.id}`, createdById: m.user.id } });
    await db.invite.create({ data: { code: `USED${m.user.id}`, usedById: m.user.id } });
    await db.deletionRequest.create({
      data: {
        userId: m.user.id,
        reason: 'price',
        remarks: 'Toch gebleven',
        purgeAt: new Date(Date.now() + 14 * DAY_MS),
        cancelledAt: new Date(),
      },
    });
    await db.notificationPreference.upsert({
      where: { userId: m.user.id },
      create: { userId: m.user.id, promotions: false },
      update: { promotions: false },
    });
    await db.pushSubscription.create({
      data: {
        userId: m.user.id,
        endpoint: 'https://push.example.test/export',
        p256dh: 'key',
        auth: 'auth',
      },
    });
    await db.notificationMailSent.create({
      data: { userId: m.user.id, kind: 'like', sentAt: new Date('2026-11-20T10:00:00Z') },
    });
    const campaign = await db.campaign.create({
      data: { name: 'Export lente', consent: 'news', content: {}, audience: {} },
    });
    await db.campaignRecipient.create({
      data: {
        campaignId: campaign.id,
        userId: m.user.id,
        status: 'sent',
        sentAt: new Date('2026-11-21T10:00:00Z'),
      },
    });
    await db.verificationRequest.create({
      data: {
        userId: m.user.id,
        gesture: 'wave',
        status: 'rejected',
        reason: 'poor_quality',
        expiresAt: new Date('2026-11-21T10:00:00Z'),
        decidedAt: new Date('2026-11-20T11:00:00Z'),
      },
    });
    // what operators noted about the member: on the member, and on a conversation
    await db.operatorNote.create({ data: { memberId: m.user.id, body: 'Houdt van zeilen' } });
    await db.conversationNote.create({
      data: { conversationId: conversation, memberId: m.user.id, body: 'Vertelde over Gouda' },
    });
    return { conversation };
  }

  it('covers, file by file, every column the purge covers (a new table fails until both cover it)', async () => {
    const registry = t.app.get(PurgeRegistry);
    const purged = Object.keys(registry.coverage()).sort();
    expect(Object.keys(EXPORT_COVERS).sort()).toEqual(purged);
    expect(purged).toEqual(await registry.memberColumns());
    // an omission says why
    for (const coverage of Object.values(EXPORT_COVERS)) {
      expect(coverage).toMatch(/^(file: [a-z_]+\.json(; .{10,})?|omit: .{10,})$/);
    }
  });

  it('has every feature declare its export beside its purge: a step for the same columns, in both processes', async () => {
    const columnsOf = (steps: { covers: Record<string, unknown> }[]) =>
      steps
        .map((step) => Object.keys(step.covers).sort().join(' '))
        .filter((columns) => columns !== '')
        .sort();
    const exportSteps = worker.get(ExportRegistry).steps();
    expect(columnsOf(exportSteps)).toEqual(columnsOf(t.app.get(PurgeRegistry).steps()));
    // the app knows the same steps (the tests of other features collect exports through it)
    expect(t.app.get(ExportRegistry).coverage()).toEqual(EXPORT_COVERS);
    // a step whose columns all go in no file reads nothing
    for (const step of exportSteps) {
      const files = Object.values(step.covers).some((coverage) => coverage.startsWith('file: '));
      expect([Object.keys(step.covers), typeof step.collect]).toEqual([
        Object.keys(step.covers),
        files ? 'function' : 'undefined',
      ]);
    }
    await expect(worker.get(ExportRegistry).assertComplete()).resolves.toBeUndefined();
  });

  it('mails a link that downloads, once, a ZIP with all the member’s data and photos', async () => {
    const m = await chatMember(t, { name: 'Exportlid' });
    const other = await chatMember(t);
    const third = await chatMember(t);
    const { conversation } = await seedEverything(m, other, third);
    // the member has rows in every table the export declares a file for
    for (const [column, coverage] of Object.entries(EXPORT_COVERS)) {
      if (!coverage.startsWith('file: ') || column === 'data_exports.user_id') continue;
      const [table, field] = column.split('.');
      const [{ count }] = await t.prisma.$queryRawUnsafe<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM ${table} WHERE ${field} = $1`,
        m.user.id,
      );
      expect([column, count > 0]).toEqual([column, true]);
    }

    const link = await exportLink(m);
    const res = await follow(link, m).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
    const zip = await unzip(res.body as Buffer);
    const json = (name: string) => JSON.parse((zip.get(name) as Buffer).toString('utf8'));

    // every file the declaration names is in the ZIP
    const declared = new Set(
      Object.values(EXPORT_COVERS)
        .filter((c) => c.startsWith('file: '))
        .map((c) => c.slice('file: '.length).split(';')[0]),
    );
    for (const name of declared) expect(zip.has(name)).toBe(true);

    expect(json('profile.json')).toMatchObject({
      name: 'Exportlid',
      about: 'Ik wandel graag.',
      textReviews: [{ field: 'about', text: 'Ik fiets ook graag.', status: 'waiting' }],
    });
    expect(json('account.json')).toMatchObject({
      account: { id: m.user.id, email: m.user.email },
      tracking: { network: 'export-net', ref: 'nieuwsbrief' },
      postbacks: [{ network: 'export-net', event: 'signup', status: 'sent' }],
      alert_dismissals: [{ alert: 'profile_photo' }],
      invites_created: [{ code: `INV${m.user.id}` }],
      invite_used: { code: `USED${m.user.id}` },
      deletion_requests: [{ reason: 'price', remarks: 'Toch gebleven' }],
    });
    expect(json('account.json').data_exports.length).toBe(1);

    // the photo: its metadata and its bytes, exactly as stored
    const photos = json('photos.json') as { filename: string; file: string }[];
    expect(photos).toHaveLength(1);
    const stored = await readFile(path.join(storage, 'photos', photos[0].filename));
    expect(zip.get(photos[0].file)?.equals(stored)).toBe(true);

    const [chat] = json('conversations.json') as {
      id: number;
      with_member_id: number;
      messages: { from: string; body?: string; type: string; photo?: string }[];
    }[];
    expect(chat).toMatchObject({ id: conversation, with_member_id: other.user.id });
    expect(chat.messages.map((msg) => [msg.from, msg.type, msg.body ?? null])).toEqual([
      ['me', 'text', 'Hallo van mij'],
      ['me', 'photo', null],
      ['them', 'text', 'Hallo terug'],
      ['me', 'text', 'Koop een steam card voor me'],
    ]);
    const chatPhoto = chat.messages[1].photo as string;
    const chatFile = await readFile(path.join(storage, 'chat', chatPhoto.split('/')[1]));
    expect(zip.get(chatPhoto)?.equals(chatFile)).toBe(true);

    expect(json('likes.json')).toEqual({
      given: [expect.objectContaining({ likedId: other.user.id })],
      received: [expect.objectContaining({ likerId: other.user.id, isNew: true })],
    });
    expect(json('swipes.json')).toMatchObject([{ swipedId: third.user.id, choice: 'pass' }]);
    // the visits received carry their time only, never the visitor
    expect(json('visits.json')).toEqual({
      made: [{ visitedId: other.user.id, createdAt: expect.any(String) }],
      received: [{ createdAt: expect.any(String) }],
    });
    expect(json('favourites.json')).toEqual([
      { favouriteId: other.user.id, createdAt: expect.any(String) },
    ]);
    expect(json('blocks.json')).toMatchObject([{ blockedId: third.user.id }]);
    expect(json('complaints.json')).toMatchObject([{ message: 'Mijn klacht over dit lid' }]);
    expect(json('moderation.json')).toMatchObject({
      bans: [{ reason: 'Tijdelijke schorsing', liftReason: 'Opgeheven' }],
      warnings: [{ reason: 'Let op je taal' }],
      hidden_content: [{ text: 'Verborgen tekst' }],
      verification_requests: [{ gesture: 'wave', status: 'rejected', reason: 'poor_quality' }],
      flagged_messages: [{ categories: ['gift_card'], score: 3, resolution: null }],
      risk_score: { score: 3, hits: 1, lastCategories: ['gift_card'] },
      statements: [{ kind: 'warning', ground: 'harassment', explanation: 'Let op je taal' }],
      appeals: [{ text: 'Mijn bezwaar', outcome: null }],
    });
    const payments = json('payments.json');
    expect(payments).toMatchObject({
      payments: [{ amountCents: 1995, credits: 100, status: 'paid' }],
      provider_customers: [{ customerRef: 'cst_export' }],
      stored_payment_methods: [{ label: 'Visa **** 4242' }],
      direct_debit_mandates: [{ iban: 'NL91ABNA0417164300', city: 'Utrecht' }],
      personal_discount_codes: [{ code: `EXPORT${m.user.id}` }],
      discount_redemptions: [{ codeId: expect.any(Number) }],
    });
    expect(payments.payments[0].idempotencyKey).toBeUndefined();
    expect(payments.discount_redemptions[0].claimKey).toBeUndefined();
    const ledger = json('credit_ledger.json') as { reason: string; delta: number }[];
    expect(ledger).toEqual(expect.arrayContaining([expect.objectContaining({ delta: 100 })]));
    expect(ledger.some((row) => row.delta < 0)).toBe(true); // the messages sent
    const sessions = json('sessions.json');
    expect(sessions.sessions.length).toBeGreaterThanOrEqual(1);
    // the login made the browser a trusted one
    expect(sessions.trusted_browsers.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(sessions)).not.toMatch(/tokenHash/);
    expect(json('notification_preferences.json')).toMatchObject({
      preferences: { promotions: false },
      push_subscriptions: [{ endpoint: 'https://push.example.test/export' }],
      notification_mails_sent: [{ kind: 'like', sentAt: '2026-11-20T10:00:00.000Z' }],
      campaign_mails: [
        {
          status: 'sent',
          sentAt: '2026-11-21T10:00:00.000Z',
          unsubscribedAt: null,
          campaign: { name: 'Export lente', consent: 'news' },
        },
      ],
    });
    // operators' notes about the member are the member's data; their authors (staff) are not
    expect(json('staff_notes.json')).toEqual({
      member_notes: [{ body: 'Houdt van zeilen', createdAt: expect.any(String) }],
      conversation_notes: [
        {
          conversationId: conversation,
          body: 'Vertelde over Gouda',
          createdAt: expect.any(String),
        },
      ],
    });

    // once: the replay gets a clear page, and the ZIP is gone
    const replay = await follow(link, m).expect(410);
    expect(replay.headers['content-type']).toMatch(/text\/html/);
    expect(replay.body.toString()).toContain('Deze downloadlink is al gebruikt');
    expect(readdirSync(path.join(storage, 'exports'))).toEqual([]);
  });

  it('names among the received likes only the likers the likes page shows: not one who blocked the member, nor an invisible one', async () => {
    // premium: the page names its likers (a free member's export: likes-free.e2e-spec.ts)
    const m = await chatMember(t, { paidUser: true });
    const visible = await chatMember(t);
    const blocker = await chatMember(t);
    const invisible = await chatMember(t, { profile: { invisible: true } });
    for (const liker of [visible, blocker, invisible]) {
      await t.prisma.like.create({ data: { likerId: liker.user.id, likedId: m.user.id } });
    }
    // the liker blocks the member after the like
    await t
      .http()
      .post('/api/block.php')
      .set('Cookie', blocker.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: m.profile.id })
      .expect(200);

    const link = await exportLink(m);
    const zip = await unzip((await follow(link, m).expect(200)).body as Buffer);
    const likes = JSON.parse((zip.get('likes.json') as Buffer).toString('utf8')) as {
      received: { likerId: number }[];
    };
    expect(likes.received.map((like) => like.likerId)).toEqual([visible.user.id]);
    const named = (zip.get('likes.json') as Buffer).toString('utf8');
    for (const hidden of [blocker, invisible]) {
      expect(named).not.toMatch(new RegExp(`"likerId": ${hidden.user.id}\\b`));
    }
    // exactly the likes the member's likes page shows
    const page = await t
      .http()
      .get('/api/likes.php')
      .set('Cookie', m.cookie)
      .set('X-Request-Type', 'client')
      .expect(200);
    expect(page.body.liked_by.map((like: { id: number }) => like.id)).toEqual([visible.profile.id]);
  });

  it('asks for the password, a session, and a few exports a day at most', async () => {
    const m = await chatMember(t);
    await ask(null, { password: m.password }).expect(403);
    const none = await ask(m, {}).expect(400);
    expect(none.body.error).toBe('validation_failed');
    const wrong = await ask(m, { password: 'niet-mijn-wachtwoord' }).expect(400);
    expect(wrong.body).toMatchObject({ error: 'wrong_password', field: 'password' });
    // wrong guesses count too: the third call of the day is the last
    await ask(m, { password: m.password }).expect(202);
    const limited = await ask(m, { password: m.password }).expect(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(await t.prisma.dataExport.count({ where: { userId: m.user.id } })).toBe(1);
  });

  it('refuses the link to another member, to a visitor and once expired, in the member’s language', async () => {
    const m = await chatMember(t);
    const attacker = await chatMember(t);
    await t.prisma.user.update({ where: { id: attacker.user.id }, data: { language: 'de' } });
    const link = await exportLink(m);

    const stolen = await follow(link, attacker).expect(404);
    expect(stolen.body.toString()).toContain(
      'Dieser Download-Link ist ungültig oder gehört zu einem anderen Konto.',
    );
    const visitor = await follow(link, null).set('Accept-Language', 'en').expect(401);
    expect(visitor.body.toString()).toContain('First log in with the account');
    // the login comes back to the link (a path of this site), which then downloads
    expect(visitor.body.toString()).toContain(`href="/login?redirect=${encodeURIComponent(link)}"`);
    const guessed = await follow('/api/data-export-download.php?token=geraden', m).expect(404);
    expect(guessed.body.toString()).toContain('Deze downloadlink is ongeldig');

    // none of that used the link up; time running out does
    const token = await t.prisma.emailToken.findFirstOrThrow({
      where: { userId: m.user.id, type: 'data_export' },
    });
    expect(token.usedAt).toBeNull();
    await t.prisma.emailToken.update({
      where: { id: token.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await follow(link, m).expect(410);
    expect(expired.body.toString()).toContain('Deze downloadlink is verlopen');
  });

  it('builds an export whose job was lost at the next hourly run, and gives up after a day', async () => {
    const m = await chatMember(t);
    const lost = await t.prisma.dataExport.create({
      data: { userId: m.user.id, createdAt: new Date(Date.now() - 20 * 60_000) },
    });
    const stale = await t.prisma.dataExport.create({
      data: { userId: m.user.id, createdAt: new Date(Date.now() - 2 * DAY_MS) },
    });
    const result = await t.app.get(DataExportService).housekeeping();
    expect(result).toMatchObject({ requeued: 1, given_up: 1 });
    await waitForMail(t.smtp.mails, m.user.email as string, /gegevens .* staan klaar/, 20_000);
    expect((await t.prisma.dataExport.findUniqueOrThrow({ where: { id: lost.id } })).status).toBe(
      'ready',
    );
    expect(await t.prisma.dataExport.findUnique({ where: { id: stale.id } })).toBeNull();
  });

  it('removes the ZIP once its link has expired, and with the member’s purge', async () => {
    const m = await chatMember(t);
    await exportLink(m);
    const ready = await t.prisma.dataExport.findFirstOrThrow({
      where: { userId: m.user.id, status: 'ready' },
    });
    const file = path.join(storage, 'exports', ready.fileName as string);
    expect(existsSync(file)).toBe(true);
    const service = t.app.get(DataExportService);
    await service.housekeeping(new Date(Date.now() + DAY_MS - 60_000));
    expect(existsSync(file)).toBe(true);
    const result = await service.housekeeping(new Date(Date.now() + DAY_MS + 2 * 3_600_000));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect((await t.prisma.dataExport.findUniqueOrThrow({ where: { id: ready.id } })).status).toBe(
      'expired',
    );

    // another export, then the member is erased: the ZIP and the rows go
    await t.prisma.dataExport.update({ where: { id: ready.id }, data: { createdAt: new Date(0) } });
    const again = await chatMember(t);
    await exportLink(again);
    const second = await t.prisma.dataExport.findFirstOrThrow({
      where: { userId: again.user.id, status: 'ready' },
    });
    const secondFile = path.join(storage, 'exports', second.fileName as string);
    expect(existsSync(secondFile)).toBe(true);
    expect(await t.app.get(DeletionService).eraseNow(again.user.id, async () => {})).toBe('purged');
    expect(existsSync(secondFile)).toBe(false);
    expect(await t.prisma.dataExport.count({ where: { userId: again.user.id } })).toBe(0);
  });
});
