import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { seedMember } from '../../prisma/seed/member';
import { FileStorage, LocalFileStorage, S3FileStorage } from '../src/storage';
import { sessionCookie } from './helpers/mail-app';
import { createTestApp, type TestApp } from './helpers/test-app';
import { jpeg } from './helpers/images';
import { startS3Server } from './helpers/s3-server';

/** One interface, two places: the same behaviour on local disk and on S3-compatible storage. */
describe('file storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dir = await mkdtemp(path.join(tmpdir(), 'storage-'));
  });
  afterAll(async () => {
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  const storages = (): [string, FileStorage][] => [
    ['local disk', new LocalFileStorage(dir)],
    [
      'S3',
      new S3FileStorage('photos-bucket', {
        endpoint: s3.endpoint,
        region: 'eu-west-1',
        accessKeyId: 'test-key',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
      }),
    ],
  ];

  const on = (place: string) => storages().find(([name]) => name === place)![1];

  it.each(['local disk', 'S3'])(
    '%s: stores, reads and deletes a file, and answers null for a missing one',
    async (place) => {
      const storage = on(place);
      const data = Buffer.from('webp bytes');
      await storage.put('photos', 'abc_DEF-1-thumb.webp', data, 'image/webp');
      expect(await storage.get('photos', 'abc_DEF-1-thumb.webp')).toEqual(data);
      await storage.delete('photos', 'abc_DEF-1-thumb.webp');
      expect(await storage.get('photos', 'abc_DEF-1-thumb.webp')).toBeNull();
      // deleting what is gone is fine
      await storage.delete('photos', 'abc_DEF-1-thumb.webp');
    },
  );

  it.each(['local disk', 'S3'])(
    '%s: stores a local file as a stream and reads it back as one (data exports)',
    async (place) => {
      const storage = on(place);
      const data = Buffer.alloc(300_000, 7);
      const file = path.join(dir, `upload-${place.replace(' ', '-')}.zip`);
      await writeFile(file, data);
      await storage.putFile('exports', 'export-1-abc.zip', file, 'application/zip');
      const stream = await storage.open('exports', 'export-1-abc.zip');
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(data)).toBe(true);
      await storage.delete('exports', 'export-1-abc.zip');
      expect(await storage.open('exports', 'export-1-abc.zip')).toBeNull();
    },
  );

  it.each(['local disk', 'S3'])('%s: refuses names that could leave its folder', async (place) => {
    const storage = on(place);
    for (const name of ['../x.webp', 'a/b.webp', '..', '', 'x.webp\n']) {
      await expect(storage.put('photos', name, Buffer.from('x'), 'image/webp')).rejects.toThrow(
        /Unsafe stored file name/,
      );
    }
  });

  it('signs its S3 requests and keeps objects under the kind as prefix', async () => {
    expect(s3.requests.length).toBeGreaterThan(0);
    expect(s3.requests.every((r) => r.authorized)).toBe(true);
    expect(s3.requests.some((r) => r.path === '/photos-bucket/photos/abc_DEF-1-thumb.webp')).toBe(
      true,
    );
  });

  describe('the site with S3_BUCKET set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        S3_BUCKET: 'site-bucket',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
        STORAGE_DIR: path.join(dir, 'unused'),
      });
    });
    afterAll(() => t.close());

    it('stores an upload in the bucket, serves it from there, and deletes it there', async () => {
      const member = await seedMember(t.seedClient, { passwordCost: 4 });
      const login = await t
        .http()
        .post('/api/user.php')
        .set('X-Request-Type', 'client')
        .send({ email: member.user.email, password: member.password })
        .expect(200);
      const cookie = sessionCookie(login);
      const res = await t
        .http()
        .post('/api/photo.php')
        .set('Cookie', cookie)
        .set('X-Request-Type', 'client')
        .attach('photo', await jpeg(600, 600), 'p.jpg')
        .expect(201);
      const inBucket = [...s3.objects.keys()].filter((key) =>
        key.startsWith('/site-bucket/photos/'),
      );
      expect(inBucket).toHaveLength(4);

      // a photo under inspection is served to its owner's session (and staff) only
      const file = await t.http().get(res.body.photo.full_url).set('Cookie', cookie).expect(200);
      expect((await sharp(file.body as Buffer).metadata()).format).toBe('webp');

      await t
        .http()
        .delete('/api/photo.php')
        .set('Cookie', cookie)
        .set('X-Request-Type', 'client')
        .send({ photo: res.body.photo.id })
        .expect(200);
      expect([...s3.objects.keys()].filter((key) => key.startsWith('/site-bucket/'))).toEqual([]);
    });
  });
});
