import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { SHARED_CATALOGUES } from '@app/contract';
import { seedMember, type SeedMemberOptions } from '../../prisma/seed/member';
import { staffCookie } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { PDF, SVG_WITH_SCRIPT, jpeg, png, pngDeclaring } from './helpers/images';

const nl = SHARED_CATALOGUES.nl.errors;

describe('photos: upload, inspection, main photo, delete', () => {
  let t: TestApp;
  let storage: string;
  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'photos-'));
    t = await createTestApp({ STORAGE_DIR: storage });
  });
  afterAll(async () => {
    await t.close();
    await rm(storage, { recursive: true, force: true });
  });

  const seed = (options: SeedMemberOptions = {}) =>
    seedMember(t.seedClient, { passwordCost: 4, ...options });

  async function login(options: SeedMemberOptions = {}) {
    const member = await seed(options);
    const agent = t.http();
    const res = await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ email: member.user.email, password: member.password })
      .expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).join('; ');
    return { member, cookie, agent };
  }

  const upload = (cookie: string, data: Buffer, filename = 'photo.jpg') =>
    t
      .http()
      .post('/api/photo.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', data, { filename, contentType: 'image/jpeg' });

  const files = async () => (await readdir(path.join(storage, 'photos')).catch(() => [])).sort();
  const rowsOf = (profileId: number) => t.prisma.photo.count({ where: { profileId } });

  it('stores a JPEG with GPS data under inspection, re-encoded in four sizes without any metadata', async () => {
    const { member, cookie } = await login();
    const before = await files();
    const original = await jpeg(1200, 900, { gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(cookie, original).expect(201);
    expect(res.body.photo).toMatchObject({ status: 'under_inspection', main: true, width: 1200 });

    const added = (await files()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(4);
    expect(added.map((f) => f.replace(/^.*-/, '')).sort()).toEqual([
      'card.webp',
      'full.webp',
      'locked.webp',
      'thumb.webp',
    ]);
    for (const file of added) {
      const stored = await sharp(path.join(storage, 'photos', file)).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.icc).toBeUndefined();
    }
    // nothing of the original bytes is kept
    expect(added.some((f) => f.endsWith('.jpg'))).toBe(false);
    expect(await rowsOf(member.profile!.id)).toBe(1);

    // the owner sees it, in its state, and can open its files while it is inspected
    const list = await t.http().get('/api/photos.php').set('Cookie', cookie).expect(200);
    expect(list.body).toMatchObject({ max_photos: 3, has_main_image: false });
    // the owner's own session: a photo under inspection is served to nobody else
    const full = await t.http().get(list.body.photos[0].full_url).set('Cookie', cookie).expect(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect((await sharp(full.body as Buffer).metadata()).exif).toBeUndefined();
  });

  it.each([
    ['PNG', () => png(400, 300)],
    [
      'WebP',
      async () =>
        sharp(await jpeg(400, 300))
          .webp()
          .toBuffer(),
    ],
    [
      'AVIF',
      async () =>
        sharp(await jpeg(400, 300))
          .avif()
          .toBuffer(),
    ],
    // an iPhone-style HEIC (HEVC), made once with libheif's heif-enc (640x480)
    ['HEIC', () => readFile(path.join(__dirname, 'fixtures', 'sample.heic'))],
  ])('accepts a %s photo and stores it as WebP', async (_format, make) => {
    const { cookie } = await login();
    const res = await upload(cookie, await make()).expect(201);
    expect(res.body.photo.status).toBe('under_inspection');
    const thumb = await t.http().get(res.body.photo.thumb_url).set('Cookie', cookie).expect(200);
    expect((await sharp(thumb.body as Buffer).metadata()).format).toBe('webp');
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const { cookie } = await login();
    const sideways = await sharp(await jpeg(800, 600))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(cookie, sideways).expect(201);
    expect(res.body.photo).toMatchObject({ width: 600, height: 800 });
  });

  it.each([
    [
      'a text file named .jpg',
      Buffer.from('just some text, not a photo at all\n'.repeat(20)),
      415,
      'photo_type_unsupported',
    ],
    ['an SVG with a script', SVG_WITH_SCRIPT, 415, 'photo_type_unsupported'],
    ['a PDF', PDF, 415, 'photo_type_unsupported'],
    [
      'a decompression bomb (a small PNG declaring 50000x50000)',
      pngDeclaring(50_000, 50_000),
      422,
      'photo_too_many_pixels',
    ],
    ['a tiny picture', null, 422, 'photo_too_small'],
  ])(
    'refuses %s with a clear message, leaving no file and no row',
    async (_name, data, status, code) => {
      const { member, cookie } = await login();
      const body = data ?? (await png(40, 40));
      const before = await files();
      const res = await upload(cookie, body).expect(status);
      expect(res.body.error).toBe(code);
      // a message with a count is its plural forms; 200 pixels is Dutch's _other
      const text =
        code in nl ? nl[code as keyof typeof nl] : nl[`${code}_other` as keyof typeof nl];
      expect(res.body.message).toBe(
        text.replace('{max_mp}', '50').replace(/\{(min|count)\}/g, '200'),
      );
      expect(await files()).toEqual(before);
      expect(await rowsOf(member.profile!.id)).toBe(0);
    },
  );

  it('refuses a truncated JPEG as unreadable, leaving nothing behind', async () => {
    const { member, cookie } = await login();
    const whole = await jpeg(1000, 800);
    const before = await files();
    const res = await upload(cookie, whole.subarray(0, Math.floor(whole.length * 0.6))).expect(422);
    expect(res.body.error).toBe('photo_unreadable');
    expect(await files()).toEqual(before);
    expect(await rowsOf(member.profile!.id)).toBe(0);
  });

  it('refuses a 50 MB upload before reading it all, in the member’s language', async () => {
    const { member, cookie } = await login({ language: 'en' });
    const huge = Buffer.concat([await jpeg(400, 400), Buffer.alloc(50 * 1024 * 1024)]);
    const before = await files();
    const res = await upload(cookie, huge);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      error: 'photo_too_large',
      message: SHARED_CATALOGUES.en.errors.photo_too_large.replace('{max_mb}', '15'),
    });
    expect(await files()).toEqual(before);
    expect(await rowsOf(member.profile!.id)).toBe(0);
  });

  it('keeps a free member at 3 photos, even with uploads racing, and lets a premium member have more', async () => {
    const { member, cookie } = await login();
    const photo = await jpeg(400, 400);
    const results = await Promise.all(Array.from({ length: 5 }, () => upload(cookie, photo)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(
      nl.photo_limit_reached_other.replace('{count}', '3'),
    );
    expect(await rowsOf(member.profile!.id)).toBe(3);

    const premium = await login({ paidUser: true });
    for (let i = 0; i < 4; i += 1) await upload(premium.cookie, photo).expect(201);
    const list = await t.http().get('/api/photos.php').set('Cookie', premium.cookie).expect(200);
    expect(list.body.max_photos).toBe(25);
    expect(list.body.photos).toHaveLength(4);
  });

  it('stores an upload sent twice with one Idempotency-Key once, and answers the repeat alike', async () => {
    const { member, cookie } = await login();
    const data = await jpeg(500, 500);
    const send = () => upload(cookie, data).set('Idempotency-Key', 'upload-key-0001');
    const first = await send().expect(201);
    const again = await send().expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(member.profile!.id)).toBe(1);
  });

  it('refuses an Idempotency-Key used again for another photo with 422, storing nothing more', async () => {
    const { member, cookie } = await login();
    const key = 'upload-key-0002';
    await upload(cookie, await jpeg(500, 500))
      .set('Idempotency-Key', key)
      .expect(201);
    const other = await upload(cookie, await jpeg(600, 500))
      .set('Idempotency-Key', key)
      .expect(422);
    expect(other.body.error).toBe('idempotency_key_reused');
    expect(await rowsOf(member.profile!.id)).toBe(1);
  });

  it('lets staff approve or reject (with a reason the member sees); members may not', async () => {
    const { cookie } = await login();
    const first = (await upload(cookie, await jpeg(400, 400)).expect(201)).body.photo;
    const second = (await upload(cookie, await jpeg(500, 400)).expect(201)).body.photo;
    const staff = { cookie: await staffCookie(t, ['moderator']) };

    await t
      .http()
      .post('/api/photo-moderation.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ photo: first.id, action: 'approve' })
      .expect(403);

    const queue = await t
      .http()
      .get('/api/photo-moderation.php')
      .set('Cookie', staff.cookie)
      .expect(200);
    expect(queue.body.photos.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    await t
      .http()
      .post('/api/photo-moderation.php')
      .set('Cookie', staff.cookie)
      .set('X-Request-Type', 'client')
      .send({ photo: second.id, action: 'reject' })
      .expect(400);
    await t
      .http()
      .post('/api/photo-moderation.php')
      .set('Cookie', staff.cookie)
      .set('X-Request-Type', 'client')
      .send({ photo: second.id, action: 'reject', reason: 'Er staat geen persoon op de foto.' })
      .expect(200);
    await t
      .http()
      .post('/api/photo-moderation.php')
      .set('Cookie', staff.cookie)
      .set('X-Request-Type', 'client')
      .send({ photo: first.id, action: 'approve' })
      .expect(200);

    const list = await t.http().get('/api/photos.php').set('Cookie', cookie).expect(200);
    expect(list.body.has_main_image).toBe(true);
    expect(list.body.photos).toEqual([
      expect.objectContaining({
        id: first.id,
        status: 'active',
        main: true,
        rejected_reason: null,
      }),
      expect.objectContaining({
        id: second.id,
        status: 'rejected',
        main: false,
        rejected_reason: 'Er staat geen persoon op de foto.',
      }),
    ]);
    const user = await t.http().get('/api/user.php').set('Cookie', cookie).expect(200);
    expect(user.body.user.profile.main_image).toMatchObject({ id: first.id, status: 'active' });
  });

  it('changes the main photo and deletes a photo with its files', async () => {
    const { member, cookie } = await login();
    const a = (await upload(cookie, await jpeg(400, 400)).expect(201)).body.photo;
    const b = (await upload(cookie, await jpeg(400, 500)).expect(201)).body.photo;
    const main = await t
      .http()
      .put('/api/photo.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ photo: b.id, main: true })
      .expect(200);
    expect(main.body.photos.find((p: { main: boolean }) => p.main).id).toBe(b.id);

    const before = await files();
    const after = await t
      .http()
      .delete('/api/photo.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ photo: b.id })
      .expect(200);
    expect(after.body.photos).toEqual([expect.objectContaining({ id: a.id, main: true })]);
    expect(before.length - (await files()).length).toBe(4);
    expect(await rowsOf(member.profile!.id)).toBe(1);

    // another member's photo is not found, and nothing changes
    const other = await login();
    await t
      .http()
      .delete('/api/photo.php')
      .set('Cookie', other.cookie)
      .set('X-Request-Type', 'client')
      .send({ photo: a.id })
      .expect(404);
    expect(await rowsOf(member.profile!.id)).toBe(1);
  });
});
