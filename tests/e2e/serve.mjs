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
  // photos of this run only (the demo avatars and what the journeys upload)
  STORAGE_DIR: path.join(root, 'test-results', 'e2e-storage'),
  NODE_ENV: 'test',
  // the journeys log in as the demo member (a .env with SEED_DEMO=false must not remove it)
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // the journeys run a real SMTP server on this port inside the test (tests/e2e/mail.ts)
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? '2526'}?ignoreTLS=true`,
  APP_URL: `http://localhost:${process.env.E2E_PORT ?? '3100'}`,
  // journeys that trip per-IP limits (the lockout) say which client address they are (one proxy
  // hop is trusted, so X-Forwarded-For's one entry is the client), so the
  // other journeys, from the same machine, are not blocked with them
  TRUST_PROXY: '1',
  // the proof of work (ALTCHA) solved for real by the widget, in milliseconds
  ALTCHA_MAX_NUMBER: '200',
  ALTCHA_COST: '10',
  // two app processes and a worker on one machine, beside other checkouts' runs: each binds a
  // free internal metrics port (the defaults 9464/9465 would clash: "Metrics not served")
  METRICS_PORT: '0',
  WORKER_METRICS_PORT: '0',
};

// web push: a key pair of this run, and the push service stand-in a journey starts on the port
// after the seeding service's (tests/e2e/seed-config.ts, pushServicePort) as an accepted endpoint
const { default: webpush } = await import('web-push');
const vapid = webpush.generateVAPIDKeys();
const pushPort = Number(env.PORT) + 3;
Object.assign(env, {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:push@vonkje.test',
  PUSH_ENDPOINT_HOSTS: `127.0.0.1:${pushPort},localhost:${pushPort}`,
});

// a Redis database of its own, emptied first: lockout counters of an earlier run must not leak in
const redisUrl = new URL(process.env.REDIS_URL);
redisUrl.pathname = `/${process.env.E2E_REDIS_DB ?? '14'}`;
env.REDIS_URL = redisUrl.toString();
const { Redis } = await import('ioredis');
const redis = new Redis(env.REDIS_URL);
await redis.flushdb();
await redis.quit();

await import('node:fs').then(({ rmSync }) =>
  rmSync(env.STORAGE_DIR, { recursive: true, force: true }),
);

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
// the journeys speak all seven languages: every one offered (a new site offers nl only until an
// admin adds others, which languages-offered.e2e.ts walks through)
const offerAll = spawnSync(
  'psql',
  [
    url.toString(),
    '-qc',
    `INSERT INTO settings (key, value, updated_at) VALUES ('languages_offered', '["nl","en","de","es","fr","it","pl"]', now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
  ],
  { stdio: 'inherit' },
);
if (offerAll.status !== 0) process.exit(1);
// the site and, beside it, the job worker (mails, purges), as `npm start` runs them; and a
// second app process on the next port, on the same database and Redis, as a deployment with
// several app replicas runs (the realtime journeys connect members to different processes)
const secondPort = String(Number(env.PORT) + 1);
const children = [
  ['main.js', {}],
  ['worker.js', {}],
  ['main.js', { PORT: secondPort }],
].map(([file, extra]) =>
  spawn(process.execPath, [path.join(root, 'server/dist', file)], {
    cwd: root,
    env: { ...env, ...extra },
    stdio: 'inherit',
  }),
);
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
children[0].on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});
