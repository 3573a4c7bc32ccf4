import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, runScript } from './helpers/databases';
import { createTestDatabase } from './helpers/test-app';

const SCHEMA = path.join(REPO_ROOT, 'prisma/schema.prisma');
const MIGRATIONS = path.join(REPO_ROOT, 'prisma/migrations');

describe('migrations (prisma/migrate.ts on the wasm schema engine)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('finds no drift between schema.prisma and the committed migrations', () => {
    const run = runScript('prisma/migrate.ts', ['check'], { DATABASE_URL: db.url });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('agree');
    expect(run.status).toBe(0);
  });

  it('fails the drift check when schema.prisma gains a field without a migration', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'drift-'));
    const edited = path.join(dir, 'schema.prisma');
    const schema = readFileSync(SCHEMA, 'utf8').replace(
      /model CompanyInfo \{\n/,
      'model CompanyInfo {\n  drift_probe String?\n',
    );
    writeFileSync(edited, schema);
    const run = runScript(
      'prisma/migrate.ts',
      ['check', '--schema', edited, '--migrations', MIGRATIONS],
      { DATABASE_URL: db.url },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Drift');
    expect(run.stderr).toContain('ADD COLUMN     "drift_probe" TEXT');
  });

  it('creates the next migration from the schema, and then reports no drift', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'create-'));
    const schemaPath = path.join(dir, 'schema.prisma');
    copyFileSync(SCHEMA, schemaPath);
    const env = { DATABASE_URL: db.url };
    const first = runScript(
      'prisma/migrate.ts',
      ['create', 'initial', '--schema', schemaPath, '--migrations', path.join(dir, 'migrations')],
      env,
    );
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Created .*_initial/);
    const check = runScript(
      'prisma/migrate.ts',
      ['check', '--schema', schemaPath, '--migrations', path.join(dir, 'migrations')],
      env,
    );
    expect(check.status).toBe(0);
  });

  it('applies nothing twice: deploy on a migrated database is a no-op', () => {
    const run = runScript('prisma/migrate.ts', ['deploy'], { DATABASE_URL: db.url });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Database is up to date.');
  });
});
