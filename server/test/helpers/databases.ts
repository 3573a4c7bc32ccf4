import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { parse } from 'pg-connection-string';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/dating';

/** The server the tests use: DATABASE_URL's host and credentials, with databases of our own. */
export function baseUrl(): string {
  return process.env.DATABASE_URL ?? DEFAULT_URL;
}

export function urlFor(database: string): string {
  const url = new URL(baseUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

export const TEMPLATE_DB = `${parse(baseUrl()).database ?? 'dating'}_test_template`;
export const FILE_DB_PREFIX = `${parse(baseUrl()).database ?? 'dating'}_test_f_`;

export async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Runs a TypeScript script of the repository with tsx, as `npm run` would. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `npm run db:seed` into `databaseUrl` with only the given switches (none of SEED_DEMO and
 * ALLOW_DEMO_SEED inherited from the test run) and demo photos in `storageDir`; its output.
 */
export function runSeed(
  databaseUrl: string,
  storageDir: string,
  env: Record<string, string>,
): string {
  const run = runScript('prisma/seed.ts', [], {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '',
    ALLOW_DEMO_SEED: '',
    STORAGE_DIR: storageDir,
    ...env,
  });
  if (run.status !== 0) throw new Error(`seed failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}
