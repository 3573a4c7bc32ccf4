import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT, admin } from './helpers/databases';
import { loggedInMember } from './helpers/accounts';
import { jpeg } from './helpers/images';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Runs scripts/<name> with sh as an operator (or the compose `backup` service) does, under the
 * usual umask 022 (files readable by everyone unless the script says otherwise).
 */
function script(name: string, args: string[], env: Record<string, string>) {
  const run = spawnSync(
    'sh',
    ['-c', 'umask 022 && exec sh "$@"', 'sh', path.join(REPO_ROOT, 'scripts', name), ...args],
    { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The permission bits of a file or folder, as `ls -l` would show them in octal. */
const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

/** Every table of the schema with its exact row count. */
async function rowCounts(db: pg.Client): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`);
    counts[name] = Number(rows[0].n);
  }
  return counts;
}

/** One member's rows as the database holds them: account, profile, photos, credit ledger. */
async function memberRows(db: pg.Client, userId: number) {
  const rows = async (sql: string) =>
    (await db.query<{ row: unknown }>(sql, [userId])).rows.map((r) => r.row);
  return {
    user: await rows('SELECT to_jsonb(u) AS row FROM users u WHERE id = $1'),
    profile: await rows('SELECT to_jsonb(p) AS row FROM profiles p WHERE user_id = $1'),
    photos: await rows(
      'SELECT to_jsonb(f) AS row FROM photos f JOIN profiles p ON p.id = f.profile_id WHERE p.user_id = $1 ORDER BY f.id',
    ),
    ledger: await rows(
      'SELECT to_jsonb(l) AS row FROM credit_ledger l WHERE user_id = $1 ORDER BY l.id',
    ),
  };
}

/** Every file under `dir` (relative path) with the SHA-256 of its content. */
async function fileHashes(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    if ((await stat(file)).isFile()) {
      hashes[entry] = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
    }
  }
  return hashes;
}

async function connected<T>(url: string, run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

const databaseExists = (name: string) =>
  admin(async (db) => {
    const { rowCount } = await db.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  });

/**
 * Issue 22: the back-up that docker-compose's `backup` service makes every day
 * (scripts/backup.sh) and the restore of docs/operations.md (scripts/restore.sh), on the real
 * PostgreSQL with Debian's pg_dump and pg_restore: a member's data and photos survive losing the
 * database and the photo store.
 */
describe('backup and restore', () => {
  let t: TestApp;
  let appOpen = true;
  let storage: string;
  let backups: string;

  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'restore-storage-'));
    backups = await mkdtemp(path.join(tmpdir(), 'restore-backups-'));
    t = await createTestApp({ STORAGE_DIR: storage });
  });

  afterAll(async () => {
    if (appOpen) await t.app.close();
    await t.dropDatabase();
    await rm(storage, { recursive: true, force: true });
    await rm(backups, { recursive: true, force: true });
  });

  const databaseName = () => new URL(t.databaseUrl).pathname.slice(1);
  const env = () => ({ DATABASE_URL: t.databaseUrl, BACKUP_DIR: backups, STORAGE_DIR: storage });

  it('restores a dropped database and an emptied photo store from the backup: every table’s row count, and a member’s account, profile, photos, ledger and photo files, as they were', async () => {
    // a member with a photo uploaded through the API (its files in the store) and a ledger
    const anna = await loggedInMember(t, { credits: 120 });
    await t
      .http()
      .post('/api/photo.php')
      .set('Cookie', anna.cookie)
      .set('X-Request-Type', 'client')
      .attach('photo', await jpeg(640, 480), { filename: 'anna.jpg', contentType: 'image/jpeg' })
      .expect(201);
    for (const [delta, balanceAfter] of [
      [100, 100],
      [20, 120],
    ]) {
      await t.prisma.creditLedgerEntry.create({
        data: { userId: anna.user.id, delta, balanceAfter, reason: 'purchase' },
      });
    }
    const before = await connected(t.databaseUrl, async (db) => ({
      counts: await rowCounts(db),
      anna: await memberRows(db, anna.user.id),
    }));
    expect(before.anna.photos).toHaveLength(1);
    expect(before.anna.ledger).toHaveLength(2);
    const photosBefore = await fileHashes(storage);
    expect(Object.keys(photosBefore).length).toBeGreaterThanOrEqual(4);

    const backup = script('backup.sh', [], env());
    expect(backup).toMatchObject({ status: 0 });
    const files = (await readdir(backups)).sort();
    const dump = files.find((f) => /^dating-\d{8}T\d{6}Z\.dump$/.test(f));
    const tarball = files.find((f) => /^storage-\d{8}T\d{6}Z\.tar\.gz$/.test(f));
    expect(dump).toBeDefined();
    expect(tarball).toBeDefined();
    expect(files).toContain('last-success');

    // the loss: the app stopped, the database dropped, the photo store emptied
    await t.app.close();
    appOpen = false;
    await t.dropDatabase();
    expect(await databaseExists(databaseName())).toBe(false);
    await rm(storage, { recursive: true, force: true });

    const restore = script(
      'restore.sh',
      [path.join(backups, dump as string), path.join(backups, tarball as string)],
      env(),
    );
    expect(restore).toMatchObject({ status: 0 });

    const after = await connected(t.databaseUrl, async (db) => ({
      counts: await rowCounts(db),
      anna: await memberRows(db, anna.user.id),
      // the sequences came back too: a new ledger row follows the restored ones
      next: (
        await db.query<{ id: number }>(
          "INSERT INTO credit_ledger (user_id, delta, balance_after, reason) VALUES ($1, -5, 115, 'message') RETURNING id",
          [anna.user.id],
        )
      ).rows[0].id,
    }));
    expect(after.counts).toEqual(before.counts);
    expect(Object.keys(after.counts).length).toBeGreaterThan(20);
    expect(after.anna).toEqual(before.anna);
    const ledgerIds = before.anna.ledger.map((row) => (row as { id: number }).id);
    expect(after.next).toBeGreaterThan(Math.max(...ledgerIds));
    expect(await fileHashes(storage)).toEqual(photosBefore);
  });

  it('keeps the newest BACKUP_KEEP dumps and photo tarballs and removes the older ones', async () => {
    const old = ['20250101T030000Z', '20250102T030000Z', '20250103T030000Z'];
    for (const stamp of old) {
      await writeFile(path.join(backups, `dating-${stamp}.dump`), 'old');
      await writeFile(path.join(backups, `storage-${stamp}.tar.gz`), 'old');
    }
    expect(script('backup.sh', [], { ...env(), BACKUP_KEEP: '2' })).toMatchObject({ status: 0 });

    const dumps = (await readdir(backups)).filter((f) => f.startsWith('dating-')).sort();
    const tarballs = (await readdir(backups)).filter((f) => f.startsWith('storage-')).sort();
    expect(dumps).toHaveLength(2);
    expect(tarballs).toHaveLength(2);
    // the two kept are the backups this file made; every old one is gone
    for (const stamp of old) {
      expect(dumps).not.toContain(`dating-${stamp}.dump`);
      expect(tarballs).not.toContain(`storage-${stamp}.tar.gz`);
    }
  });

  it('writes its folder 0700 and every back-up 0600 even under umask 022, and closes older files left readable', async () => {
    await chmod(backups, 0o755);
    const older = path.join(backups, 'dating-20240101T030000Z.dump');
    await writeFile(older, 'an older back-up', { mode: 0o644 });
    expect(await modeOf(older)).toBe('644');

    expect(script('backup.sh', [], env())).toMatchObject({ status: 0 });
    expect(await modeOf(backups)).toBe('700');
    const files = await readdir(backups);
    expect(files.some((f) => /^dating-\d{8}T\d{6}Z\.dump$/.test(f))).toBe(true);
    expect(files.some((f) => /^storage-\d{8}T\d{6}Z\.tar\.gz$/.test(f))).toBe(true);
    for (const file of files) {
      expect([file, await modeOf(path.join(backups, file))]).toEqual([file, '600']);
    }
  });

  it('encrypts the dump and the photo tarball to BACKUP_AGE_RECIPIENT, never writing them in the clear, and restores them with the key', async () => {
    const keys = await mkdtemp(path.join(tmpdir(), 'backup-keys-'));
    const encrypted = await mkdtemp(path.join(tmpdir(), 'backup-encrypted-'));
    const restoredStorage = await mkdtemp(path.join(tmpdir(), 'restore-encrypted-storage-'));
    const restoredDatabase = `${databaseName()}_restored`;
    const restoredUrl = t.databaseUrl.replace(/\/[^/?]+(\?|$)/, `/${restoredDatabase}$1`);
    try {
      const identity = path.join(keys, 'key.txt');
      execFileSync('age-keygen', ['-o', identity], { stdio: 'ignore' });
      const recipient = execFileSync('age-keygen', ['-y', identity], { encoding: 'utf8' }).trim();
      const backup = script('backup.sh', [], {
        ...env(),
        BACKUP_DIR: encrypted,
        BACKUP_AGE_RECIPIENT: recipient,
      });
      expect(backup).toMatchObject({ status: 0 });

      const files = (await readdir(encrypted)).sort();
      const dump = files.find((f) => /^dating-\d{8}T\d{6}Z\.dump\.age$/.test(f)) as string;
      const tarball = files.find((f) => /^storage-\d{8}T\d{6}Z\.tar\.gz\.age$/.test(f)) as string;
      expect(dump).toBeDefined();
      expect(tarball).toBeDefined();
      // nothing else: no clear copy, no leftover temporary file
      expect(files).toEqual([dump, 'last-success', tarball].sort());
      for (const file of [dump, tarball]) {
        const head = (await readFile(path.join(encrypted, file))).subarray(0, 21).toString();
        expect(head).toBe('age-encryption.org/v1');
        expect(await modeOf(path.join(encrypted, file))).toBe('600');
      }

      // a dump that fails on the way into age leaves no back-up behind, and the run fails
      const failed = script('backup.sh', [], {
        ...env(),
        DATABASE_URL: restoredUrl.replace(restoredDatabase, `${restoredDatabase}_missing`),
        BACKUP_DIR: encrypted,
        BACKUP_AGE_RECIPIENT: recipient,
      });
      expect(failed.status).not.toBe(0);
      expect((await readdir(encrypted)).sort()).toEqual(files);

      // without the key the restore stops before anything is dropped
      const refused = script('restore.sh', [path.join(encrypted, dump)], {
        DATABASE_URL: restoredUrl,
      });
      expect(refused.status).not.toBe(0);
      expect(refused.output).toMatch(/BACKUP_AGE_IDENTITY/);

      const restore = script(
        'restore.sh',
        [path.join(encrypted, dump), path.join(encrypted, tarball)],
        { DATABASE_URL: restoredUrl, STORAGE_DIR: restoredStorage, BACKUP_AGE_IDENTITY: identity },
      );
      expect(restore).toMatchObject({ status: 0 });
      expect(await connected(restoredUrl, rowCounts)).toEqual(
        await connected(t.databaseUrl, rowCounts),
      );
      expect(await fileHashes(restoredStorage)).toEqual(await fileHashes(storage));
    } finally {
      await admin((db) => db.query(`DROP DATABASE IF EXISTS "${restoredDatabase}" WITH (FORCE)`));
      for (const dir of [keys, encrypted, restoredStorage]) {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });

  it('refuses a damaged dump before touching the database', async () => {
    const damaged = path.join(backups, 'damaged.dump');
    await writeFile(damaged, 'not a dump');
    const restore = script('restore.sh', [damaged], env());
    expect(restore.status).not.toBe(0);
    expect(await databaseExists(databaseName())).toBe(true);
    expect(await connected(t.databaseUrl, (db) => rowCounts(db))).toHaveProperty('users');
  });
});
