import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import sharp from 'sharp';
import { PHOTO_SCREEN_CLASSES, PHOTO_SCREEN_WAIT_SECONDS } from '@app/contract';
import { warmUp } from '../src/photo-screening';
import { WorkerModule } from '../src/worker.module';
import { chatMember, sendPhoto, type ChatMember } from './helpers/chat';
import { darkBand, discs, jpeg, pngDeclaring } from './helpers/images';
import { eventually } from './helpers/sockets';
import { cookieOf, staffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { QUEUES, WorkerRegistry } from '../src/queue';

type QueuedPhoto = {
  id: number;
  screening: {
    risk: number | null;
    scores: Record<string, number> | null;
    abuse_match: boolean;
    scored_at: string | null;
  } | null;
};

/**
 * Pre-screening of new photos (issue 35, point 1): the worker scores every new profile and chat
 * photo with the model shipped in the nsfwjs package; the inspection desk serves the riskiest
 * first with the scores beside it; a photo matching one rejected for abuse is flagged at once;
 * a moderator always decides.
 */
describe('photo pre-screening: scores order the desk, a moderator decides', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let mod: string;

  beforeAll(async () => {
    // the model, once for this file, before the app's connections open
    await warmUp();
    t = await createTestApp();
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    await worker.get(WorkerRegistry).start(QUEUES.photoScreen);
    mod = await cookieOf(await staffAccount(t, ['moderator']), t);
  }, 120_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  /** Every test starts with an empty desk: what earlier tests left waiting is approved. */
  beforeEach(async () => {
    await t.prisma.photo.updateMany({
      where: { status: 'under_inspection' },
      data: { status: 'active' },
    });
  });

  const post = (path: string, body: object = {}) =>
    t.http().post(path).set('Cookie', mod).set('X-Request-Type', 'client').send(body);
  const upload = (member: ChatMember, data: Buffer, name = 'p.jpg') =>
    t
      .http()
      .post('/api/photo.php')
      .set('Cookie', member.cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', data, { filename: name, contentType: 'image/jpeg' });
  const uploaded = async (member: ChatMember, data: Buffer): Promise<number> =>
    (await upload(member, data).expect(201)).body.photo.id as number;
  const desk = async (): Promise<QueuedPhoto[]> =>
    (await t.http().get('/api/staff/inspection/photos').set('Cookie', mod).expect(200)).body.photos;
  const scored = (photoId: number) =>
    eventually(async () => {
      const row = await t.prisma.photoScreening.findUnique({ where: { photoId } });
      return row?.scoredAt != null;
    }, 60_000);

  it('scores a new photo in the worker after the upload and serves the riskiest first, with its scores', async () => {
    const plain = await uploaded(await chatMember(t), await jpeg(800, 600));
    // the upload answers before the score: the row waits for the worker
    const risky = await uploaded(await chatMember(t), await darkBand(800, 600));
    await scored(plain);
    await scored(risky);

    const photos = await desk();
    // uploaded later, served first: the riskier one
    expect(photos.map((photo) => photo.id)).toEqual([risky, plain]);
    for (const photo of photos) {
      expect(Object.keys(photo.screening!.scores!).sort()).toEqual([...PHOTO_SCREEN_CLASSES]);
      expect(photo.screening!.abuse_match).toBe(false);
      expect(photo.screening!.scored_at).not.toBeNull();
    }
    const [first, second] = photos;
    expect(first!.screening!.risk!).toBeGreaterThan(second!.screening!.risk!);
    const { porn, hentai, sexy } = first!.screening!.scores!;
    expect(first!.screening!.risk!).toBeCloseTo(porn! + hentai! + sexy!, 3);

    // the moderator's next photo is the riskiest, its scores beside it; nothing was decided
    const next = await post('/api/staff/inspection/photos/next').expect(200);
    expect(next.body.photo).toMatchObject({ id: risky, screening: { abuse_match: false } });
    expect(next.body.photo.screening.risk).toBe(first!.screening!.risk);
    const rows = await t.prisma.photo.findMany({ where: { id: { in: [plain, risky] } } });
    expect(rows.map((row) => row.status)).toEqual(['under_inspection', 'under_inspection']);
  });

  it('flags at once a re-upload, resized and re-encoded, of a photo rejected for abuse', async () => {
    const original = await discs(7);
    const first = await uploaded(await chatMember(t), original);
    await post(`/api/staff/inspection/photos/${first}/decision`, {
      action: 'reject',
      reason: 'abuse',
    }).expect(200);
    // kept: the hash, the reason and the date; no member, no file
    const kept = await t.prisma.abusePhotoHash.findMany();
    expect(kept).toHaveLength(1);
    expect(Object.keys(kept[0]!).sort()).toEqual([
      'createdAt',
      'decisionId',
      'hash',
      'id',
      'reason',
    ]);
    expect(kept[0]!.reason).toBe('abuse');

    const other = await uploaded(await chatMember(t), await discs(8));
    const again = await uploaded(
      await chatMember(t),
      await sharp(original).resize(600).jpeg({ quality: 60 }).toBuffer(),
    );
    // at once: before the worker scored anything, first on the desk
    const photos = await desk();
    expect(photos[0]).toMatchObject({ id: again, screening: { abuse_match: true } });
    expect(photos.find((photo) => photo.id === other)!.screening!.abuse_match).toBe(false);
    // flagged, never decided
    const row = await t.prisma.photo.findUniqueOrThrow({ where: { id: again } });
    expect(row.status).toBe('under_inspection');
    await scored(again);
    expect((await desk())[0]).toMatchObject({ id: again, screening: { abuse_match: true } });

    // rejected: its statement of reasons says automated means flagged it, the first one's not
    await post(`/api/staff/inspection/photos/${again}/decision`, {
      action: 'reject',
      reason: 'abuse',
    }).expect(200);
    const statementOf = (itemId: number) =>
      t.prisma.statement.findFirstOrThrow({
        where: { itemType: 'photo', itemId },
        select: { ground: true, automatedDetection: true },
      });
    expect(await statementOf(again)).toEqual({
      ground: 'illegal_content',
      automatedDetection: true,
    });
    expect(await statementOf(first)).toEqual({
      ground: 'illegal_content',
      automatedDetection: false,
    });
  });

  it('keeps no hash for another reason, and takes the hash away with the undo', async () => {
    await t.prisma.abusePhotoHash.deleteMany();
    const nude = await uploaded(await chatMember(t), await discs(21));
    await post(`/api/staff/inspection/photos/${nude}/decision`, {
      action: 'reject',
      reason: 'nudity',
    }).expect(200);
    expect(await t.prisma.abusePhotoHash.count()).toBe(0);

    const abuse = await uploaded(await chatMember(t), await discs(22));
    const decided = await post(`/api/staff/inspection/photos/${abuse}/decision`, {
      action: 'reject',
      reason: 'abuse',
    }).expect(200);
    expect(await t.prisma.abusePhotoHash.count()).toBe(1);
    await post(`/api/staff/inspection/decisions/${decided.body.decision}/undo`).expect(200);
    expect(await t.prisma.abusePhotoHash.count()).toBe(0);
    // approved after all, a photo rejected for abuse leaves no hash either
    await post(`/api/staff/inspection/photos/${abuse}/decision`, {
      action: 'reject',
      reason: 'abuse',
    }).expect(200);
    await post(`/api/staff/inspection/photos/${abuse}/decision`, { action: 'approve' }).expect(200);
    expect(await t.prisma.abusePhotoHash.count()).toBe(0);
  });

  it('orders the desk: an abuse match, then the riskiest; a photo not scored for a while counts as the riskiest', async () => {
    const member = await chatMember(t);
    let seq = 0;
    const waiting = async (
      minutesAgo: number,
      screening: { risk?: number; abuseMatch?: boolean } | null,
    ) => {
      seq += 1;
      const createdAt = new Date(Date.now() - minutesAgo * 60_000);
      const photo = await t.prisma.photo.create({
        data: {
          profileId: member.profile!.id,
          filename: `scr${seq}x${Date.now()}-full.webp`,
          thumbFilename: `scr${seq}x${Date.now()}-thumb.webp`,
          width: 400,
          height: 400,
          createdAt,
        },
      });
      if (screening) {
        await t.prisma.photoScreening.create({
          data: {
            photoId: photo.id,
            hash: BigInt(seq),
            abuseMatch: screening.abuseMatch ?? false,
            risk: screening.risk ?? null,
            scoredAt: screening.risk === undefined ? null : createdAt,
            createdAt,
          },
        });
      }
      return photo.id;
    };
    const lowRisk = await waiting(30, { risk: 0.2 });
    const highRisk = await waiting(20, { risk: 0.9 });
    const fresh = await waiting(PHOTO_SCREEN_WAIT_SECONDS / 60 / 4, {});
    const stale = await waiting((PHOTO_SCREEN_WAIT_SECONDS / 60) * 4, {});
    const match = await waiting(1, { risk: 0, abuseMatch: true });
    const legacy = await waiting(40, null);

    expect((await desk()).map((photo) => photo.id)).toEqual([
      match,
      legacy,
      stale,
      highRisk,
      lowRisk,
      fresh,
    ]);
    const claimed = await post('/api/staff/inspection/photos/next').expect(200);
    expect(claimed.body.photo.id).toBe(match);
  });

  it('scores a chat photo too', async () => {
    const from = await chatMember(t);
    const to = await chatMember(t);
    const sent = await sendPhoto(t, from, { member: to.profile!.id }, await darkBand()).expect(201);
    const messageId = sent.body.message.id as number;
    await eventually(async () => {
      const row = await t.prisma.photoScreening.findUnique({ where: { messageId } });
      return row?.scoredAt != null;
    }, 60_000);
    const row = await t.prisma.photoScreening.findUniqueOrThrow({ where: { messageId } });
    expect(row.risk).toBeGreaterThan(0);
    expect(row.photoId).toBeNull();
  });

  it.each([
    [
      'a broken JPEG',
      async () => {
        const whole = await jpeg(1000, 800);
        return whole.subarray(0, Math.floor(whole.length * 0.6));
      },
      'photo_unreadable',
    ],
    ['a huge image', async () => pngDeclaring(50_000, 50_000), 'photo_too_many_pixels'],
  ])('refuses %s with a 4xx and screens nothing', async (_name, data, code) => {
    const before = await t.prisma.photoScreening.count();
    const res = await upload(await chatMember(t), await data()).expect(422);
    expect(res.body.error).toBe(code);
    expect(await t.prisma.photoScreening.count()).toBe(before);
  });
});
