import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  FILE_DB_PREFIX,
  REPO_ROOT,
  TEMPLATE_DB,
  admin,
  runScript,
  urlFor,
} from './helpers/databases';

/** Everything that shapes the template database; a change rebuilds it. */
const INPUTS = ['prisma/migrations', 'prisma/seed', 'prisma/data', 'server/test/seed-template.ts'];

function fingerprint(): string {
  const hash = createHash('sha256');
  const walk = (entry: string) => {
    const full = path.join(REPO_ROOT, entry);
    let stat;
    try {
      stat = statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const child of readdirSync(full).sort()) walk(path.join(entry, child));
    } else {
      hash.update(entry).update(readFileSync(full));
    }
  };
  INPUTS.forEach(walk);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates and seeds (reference data) one template database, reused while its inputs are
 * unchanged; each test file then copies it. Leftover copies of earlier runs are dropped.
 */
export default async function globalSetup(): Promise<void> {
  const wanted = `fp:${fingerprint()}`;
  const current = await admin(async (db) => {
    const leftovers = await db.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${FILE_DB_PREFIX}%`],
    );
    for (const { datname } of leftovers.rows) {
      await db.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    const found = await db.query<{ comment: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
      [TEMPLATE_DB],
    );
    return found.rows[0]?.comment ?? null;
  });
  if (current === wanted) return;

  await admin((db) => db.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DB}" WITH (FORCE)`));
  const env = { DATABASE_URL: urlFor(TEMPLATE_DB) };
  for (const [script, args] of [
    ['prisma/migrate.ts', ['deploy']],
    ['server/test/seed-template.ts', []],
  ] as const) {
    const run = runScript(script, [...args], env);
    if (run.status !== 0) {
      throw new Error(
        `${script} failed while preparing ${TEMPLATE_DB}:\n${run.stdout}\n${run.stderr}`,
      );
    }
  }
  await admin((db) => db.query(`COMMENT ON DATABASE "${TEMPLATE_DB}" IS '${wanted}'`));
}
