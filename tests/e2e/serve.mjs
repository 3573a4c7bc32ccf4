// Starts the built site for the Playwright journeys on its own freshly migrated and seeded
// database (E2E_DATABASE, default dating_e2e), as production would run it: one port, API + web.
import '../../scripts/load-env.mjs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const url = new URL(process.env.DATABASE_URL);
url.pathname = `/${process.env.E2E_DATABASE ?? 'dating_e2e'}`;
const env = {
  ...process.env,
  DATABASE_URL: url.toString(),
  PORT: process.env.E2E_PORT ?? '3100',
  WEB_DIST_DIR: path.join(root, 'web/dist'),
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
};

const admin = new URL(url);
admin.pathname = '/postgres';
const drop = spawnSync(
  'psql',
  [admin.toString(), '-qc', `DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`],
  { stdio: 'inherit' },
);
if (drop.status !== 0) process.exit(1);
for (const script of [['prisma/migrate.ts', 'deploy'], ['prisma/seed.ts']]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', ...script], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
