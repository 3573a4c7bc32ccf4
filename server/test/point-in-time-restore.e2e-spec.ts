import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFile,
  chown,
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  stat,
} from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parse } from 'yaml';
import { clusterUser, postgresBinaries, waitFor } from './helpers/clusters';
import { REPO_ROOT } from './helpers/databases';

interface Service {
  build?: { context?: string; dockerfile?: string };
  command?: string[];
  entrypoint?: string[];
  user?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: string[];
  healthcheck?: { test: string[] };
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const services = (file: string) =>
  (parse(read(file), { merge: true }) as { services: Record<string, Service> }).services;
const compose = services('docker-compose.yml');

/** The `-c name=value` settings of the postgres service's command, as PostgreSQL gets them. */
function composeSettings(): Record<string, string> {
  const command = compose.postgres.command ?? [];
  const settings: Record<string, string> = {};
  command.forEach((part, i) => {
    if (command[i - 1] !== '-c') return;
    const at = part.indexOf('=');
    settings[part.slice(0, at)] = part.slice(at + 1);
  });
  return settings;
}

/** The options of one section of docker/pgbackrest.conf. */
function configSection(name: string): Record<string, string> {
  const options: Record<string, string> = {};
  let section = '';
  for (const line of read('docker/pgbackrest.conf').split('\n')) {
    const header = /^\[(.+)\]$/.exec(line.trim());
    if (header) section = header[1];
    else if (section === name && /^[a-z0-9-]+=/.test(line)) {
      const at = line.indexOf('=');
      options[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return options;
}

/** Every file under `dir`, with its path. */
async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    if ((await stat(file)).isFile()) files.push(file);
  }
  return files;
}

interface InfoBackup {
  label: string;
  type: 'full' | 'diff' | 'incr';
  reference: string[] | null;
  archive: { start: string; stop: string };
}
interface Info {
  name: string;
  cipher: string;
  status: { code: number; message: string };
  backup: InfoBackup[];
  archive: { min: string | null; max: string | null }[];
}

const hasPgBackRest = spawnSync('pgbackrest', ['version']).status === 0;
const STANZA = 'vonkje';

/**
 * Issue 37, item 3: the continuous backup with point-in-time restore, as docker-compose.yml runs
 * it, on real servers. A PostgreSQL cluster of the test's own (Debian's server binaries,
 * initdb'd into a temporary folder, reached through its Unix socket only) runs with the
 * postgres service's archiving settings, so every WAL segment goes through pgBackRest into an
 * encrypted directory repository; the backups are made by the pgbackrest service's script
 * (scripts/pitr-backup.sh) with the images' configuration (docker/pgbackrest.conf), pointed at
 * the temporary folder through PGBACKREST_* variables.
 */
describe('the docker-compose continuous backup', () => {
  it('archives the WAL of the postgres service with pgBackRest into an encrypted repository, with the passphrase from the environment only', () => {
    const settings = composeSettings();
    expect(settings).toMatchObject({
      wal_level: 'replica',
      archive_mode: 'on',
      archive_command: `pgbackrest --stanza=${STANZA} archive-push %p`,
    });
    // a quiet site's last writes reach the repository within a minute
    expect(Number(settings.archive_timeout)).toBeLessThanOrEqual(300);
    expect(configSection(STANZA)).toEqual({
      'pg1-path': '/var/lib/postgresql/data',
      'pg1-socket-path': '/var/run/postgresql',
    });
    expect(read('scripts/pitr-backup.sh')).toContain(
      `PGBACKREST_STANZA="\${PGBACKREST_STANZA:-${STANZA}}"`,
    );
    const global = configSection('global');
    expect(global).toMatchObject({
      'repo1-cipher-type': 'aes-256-cbc',
      'repo1-retention-full': '2',
    });
    expect(Object.keys(global).filter((option) => option.includes('cipher-pass'))).toEqual([]);

    // both images carry pgBackRest and this configuration
    const dockerfile = read('docker/postgres.Dockerfile');
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends pgbackrest\b/);
    expect(dockerfile).toMatch(
      /^COPY docker\/pgbackrest\.conf \/etc\/pgbackrest\/pgbackrest\.conf$/m,
    );
    const { postgres, pgbackrest } = compose;
    expect(postgres.build).toEqual({ context: '.', dockerfile: 'docker/postgres.Dockerfile' });
    expect(pgbackrest.build).toEqual(postgres.build);
    for (const service of [postgres, pgbackrest]) {
      expect(service.environment?.PGBACKREST_REPO1_CIPHER_PASS).toMatch(
        /^\$\{PGBACKREST_REPO1_CIPHER_PASS:\?/,
      );
      expect(service.volumes).toEqual(
        expect.arrayContaining([
          'pgdata:/var/lib/postgresql/data',
          'pgbackrest:/var/lib/pgbackrest',
          'pgsocket:/var/run/postgresql',
        ]),
      );
      expect(service.networks).toEqual(['backend']);
    }
  });

  it('runs a full backup a week and an incremental one every day, and is unhealthy when the last one is older than a day', () => {
    const service = compose.pgbackrest;
    expect(service.user).toBe('postgres');
    expect(service.entrypoint).toEqual(['sh', '/scripts/pitr-backup.sh', '--loop']);
    expect(service.volumes).toContain('./scripts/pitr-backup.sh:/scripts/pitr-backup.sh:ro');
    expect(service.environment).toMatchObject({
      PITR_BACKUP_HOUR: '${PITR_BACKUP_HOUR:-3}',
      PITR_FULL_DAY: '${PITR_FULL_DAY:-7}',
    });
    const script = read('scripts/pitr-backup.sh');
    expect(script).toMatch(
      /if \[ "\$\(date -u \+%u\)" = "\$full_day" \]; then type=full; else type=incr; fi/,
    );
    expect(service.healthcheck?.test.join(' ')).toMatch(/\/tmp\/pitr-last-success -mmin -1560/);
    expect(script).toMatch(/status="\$\{PITR_STATUS_FILE:-\/tmp\/pitr-last-success\}"/);
  });

  it('moves the repository to S3-compatible storage with docker/compose.pgbackrest-s3.yml, the same settings for both services', () => {
    const s3 = services('docker/compose.pgbackrest-s3.yml');
    expect(Object.keys(s3).sort()).toEqual(['pgbackrest', 'postgres']);
    expect(s3.pgbackrest.environment).toEqual(s3.postgres.environment);
    const environment = s3.postgres.environment ?? {};
    expect(environment.PGBACKREST_REPO1_TYPE).toBe('s3');
    for (const name of ['BUCKET', 'ENDPOINT', 'REGION', 'KEY', 'KEY_SECRET']) {
      const variable = `PGBACKREST_REPO1_S3_${name}`;
      expect([variable, environment[variable]]).toEqual([
        variable,
        expect.stringMatching(new RegExp(`^\\$\\{${variable}:\\?`)),
      ]);
    }
    for (const service of Object.values(s3)) expect(service.networks).toContain('egress');
  });
});

const describeWithPgBackRest = hasPgBackRest ? describe : describe.skip;
if (!hasPgBackRest) {
  console.warn(
    'point-in-time restore NOT TESTED: pgbackrest is not installed (Debian: apt-get install pgbackrest; .ci/run installs it)',
  );
}

const title = hasPgBackRest
  ? 'point-in-time restore with pgBackRest (a cluster of its own)'
  : 'point-in-time restore with pgBackRest: SKIPPED, pgbackrest is not installed (apt-get install pgbackrest)';
describeWithPgBackRest(title, () => {
  const user = clusterUser();
  const passphrase = randomBytes(24).toString('base64');
  const primaryPort = 55441;
  const restoredPort = 55442;
  let dir: string;
  let bin: string;
  let env: Record<string, string>;
  const started: string[] = [];
  const paths = () => ({
    primary: path.join(dir, 'primary'),
    restored: path.join(dir, 'restored'),
    repo: path.join(dir, 'repo'),
    run: path.join(dir, 'run'),
    script: path.join(dir, 'pitr-backup.sh'),
  });

  /** Runs a command as the cluster's user, in the temporary folder, with the pgBackRest environment. */
  function run(command: string, args: string[], extra: Record<string, string> = {}) {
    const result = spawnSync(command, args, {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env, ...extra },
      encoding: 'utf8',
      timeout: 120_000,
      ...user,
    });
    return {
      status: result.status,
      output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
    };
  }

  const pgbackrest = (args: string[], extra: Record<string, string> = {}) =>
    run('pgbackrest', [`--stanza=${STANZA}`, ...args], extra);
  const backup = (type: 'full' | 'incr', extra: Record<string, string> = {}) =>
    run('sh', [paths().script, type], extra);
  const info = (): Info => {
    const result = pgbackrest(['info', '--output=json']);
    expect(result).toMatchObject({ status: 0 });
    return (JSON.parse(result.output) as Info[])[0];
  };

  async function mkdirOwned(folder: string) {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    if (user) await chown(folder, user.uid, user.gid);
  }

  function startCluster(data: string, port: number) {
    const result = run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      `${data}.log`,
      '-o',
      `-p ${port}`,
      '-w',
      '-t',
      '120',
      'start',
    ]);
    expect(result).toMatchObject({ status: 0 });
    started.push(data);
  }

  async function query<T extends object>(port: number, sql: string, params: unknown[] = []) {
    const db = new pg.Client({ host: paths().run, port, user: 'postgres', database: 'postgres' });
    await db.connect();
    try {
      return (await db.query<T>(sql, params)).rows;
    } finally {
      await db.end();
    }
  }

  beforeAll(async () => {
    bin = postgresBinaries();
    dir = await mkdtemp(path.join(tmpdir(), 'pitr-'));
    if (user) await chown(dir, user.uid, user.gid);
    const { primary, repo, run: socketDir, script } = paths();
    for (const folder of [repo, socketDir, path.join(dir, 'lock'), path.join(dir, 'log')]) {
      await mkdirOwned(folder);
    }
    // the shipped configuration and script, where the cluster's user can read them
    await copyFile(
      path.join(REPO_ROOT, 'docker/pgbackrest.conf'),
      path.join(dir, 'pgbackrest.conf'),
    );
    await copyFile(path.join(REPO_ROOT, 'scripts/pitr-backup.sh'), script);
    env = {
      PGBACKREST_CONFIG: path.join(dir, 'pgbackrest.conf'),
      PGBACKREST_REPO1_CIPHER_PASS: passphrase,
      PGBACKREST_REPO1_PATH: repo,
      PGBACKREST_PG1_PATH: primary,
      PGBACKREST_PG1_SOCKET_PATH: socketDir,
      PGBACKREST_PG1_PORT: String(primaryPort),
      PGBACKREST_LOCK_PATH: path.join(dir, 'lock'),
      PGBACKREST_LOG_PATH: path.join(dir, 'log'),
      // uncompressed, so that only the encryption keeps the rows' text out of the repository
      PGBACKREST_COMPRESS_TYPE: 'none',
      PITR_STATUS_FILE: path.join(dir, 'last-success'),
    };

    const initdb = run(path.join(bin, 'initdb'), [
      '-D',
      primary,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
    ]);
    expect(initdb).toMatchObject({ status: 0 });
    // the postgres service's settings (docker-compose.yml), and a Unix socket only: no TCP port
    const settings: Record<string, string> = {
      ...composeSettings(),
      listen_addresses: '',
      unix_socket_directories: socketDir,
      fsync: 'off',
    };
    await appendFile(
      path.join(primary, 'postgresql.auto.conf'),
      Object.entries(settings)
        .map(([name, value]) => `${name} = '${value.replace(/'/g, "''")}'\n`)
        .join(''),
    );
    startCluster(primary, primaryPort);
  }, 180_000);

  afterAll(async () => {
    if (!dir) return;
    for (const data of started.reverse()) {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    }
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('restores to a moment between two writes: the first is there, the second is not, from an incremental backup on top of a full one', async () => {
    const { primary, restored, repo } = paths();
    const marker = `row A ${randomBytes(8).toString('hex')}`;
    await query(primaryPort, 'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');

    // the weekly full backup (the stanza made on first use), a write, the daily incremental one
    const full = backup('full');
    expect(full).toMatchObject({ status: 0 });
    expect(full.output).toMatch(/full backup complete/);
    await query(primaryPort, 'INSERT INTO notes (body) VALUES ($1)', ['between the backups']);
    expect(backup('incr')).toMatchObject({ status: 0 });
    const backups = info().backup;
    expect(backups.map((b) => b.type)).toEqual(['full', 'incr']);
    const [fullBackup, incrBackup] = backups;
    // what the runbook's check does: a WAL switch, archived within the archive timeout
    expect(pgbackrest(['check'])).toMatchObject({ status: 0 });
    expect(incrBackup.reference).toEqual([fullBackup.label]);
    expect(await readFile(path.join(dir, 'last-success'), 'utf8')).toMatch(/^\d{4}-\d\d-\d\dT/);

    // row A; the moment after its commit (the server's clock, UTC); then row B
    await query(primaryPort, 'INSERT INTO notes (body) VALUES ($1)', [marker]);
    const [{ target }] = await query<{ target: string }>(
      primaryPort,
      "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS target",
    );
    await query(primaryPort, 'INSERT INTO notes (body) VALUES ($1)', ['row B']);
    // the segment holding both commits is closed and archived, as archive_timeout would do
    const [{ segment }] = await query<{ segment: string }>(
      primaryPort,
      'SELECT pg_walfile_name(pg_switch_wal()) AS segment',
    );
    await waitFor(`WAL segment ${segment} archived`, async () => {
      const [archiver] = await query<{
        last: string | null;
        failed: string;
        failedWal: string | null;
      }>(
        primaryPort,
        'SELECT last_archived_wal AS last, failed_count AS failed, last_failed_wal AS "failedWal" FROM pg_stat_archiver',
      );
      if (archiver.last !== null && archiver.last >= segment) return true;
      // not yet: a failure (PostgreSQL retries it) is what the timeout reports
      if (Number(archiver.failed) > 0) {
        throw new Error(`archiving failed (${archiver.failedWal}): see ${primary}.log`);
      }
      return undefined;
    });

    // encrypted at rest: every file of the repository (backups, WAL, manifests, info files) is
    // OpenSSL ciphertext, and none holds row A's text, which the cluster's own WAL holds in the clear
    const repoFiles = await filesUnder(repo);
    expect(repoFiles.length).toBeGreaterThan(100);
    for (const file of repoFiles) {
      const content = await readFile(file);
      expect([path.relative(repo, file), content.subarray(0, 8).toString('latin1')]).toEqual([
        path.relative(repo, file),
        'Salted__',
      ]);
      expect([path.relative(repo, file), content.includes(marker)]).toEqual([
        path.relative(repo, file),
        false,
      ]);
    }
    const clearWal = await Promise.all(
      (await filesUnder(path.join(primary, 'pg_wal'))).map(async (file) =>
        (await readFile(file)).includes(marker),
      ),
    );
    expect(clearWal).toContain(true);
    // and without the passphrase nothing can be restored
    await mkdirOwned(restored);
    const refused = pgbackrest(['restore', `--pg1-path=${restored}`], {
      PGBACKREST_REPO1_CIPHER_PASS: 'not the passphrase',
    });
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/unable to load info file/);
    expect(await readdir(restored)).toEqual([]);

    // the restore into a new data directory: the newest backup before the moment (the
    // incremental one, with the full one it refers to), then the archived WAL up to the moment
    const restore = pgbackrest([
      'restore',
      `--pg1-path=${restored}`,
      '--type=time',
      `--target=${target}`,
      '--target-action=promote',
      // the original keeps archiving into this repository: the copy must not
      '--archive-mode=off',
    ]);
    expect(restore).toMatchObject({ status: 0 });
    // which backup set it took is in its console log; that log came back cut short once in CI
    // (status 0, only the first line), so only a set it names is held to the incremental one
    const used = /restore backup set ([^\s,]+)/.exec(restore.output)?.[1];
    if (used !== undefined) expect(used).toBe(incrBackup.label);
    startCluster(restored, restoredPort);
    await waitFor('the restored cluster to reach the moment and promote', async () => {
      const [{ recovering }] = await query<{ recovering: boolean }>(
        restoredPort,
        'SELECT pg_is_in_recovery() AS recovering',
      );
      return recovering ? undefined : true;
    });

    const notes = await query<{ body: string }>(restoredPort, 'SELECT body FROM notes ORDER BY id');
    expect(notes.map((n) => n.body)).toEqual(['between the backups', marker]);
    expect(await readFile(`${restored}.log`, 'utf8')).toMatch(
      /recovery stopping before commit of transaction/,
    );
    // the original still has both
    const original = await query<{ body: string }>(
      primaryPort,
      'SELECT body FROM notes ORDER BY id',
    );
    expect(original.map((n) => n.body)).toEqual(['between the backups', marker, 'row B']);
  }, 300_000);

  it('expires the older full backup, its incremental ones and the WAL before the oldest full backup kept, once a newer full backup exceeds repo1-retention-full', async () => {
    const before = info();
    expect(before.backup.length).toBeGreaterThanOrEqual(2);
    // the configuration keeps two full backups; one here, to see the expiry after one more
    const full = backup('full', { PGBACKREST_REPO1_RETENTION_FULL: '1' });
    expect(full).toMatchObject({ status: 0 });
    const after = info();
    expect(after.backup).toHaveLength(1);
    const [kept] = after.backup;
    expect(kept.type).toBe('full');
    expect(before.backup.map((b) => b.label)).not.toContain(kept.label);
    expect(after.archive[0].min).toBe(kept.archive.start);
    expect(after.archive[0].min! > before.archive[0].min!).toBe(true);
  }, 300_000);

  it('makes a backup as soon as the service starts, and stops at once when told to', async () => {
    const status = path.join(dir, 'last-success');
    const before = info().backup.length;
    const since = (await stat(status)).mtimeMs;
    const loop = spawn('sh', [paths().script, '--loop'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...user,
    });
    let output = '';
    loop.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    loop.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => loop.once('exit', resolve));
    try {
      // the status file is written just before the line is logged, and the line comes through a
      // pipe: wait for both, never for one and then read the other
      await waitFor('the first backup of the loop', async () =>
        (await stat(status)).mtimeMs > since && /incr backup complete/.test(output)
          ? true
          : undefined,
      );
    } catch (error) {
      loop.kill('SIGKILL');
      throw new Error(`${String(error)}\n${output}`);
    }
    expect(output).toMatch(/incr backup complete/);
    expect(info().backup.length).toBe(before + 1);
    // now asleep until the next day's backup: a stop ends it without waiting
    const stopping = Date.now();
    loop.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);
  }, 300_000);
});
