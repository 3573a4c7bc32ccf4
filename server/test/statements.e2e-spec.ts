import { randomBytes } from 'node:crypto';
import { staffAppealsResponse, statementsResponse } from '@app/contract';
import { chatMember, sendText, type ChatMember } from './helpers/chat';
import { createMailTestApp, type MailTestApp } from './helpers/mail-app';
import { tokenIn, waitForMail } from './helpers/smtp';
import { cookieOf, staffAccount, type StaffAccount } from './helpers/staff';

/**
 * Statements of reasons, appeals, notices and the transparency report (issue 35, item 4): every
 * restricting decision (photo or text rejected, content hidden, warning, ban) writes a statement
 * the member reads and gets by mail; an appeal is decided by someone else than the decider and a
 * reversal undoes the decision; anyone may file a notice; admins export the report as CSV.
 */
describe('statements of reasons and appeals', () => {
  let t: MailTestApp;
  let moderator: StaffAccount;
  let mod: string;
  let other: string;
  let admin: string;
  let operator: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createMailTestApp();
    moderator = await staffAccount(t, ['moderator']);
    mod = await cookieOf(moderator, t);
    other = await cookieOf(await staffAccount(t, ['moderator']), t);
    admin = await cookieOf(await staffAccount(t, ['admin']), t);
    operator = await cookieOf(await staffAccount(t, ['operator']), t);
  });
  afterAll(() => t.close());

  const post = (cookie: string | null, path: string, body: object = {}) => {
    const req = t.http().post(path).set('X-Request-Type', 'client');
    if (cookie) req.set('Cookie', cookie);
    return req.send(body);
  };
  const get = (cookie: string | null, path: string) => {
    const req = t.http().get(path);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const statementsOf = async (member: ChatMember) =>
    statementsResponse.parse((await get(member.cookie, '/api/statements.php').expect(200)).body)
      .statements;

  async function waitingPhoto(member: ChatMember) {
    seq += 1;
    return t.prisma.photo.create({
      data: {
        profileId: member.profile.id,
        filename: `stmt${seq}x${Date.now()}-full.webp`,
        thumbFilename: `stmt${seq}x${Date.now()}-thumb.webp`,
        width: 400,
        height: 400,
        createdAt: new Date(Date.now() - 60 * 60_000),
      },
    });
  }

  async function rejectPhoto(member: ChatMember, reason = 'nudity') {
    const photo = await waitingPhoto(member);
    await post(mod, `/api/staff/inspection/photos/${photo.id}/decision`, {
      action: 'reject',
      reason,
    }).expect(200);
    return photo;
  }

  const complain = (from: ChatMember, payload: object) =>
    t
      .http()
      .post('/api/complaint.php')
      .set('Cookie', from.cookie)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', randomBytes(16).toString('hex'))
      .send({ subject: 'Ongepast', message: 'Dit hoort hier niet.', ...payload })
      .expect(201)
      .then((res) => res.body.complaint.id as number);

  async function pair() {
    const reporter = await chatMember(t, { gender: 'male' });
    const reported = await chatMember(t, { gender: 'female', profile: { about: 'Hallo daar' } });
    const sent = await sendText(t, reported, { member: reporter.profile.id }, 'Stuur geld');
    return { reporter, reported, messageId: sent.body.message.id as number };
  }

  it('explains a rejected photo: ground and terms section, not automated, by mail too', async () => {
    const member = await chatMember(t);
    const photo = await rejectPhoto(member, 'nudity');
    const [statement] = await statementsOf(member);
    expect(statement).toMatchObject({
      kind: 'photo_rejected',
      item: 'photo',
      item_id: photo.id,
      ground: 'sexual_content',
      section: 7,
      automated_detection: false,
      appeal: null,
      reversed_at: null,
    });
    expect(statement.appeal_until).not.toBeNull();
    const mail = await waitForMail(t.smtp.mails, member.user.email!, /Ons besluit/);
    expect(mail).toContain('expliciete of seksuele inhoud');
    expect(mail).toContain('artikel 7');
    expect(mail).toContain('http://site.test/decisions');
  });

  it('explains a rejected profile text', async () => {
    const member = await chatMember(t);
    const review = await t.prisma.profileTextReview.create({
      data: {
        profileId: member.profile.id,
        field: 'about',
        previous: null,
        text: 'Bel 0612345678',
      },
    });
    await post(mod, `/api/staff/inspection/texts/${review.id}/decision`, {
      action: 'reject',
      reason: 'contact_details',
    }).expect(200);
    const [statement] = await statementsOf(member);
    expect(statement).toMatchObject({
      kind: 'text_rejected',
      item: 'profile_about',
      ground: 'contact_details',
    });
    await waitForMail(t.smtp.mails, member.user.email!, /Ons besluit/);
  });

  it('explains a warning and a hidden message, each with the ground staff chose', async () => {
    const { reporter, reported, messageId } = await pair();
    const warned = await complain(reporter, { about: 'member', member: reported.profile.id });
    await post(mod, `/api/staff/complaints/${warned}/action`, {
      action: 'warn',
      reason: 'Je vroeg om geld',
      ground: 'scam',
    }).expect(200);
    const hidden = await complain(reporter, {
      about: 'message',
      member: reported.profile.id,
      message_id: messageId,
    });
    await post(mod, `/api/staff/complaints/${hidden}/action`, {
      action: 'hide',
      reason: 'Vraagt om geld',
      ground: 'scam',
    }).expect(200);
    const statements = await statementsOf(reported);
    expect(statements.map((s) => [s.kind, s.item, s.ground, s.explanation])).toEqual([
      ['content_hidden', 'message', 'scam', 'Vraagt om geld'],
      ['warning', 'account', 'scam', 'Je vroeg om geld'],
    ]);
    const rows = await t.prisma.mailIntent.count({
      where: { userId: reported.user.id, template: 'statement' },
    });
    const sent = t.smtp.mails.filter((m) => m.to.includes(reported.user.email!)).length;
    expect(rows + sent).toBeGreaterThanOrEqual(2);
  });

  it('lets a banned member read the ban statement by the mail link and appeal, no login', async () => {
    const member = await chatMember(t);
    await post(mod, `/api/staff/members/${member.user.id}/ban`, {
      reason: 'Meerdere accounts',
      ground: 'impersonation',
    }).expect(200);
    const mail = await waitForMail(t.smtp.mails, member.user.email!, /Ons besluit/);
    expect(mail).toContain('http://site.test/decisions/access?token=');
    const token = tokenIn(mail);
    // the member's session is gone
    expect((await get(member.cookie, '/api/statements.php')).status).toBeGreaterThanOrEqual(401);
    const read = await get(null, `/api/statements/access?token=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    const [statement] = statementsResponse.parse(read.body).statements;
    expect(statement).toMatchObject({ kind: 'ban', ground: 'impersonation', section: 7 });
    const appealed = await post(
      null,
      `/api/statements/access/${statement.id}/appeal?token=${encodeURIComponent(token)}`,
      { text: 'Ik heb maar één account.' },
    ).expect(200);
    expect(appealed.body.statement.appeal).toMatchObject({ outcome: null });
    await get(null, '/api/statements/access?token=not-a-valid-token-at-all').expect(404);
  });

  it('refuses the appeal to the moderator who decided; another one reverses and restores', async () => {
    const member = await chatMember(t);
    const photo = await rejectPhoto(member);
    const [statement] = await statementsOf(member);
    const appealed = await post(member.cookie, `/api/statements/${statement.id}/appeal`, {
      text: 'Dit is gewoon een strandfoto.',
    }).expect(200);
    const appeal = appealed.body.statement.appeal;
    const days = (Date.parse(appeal.due_at) - Date.parse(appeal.created_at)) / 86_400_000;
    expect(days).toBe(14);
    await post(member.cookie, `/api/statements/${statement.id}/appeal`, { text: 'nog eens' })
      .expect(409)
      .expect((res) => expect(res.body.error).toBe('appeal_exists'));

    const queue = staffAppealsResponse.parse(
      (await get(mod, '/api/staff/appeals?open=true').expect(200)).body,
    );
    expect(queue.appeals.find((a) => a.id === appeal.id)?.decidable).toBe(false);
    const refused = await post(mod, `/api/staff/appeals/${appeal.id}/decide`, {
      outcome: 'reversed',
      explanation: 'Toch in orde',
    }).expect(403);
    expect(refused.body.error).toBe('appeal_same_moderator');
    expect((await t.prisma.photo.findUniqueOrThrow({ where: { id: photo.id } })).status).toBe(
      'rejected',
    );

    const decided = await post(other, `/api/staff/appeals/${appeal.id}/decide`, {
      outcome: 'reversed',
      explanation: 'Geen naakt te zien; de foto mag blijven.',
    }).expect(200);
    expect(decided.body.appeal).toMatchObject({ outcome: 'reversed', decidable: false });
    expect((await t.prisma.photo.findUniqueOrThrow({ where: { id: photo.id } })).status).toBe(
      'active',
    );
    const [after] = await statementsOf(member);
    expect(after.reversed_at).not.toBeNull();
    expect(after.appeal).toMatchObject({
      outcome: 'reversed',
      explanation: 'Geen naakt te zien; de foto mag blijven.',
    });
    const mail = await waitForMail(t.smtp.mails, member.user.email!, /bezwaar is behandeld/);
    expect(mail).toContain('teruggedraaid');
    expect(
      await t.prisma.staffAuditEntry.count({
        where: { action: 'appeal.decide', subjectId: String(appeal.id) },
      }),
    ).toBe(1);
    await post(admin, `/api/staff/appeals/${appeal.id}/decide`, {
      outcome: 'upheld',
      explanation: 'nee',
    }).expect(409);
  });

  it('lifts a ban reversed on appeal, and keeps an upheld one', async () => {
    const lifted = await chatMember(t);
    const kept = await chatMember(t);
    for (const member of [lifted, kept]) {
      await post(mod, `/api/staff/members/${member.user.id}/ban`, { reason: 'Spam' }).expect(200);
    }
    const appealOf = async (member: ChatMember) => {
      const statement = await t.prisma.statement.findFirstOrThrow({
        where: { userId: member.user.id, kind: 'ban' },
      });
      const appeal = await t.prisma.appeal.create({
        data: {
          statementId: statement.id,
          userId: member.user.id,
          text: 'Onterecht',
          dueAt: new Date(Date.now() + 86_400_000),
        },
      });
      return appeal.id;
    };
    await post(other, `/api/staff/appeals/${await appealOf(lifted)}/decide`, {
      outcome: 'reversed',
      explanation: 'Geen spam gevonden',
    }).expect(200);
    await post(other, `/api/staff/appeals/${await appealOf(kept)}/decide`, {
      outcome: 'upheld',
      explanation: 'Wel spam gevonden',
    }).expect(200);
    const status = async (m: ChatMember) =>
      (await t.prisma.user.findUniqueOrThrow({ where: { id: m.user.id } })).status;
    expect(await status(lifted)).toBe('confirmed');
    expect(await status(kept)).toBe('banned');
  });

  it('lets operators neither see nor decide appeals', async () => {
    await get(operator, '/api/staff/appeals').expect(403);
    await post(operator, '/api/staff/appeals/1/decide', {
      outcome: 'upheld',
      explanation: 'x',
    }).expect(403);
    await get(null, '/api/staff/appeals').expect(403);
  });

  it('takes a visitor’s notice without login, acknowledges it and queues it for staff', async () => {
    const member = await chatMember(t);
    const email = `melder${Date.now()}@example.com`;
    const res = await post(null, '/api/notice.php', {
      category: 'scam',
      location: `http://site.test/members/${member.profile.id}`,
      explanation: 'Dit profiel vraagt iedereen om geld.',
      name: 'Een Bezoeker',
      email,
      good_faith: true,
    }).expect(201);
    const id = res.body.notice.id as number;
    expect(res.body.notice.received_at).toEqual(expect.any(String));
    const complaint = await t.prisma.complaint.findUniqueOrThrow({ where: { id } });
    expect(complaint).toMatchObject({
      notice: true,
      ground: 'scam',
      goodFaith: true,
      reportedUserId: member.user.id,
      about: 'member',
      email,
    });
    const inbox = await get(mod, '/api/staff/complaints?status=open').expect(200);
    expect(inbox.body.complaints.map((c: { id: number }) => c.id)).toContain(id);
    const mail = await waitForMail(t.smtp.mails, email, /melding ontvangen/);
    expect(mail).toContain(`nummer ${id}`);
  });

  it('asks a visitor’s name and e-mail, except for child abuse material, and good faith', async () => {
    const base = {
      category: 'harassment',
      location: 'http://site.test/members/1',
      explanation: 'Bedreigend',
      good_faith: true,
    };
    const missing = await post(null, '/api/notice.php', base).expect(400);
    expect(missing.body.error).toBe('notice_contact_required');
    await post(null, '/api/notice.php', { ...base, category: 'child_abuse' }).expect(201);
    const noFaith = await post(null, '/api/notice.php', {
      ...base,
      name: 'A',
      email: 'a@example.com',
      good_faith: false,
    }).expect(400);
    expect(noFaith.body.error).toBe('validation_failed');
  });

  it('exports the transparency report of a period as CSV for admins only, audited', async () => {
    const member = await chatMember(t);
    const mk = (kind: string, ground: string, automated: boolean, day: number, hours: number) =>
      t.prisma.statement.create({
        data: {
          userId: member.user.id,
          kind,
          itemType: 'photo',
          ground,
          explanation: 'x',
          automatedDetection: automated,
          decidedAt: new Date(Date.UTC(2021, 2, day, 12)),
          itemAt: new Date(Date.UTC(2021, 2, day, 12) - hours * 3_600_000),
        },
      });
    const a = await mk('photo_rejected', 'sexual_content', false, 3, 1);
    await mk('photo_rejected', 'sexual_content', false, 4, 3);
    await mk('photo_rejected', 'sexual_content', true, 5, 5);
    await mk('ban', 'spam', false, 6, 10);
    await mk('ban', 'spam', false, 20, 10); // outside the period
    await t.prisma.appeal.create({
      data: {
        statementId: a.id,
        userId: member.user.id,
        text: 'x',
        createdAt: new Date(Date.UTC(2021, 2, 7)),
        dueAt: new Date(Date.UTC(2021, 2, 21)),
        outcome: 'reversed',
        decidedAt: new Date(Date.UTC(2021, 2, 8)),
      },
    });
    const path = '/api/staff/transparency.csv?from=2021-03-01&to=2021-03-10';
    for (const cookie of [mod, operator]) await get(cookie, path).expect(403);
    const res = await get(admin, path).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('section,kind,ground,detection,value');
    expect(lines).toEqual(
      expect.arrayContaining([
        'decisions,ban,spam,manual,1',
        'decisions,photo_rejected,sexual_content,automated,1',
        'decisions,photo_rejected,sexual_content,manual,2',
        'median_handling_hours,ban,,,10.00',
        'median_handling_hours,photo_rejected,,,3.00',
        'appeals_received,,,,1',
        'appeals_reversed,,,,1',
        'appeals_upheld,,,,0',
        'appeals_median_hours,,,,24.00',
      ]),
    );
    expect(await t.prisma.staffAuditEntry.count({ where: { action: 'transparency.export' } })).toBe(
      1,
    );
    const bad = await get(admin, '/api/staff/transparency.csv?from=2021-03-10&to=2021-03-01');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('transparency_period_invalid');
  });
});
