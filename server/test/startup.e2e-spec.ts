import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './helpers/databases';

/** Starts a process of the server (its sources, through tsx) and returns how it ended. */
function start(entry: 'main' | 'worker', env: Record<string, string>) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'server/src', `${entry}.ts`)],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        // the server's decorators
        TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'server/tsconfig.json'),
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

/** Security review 2026-11-23, L10: a start-up that cannot work stops at once and says why. */
describe('start-up', () => {
  const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/dating_unused' };

  it.each(['main', 'worker'] as const)(
    'the %s process exits 1 naming the variable when the configuration is invalid',
    (entry) => {
      const run = start(entry, { ...base, NODE_ENV: 'production', BCRYPT_COST: '3' });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/BCRYPT_COST/);
    },
  );

  it('the HTTP process exits 1 naming the variable when DATABASE_URL is missing', () => {
    const run = start('main', {});
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/DATABASE_URL/);
  });
});
