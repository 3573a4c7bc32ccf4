/**
 * Migrations without a downloaded schema-engine binary.
 *
 * Prisma's CLI `migrate` commands fetch a native schema engine, which air-gapped machines cannot
 * download. Prisma also publishes the same engine compiled to WebAssembly
 * (`@prisma/schema-engine-wasm`), driven through a driver adapter. This script uses it to
 *   deploy  apply every pending `prisma/migrations/<ts>_<name>/migration.sql` (as `migrate deploy`),
 *           creating the database first when it does not exist yet;
 *   create  write the next migration folder from the difference between the migrations and
 *           `schema.prisma` (as `migrate dev --create-only`);
 *   check   exit non-zero when `schema.prisma` and the migrations disagree (drift).
 * Migration folders and the `_prisma_migrations` table stay compatible with the normal CLI.
 *
 * Usage: tsx prisma/migrate.ts <deploy|create NAME|check> [--schema FILE] [--migrations DIR]
 * The database comes from DATABASE_DIRECT_URL (PostgreSQL itself), else DATABASE_URL.
 */
import '../scripts/load-env.mjs';
import { readFile, readdir, mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';

const here = path.dirname(fileURLToPath(import.meta.url));

// the wasm engine reports a Rust panic's message through this global; without it the message is
// lost behind a TypeError
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
  set_message(message: string) {
    console.error(`The schema engine panicked: ${message}`);
  },
};
const LOCK_FILE = 'migration_lock.toml';
const NO_FILTER = { externalTables: [], externalEnums: [] };

export interface MigrateOptions {
  databaseUrl: string;
  schemaPath?: string;
  migrationsDir?: string;
}

/** pg settings as separate fields, so the shadow database can replace `database` safely. */
function poolConfig(databaseUrl: string): pg.PoolConfig {
  const parsed = parseConnectionString(databaseUrl);
  return {
    host: parsed.host ?? undefined,
    port: parsed.port ? Number(parsed.port) : undefined,
    user: parsed.user ?? undefined,
    password: parsed.password ?? undefined,
    database: parsed.database ?? undefined,
    max: 2,
  };
}

/** Creates the target database when it does not exist (a newcomer's first `npm run setup`). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const config = poolConfig(databaseUrl);
  const name = config.database;
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new pg.Client({ ...config, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await admin.end();
  }
}

async function adminQuery(databaseUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ ...poolConfig(databaseUrl), database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/** The driver adapters' column type for a one-character value (ColumnTypeEnum.Character). */
const CHARACTER_COLUMN = 6;

/**
 * The schema engine's introspection reads catalogue columns of PostgreSQL's one-byte "char" type
 * (such as pg_constraint.contype), which @prisma/adapter-pg 7.10 refuses ("Column type 'char'
 * could not be deserialized"). Its text form is a one-letter string: the adapter reads it as
 * text, and the result reports the column as a character, which is what the engine expects of
 * it (as text, a CHECK constraint makes the engine panic: prisma/orm#29635).
 */
function readCharAsText(adapter: PgAdapter): PgAdapter {
  const io = adapter as unknown as {
    performIO: (query: unknown) => Promise<{ fields: { dataTypeID: number }[]; rows: unknown[] }>;
    queryRaw: (query: unknown) => Promise<{ columnTypes: number[]; rows: unknown[] }>;
  };
  const charColumns = new WeakMap<object, number[]>();
  const performIO = io.performIO.bind(adapter);
  io.performIO = async (query) => {
    const result = await performIO(query);
    const found: number[] = [];
    result.fields.forEach((field, index) => {
      if (field.dataTypeID !== PG_CHAR_OID) return;
      field.dataTypeID = PG_TEXT_OID;
      found.push(index);
    });
    if (found.length) charColumns.set(result.rows, found);
    return result;
  };
  const queryRaw = io.queryRaw.bind(adapter);
  io.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const index of charColumns.get(result.rows) ?? []) {
      result.columnTypes[index] = CHARACTER_COLUMN;
    }
    return result;
  };
  return adapter;
}

/**
 * @prisma/adapter-pg 7.10 runs a migration script by splitting it at every ';', which breaks a
 * semicolon inside a comment, a string or a function body (a trigger's plpgsql). PostgreSQL's
 * simple query protocol runs a whole script as it is: send it in one piece.
 */
function runScriptsWhole(adapter: PgAdapter): PgAdapter {
  const io = adapter as unknown as {
    client: { query: (sql: string) => Promise<unknown> };
    onError: (error: unknown) => never;
    executeScript: (script: string) => Promise<void>;
  };
  io.executeScript = async (script) => {
    try {
      await io.client.query(script);
    } catch (error) {
      io.onError(error);
    }
  };
  return adapter;
}

/**
 * PrismaPg's own shadow database is dropped while its pool still holds a connection, so the drop
 * fails and the database is left behind. This one closes the pool first and drops with FORCE.
 */
class MigrationPg extends PrismaPg {
  constructor(private readonly databaseUrl: string) {
    super(poolConfig(databaseUrl));
  }

  override async connect(): Promise<PgAdapter> {
    return runScriptsWhole(readCharAsText(await super.connect()));
  }

  override async connectToShadowDb(): Promise<PgAdapter> {
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    await adminQuery(this.databaseUrl, `CREATE DATABASE "${name}"`);
    const adapter = runScriptsWhole(
      readCharAsText(
        await new PrismaPg({ ...poolConfig(this.databaseUrl), database: name }).connect(),
      ),
    );
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await adminQuery(this.databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    };
    return adapter;
  }
}

let wasmReady: Promise<void> | undefined;

/** Instantiates the wasm module by hand, so Node needs no --experimental-wasm-modules flag. */
function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const wasmPath = path.join(
      path.dirname(fileURLToPath(import.meta.resolve('@prisma/schema-engine-wasm'))),
      'schema_engine_bg.wasm',
    );
    const bytes = await readFile(wasmPath);
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': engineBindings as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start: () => void };
    (engineBindings as unknown as { __wbg_set_wasm: (w: unknown) => void }).__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return wasmReady;
}

async function openEngine(options: MigrateOptions, schema: string): Promise<SchemaEngine> {
  await loadWasm();
  const adapter = bindMigrationAwareSqlAdapterFactory(new MigrationPg(options.databaseUrl));
  const log = (message: string) => {
    if (process.env.MIGRATE_DEBUG) console.error(message);
  };
  return engineBindings.SchemaEngine.new(
    { datamodels: [[schemaFile(options), schema]] },
    log,
    adapter,
  );
}

function schemaFile(options: MigrateOptions): string {
  return options.schemaPath ?? path.join(here, 'schema.prisma');
}

function migrationsDir(options: MigrateOptions): string {
  return options.migrationsDir ?? path.join(here, 'migrations');
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Reads the migration folders from disk in the shape the engine expects. */
export async function listMigrations(dir: string): Promise<MigrationList> {
  const entries = (await exists(dir)) ? await readdir(dir, { withFileTypes: true }) : [];
  const folders = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(dir, LOCK_FILE);
  return {
    baseDir: dir,
    lockfile: {
      path: LOCK_FILE,
      content: (await exists(lockPath)) ? await readFile(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      folders.map(async (folder) => {
        const file = path.join(dir, folder, 'migration.sql');
        const content = (await exists(file))
          ? { tag: 'ok' as const, value: await readFile(file, 'utf8') }
          : { tag: 'error' as const, value: `missing ${file}` };
        return { path: folder, migrationFile: { path: 'migration.sql', content } };
      }),
    ),
  };
}

async function withEngine<T>(
  options: MigrateOptions,
  run: (engine: SchemaEngine, schema: string, migrations: MigrationList) => Promise<T>,
): Promise<T> {
  const schema = await readFile(schemaFile(options), 'utf8');
  const migrations = await listMigrations(migrationsDir(options));
  const engine = await openEngine(options, schema);
  try {
    return await run(engine, schema, migrations);
  } finally {
    engine.free();
  }
}

/** Applies pending migrations; returns the names applied now. */
export async function deploy(options: MigrateOptions): Promise<string[]> {
  await ensureDatabase(options.databaseUrl);
  return withEngine(options, async (engine, _schema, migrationsList) => {
    const result = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
    return result.appliedMigrationNames;
  });
}

/** The SQL that would bring the migrations up to schema.prisma; empty when they agree. */
export async function pendingSql(options: MigrateOptions): Promise<string> {
  await ensureDatabase(options.databaseUrl);
  return withEngine(options, async (engine, schema, migrations) => {
    const result = await engine.diff({
      from: migrations.migrationDirectories.length
        ? { tag: 'migrations', ...migrations }
        : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaFile(options), content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    const sql = result.stdout ?? '';
    return /^\s*(--[^\n]*\n?|\s)*$/.test(sql) ? '' : sql;
  });
}

/** Writes the next migration folder; returns its path, or null when nothing changed. */
export async function create(options: MigrateOptions, name: string): Promise<string | null> {
  const sql = await pendingSql(options);
  if (!sql) return null;
  const dir = migrationsDir(options);
  const stamp = new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '_') || 'migration';
  const folder = path.join(dir, `${stamp}_${slug}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'migration.sql'), sql);
  const lock = path.join(dir, LOCK_FILE);
  if (!(await exists(lock))) {
    await writeFile(
      lock,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return folder;
}

function argValue(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  // PostgreSQL itself, never a pooler in front: a migration's statements (and the schema engine's
  // session) need one server session from start to end
  const databaseUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'DATABASE_URL is not set (for example postgresql://postgres@127.0.0.1:5432/dating)',
    );
    return 1;
  }
  const options: MigrateOptions = {
    databaseUrl,
    schemaPath: argValue(args, '--schema'),
    migrationsDir: argValue(args, '--migrations'),
  };
  switch (command) {
    case 'deploy': {
      const applied = await deploy(options);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      return 0;
    }
    case 'create': {
      const name = args.find(
        (a) => !a.startsWith('--') && a !== options.schemaPath && a !== options.migrationsDir,
      );
      if (!name) {
        console.error('Usage: npm run db:migrate:create -- <name>');
        return 1;
      }
      const folder = await create(options, name);
      console.log(
        folder ? `Created ${path.relative(process.cwd(), folder)}` : 'No schema changes.',
      );
      return 0;
    }
    case 'check': {
      const sql = await pendingSql(options);
      if (!sql) {
        console.log('schema.prisma and the migrations agree.');
        return 0;
      }
      console.error(
        'Drift: schema.prisma differs from prisma/migrations. Run `npm run db:migrate:create -- <name>`.\n' +
          'Missing SQL:\n' +
          sql,
      );
      return 2;
    }
    default:
      console.error(
        'Usage: migrate.ts <deploy|create NAME|check> [--schema FILE] [--migrations DIR]',
      );
      return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
