import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PHOTO_SCREEN_FLAG_RISK,
  STAFF_ROLES,
  statementsResponse,
  type ChatPhotoQueueEntry,
} from '@app/contract';
import { chatMember, sendPhoto } from './helpers/chat';
import { darkBand } from './helpers/images';
import { cookieOf, staffAccount, type StaffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Chat photos on the photo desk (issue 35, point 1): the pre-screening scores chat photos like
 * profile photos (photo-screening.e2e-spec.ts proves the scoring; here the scores are written as
 * the worker writes them); one it flagged shows on the desk with its risk, abuse matches first,
 * with who sent it to whom and nothing else of the conversation; a moderator keeps it or removes
 * it (hidden from both members, the sender's statement of reasons, automated detection); every
 * decision audited; the file is served to staff only while the photo is on the desk.
 */
describe('chat photos on the photo desk', () => {
  let t: TestApp;
  let storage: string;
  let moderator: StaffAccount;
  let mod: string;

  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'chat-desk-'));
    t = await createTestApp({ STORAGE_DIR: storage });
    moderator = await staffAccount(t, ['moderator']);
    mod = await cookieOf(moderator, t);
  });
  afterAll(async () => {
    await t.close();
    await rm(storage, { recursive: true, force: true });
  });

  /** Nothing earlier tests left on the desk. */
  beforeEach(async () => {
    await t.prisma.photoScreening.updateMany({
      where: { messageId: { not: null }, reviewedAt: null },
      data: { reviewedAt: new Date() },
    });
  });

  const get = (cookie: string | null, url: string) => {
    const req = t.http().get(url);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const post = (cookie: string | null, url: string, body: object = {}) => {
    const req = t.http().post(url).set('X-Request-Type', 'client');
    if (cookie) req.set('Cookie', cookie);
    return req.send(body);
  };
  const desk = async (cookie = mod) =>
    (await get(cookie, '/api/staff/inspection/chat-photos').expect(200)).body as {
      photos: ChatPhotoQueueEntry[];
      stats: { waiting: number };
    };

  /** A chat photo sent from one member to another, scored as the worker would score it. */
  async function chatPhoto(risk: number | null, options: { abuseMatch?: boolean } = {}) {
    const from = await chatMember(t, { gender: 'male' });
    const to = await chatMember(t, { gender: 'female' });
    const sent = await sendPhoto(t, from, { member: to.profile.id }, await darkBand()).expect(201);
    const messageId = sent.body.message.id as number;
    if (risk !== null || options.abuseMatch) {
      const sexy = risk ?? 0;
      await t.prisma.photoScreening.update({
        where: { messageId },
        data: {
          risk,
          scores:
            risk === null ? undefined : { drawing: 0, hentai: 0, neutral: 1 - sexy, porn: 0, sexy },
          model: 'nsfwjs-mobilenet_v2',
          scoredAt: risk === null ? null : new Date(),
          abuseMatch: options.abuseMatch ?? false,
        },
      });
    }
    return { from, to, messageId };
  }

  it('shows a flagged chat photo like a profile photo: with its risk, abuse matches first then the riskiest, and who sent it to whom; not an unflagged or unscored one', async () => {
    const calm = await chatPhoto(PHOTO_SCREEN_FLAG_RISK - 0.2);
    const unscored = await chatPhoto(null);
    const risky = await chatPhoto(0.7);
    const riskier = await chatPhoto(0.95);
    const match = await chatPhoto(0.1, { abuseMatch: true });

    const { photos, stats } = await desk();
    expect(photos.map((p) => p.message_id)).toEqual([
      match.messageId,
      riskier.messageId,
      risky.messageId,
    ]);
    expect(stats.waiting).toBe(3);
    const entry = photos.find((p) => p.message_id === riskier.messageId)!;
    expect(entry).toMatchObject({
      image_url: `/api/staff/inspection/chat-photos/${riskier.messageId}/image`,
      screening: { risk: expect.closeTo(0.95, 5), abuse_match: false },
      sender: {
        user_id: riskier.from.user.id,
        profile_id: riskier.from.profile.id,
        name: riskier.from.profile.name,
      },
      recipient: {
        user_id: riskier.to.user.id,
        profile_id: riskier.to.profile.id,
        name: riskier.to.profile.name,
      },
    });
    expect(entry.screening.scores).toMatchObject({ sexy: expect.closeTo(0.95, 5) });
    // nothing of the conversation beyond the photo and the pair, nor e-mail or IP
    expect(Object.keys(entry).sort()).toEqual(
      [
        'conversation_id',
        'image_url',
        'message_id',
        'recipient',
        'screening',
        'sender',
        'sent_at',
      ].sort(),
    );
    expect(Object.keys(entry.sender).sort()).toEqual(['name', 'profile_id', 'user_id']);
    const ids = photos.map((p) => p.message_id);
    expect(ids).not.toContain(calm.messageId);
    expect(ids).not.toContain(unscored.messageId);

    // the file: to staff while on the desk, never one that is not on it
    const image = await get(mod, entry.image_url).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('no-store');
    await get(mod, `/api/staff/inspection/chat-photos/${calm.messageId}/image`).expect(404);
  });

  it('keeps a flagged chat photo: off the desk, audited, the photo left with both members', async () => {
    const { messageId, from } = await chatPhoto(0.8);
    await post(mod, `/api/staff/inspection/chat-photos/${messageId}/decision`, {
      action: 'keep',
    }).expect(200);
    expect((await desk()).photos.map((p) => p.message_id)).not.toContain(messageId);
    await get(mod, `/api/staff/inspection/chat-photos/${messageId}/image`).expect(404);
    const message = await t.prisma.message.findUniqueOrThrow({ where: { id: messageId } });
    expect(message.hiddenAt).toBeNull();
    expect(message.imageFilename).not.toBeNull();
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'chat_photo.keep', subjectId: String(messageId) },
    });
    expect(audit).toMatchObject({ actorId: moderator.id, targetUserId: from.user.id });
    // decided once: a second decision is a conflict
    await post(mod, `/api/staff/inspection/chat-photos/${messageId}/decision`, {
      action: 'remove',
      reason: 'nudity',
      explanation: 'Naaktfoto zonder dat erom gevraagd werd.',
    }).expect(409);
  });

  it('removes a flagged chat photo: hidden from both members, the sender’s statement of reasons says automated means flagged it, audited', async () => {
    const { messageId, from, to } = await chatPhoto(0.9);
    const explanation = 'Naaktfoto zonder dat erom gevraagd werd.';
    const before = await get(to.cookie, '/api/messages.php?since=0').expect(200);
    const seen = (before.body.messages as { id: number; image: unknown }[]).find(
      (m) => m.id === messageId,
    );
    expect(seen?.image).not.toBeNull();
    await post(mod, `/api/staff/inspection/chat-photos/${messageId}/decision`, {
      action: 'remove',
      reason: 'nudity',
      explanation,
    }).expect(200);

    const message = await t.prisma.message.findUniqueOrThrow({ where: { id: messageId } });
    expect(message.hiddenAt).not.toBeNull();
    expect(message.imageFilename).toBeNull();
    // both members' chats show it removed: no image any more
    for (const member of [from, to]) {
      const chat = await get(member.cookie, '/api/messages.php?since=0').expect(200);
      const shown = (chat.body.messages as { id: number; image: unknown }[]).find(
        (m) => m.id === messageId,
      );
      expect(shown).toBeDefined();
      expect(shown!.image).toBeNull();
    }
    expect(
      await t.prisma.hiddenContent.count({
        where: { messageId, kind: 'message', userId: from.user.id },
      }),
    ).toBe(1);
    const statements = statementsResponse.parse(
      (await get(from.cookie, '/api/statements.php').expect(200)).body,
    ).statements;
    expect(statements[0]).toMatchObject({
      kind: 'content_hidden',
      item: 'message',
      item_id: messageId,
      ground: 'sexual_content',
      explanation,
      automated_detection: true,
    });
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'chat_photo.remove', subjectId: String(messageId) },
    });
    expect(audit).toMatchObject({ actorId: moderator.id, targetUserId: from.user.id });
    expect((await desk()).photos.map((p) => p.message_id)).not.toContain(messageId);
  });

  it('lets moderators and admins use it, not operators, members or visitors; bad input is a 4xx', async () => {
    const { messageId, from } = await chatPhoto(0.85);
    const cookies: Record<(typeof STAFF_ROLES)[number], string> = {
      admin: await cookieOf(await staffAccount(t, ['admin']), t),
      moderator: mod,
      operator: await cookieOf(await staffAccount(t, ['operator']), t),
    };
    const decision = `/api/staff/inspection/chat-photos/${messageId}/decision`;
    for (const cookie of [cookies.operator, from.cookie, null]) {
      await get(cookie, '/api/staff/inspection/chat-photos').expect(403);
      await get(cookie, `/api/staff/inspection/chat-photos/${messageId}/image`).expect(403);
      await post(cookie, decision, { action: 'keep' }).expect(403);
    }
    expect((await desk(cookies.admin)).photos.map((p) => p.message_id)).toContain(messageId);
    await post(mod, decision, { action: 'remove', reason: 'nudity' }).expect(400);
    await post(mod, decision, { action: 'remove', reason: 'nonsense', explanation: 'abc' }).expect(
      400,
    );
    await post(mod, decision, { action: 'delete' }).expect(400);
    await post(mod, '/api/staff/inspection/chat-photos/abc/decision', { action: 'keep' }).expect(
      400,
    );
    await post(mod, '/api/staff/inspection/chat-photos/999999999/decision', {
      action: 'keep',
    }).expect(404);
    await post(cookies.admin, decision, { action: 'keep' }).expect(200);
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'chat_photo.keep', subjectId: String(messageId) },
    });
    expect(audit.actorRoles).toEqual(['admin']);
  });
});
