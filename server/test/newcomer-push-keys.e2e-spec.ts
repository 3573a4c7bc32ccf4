import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { loadConfig } from '../src/config/config';
import { vapidIdentity } from '../src/push/push-config';
import { REPO_ROOT } from './helpers/databases';

const SCRIPT = path.join(REPO_ROOT, 'scripts/dev-env.mjs');

/** Runs `npm run setup`'s step on a fresh directory (or one with `envFile` as its .env). */
function runSetupStep(envFile?: string, env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'newcomer-'));
  if (envFile !== undefined) writeFileSync(path.join(dir, '.env'), envFile);
  const run = spawnSync(process.execPath, [SCRIPT, dir], {
    // a newcomer's shell: no NODE_ENV, no keys
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const file = path.join(dir, '.env');
  return { dir, text: existsSync(file) ? readFileSync(file, 'utf8') : null, stdout: run.stdout };
}

/** The push identity the site would run with this .env's keys (as scripts/load-env.mjs loads it). */
function pushWith(text: string) {
  const { VAPID_PUBLIC_KEY = '', VAPID_PRIVATE_KEY = '' } = parseEnv(text);
  const config = loadConfig({
    DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/dating',
    VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY,
  });
  return vapidIdentity(config);
}

describe("`npm run setup` on a newcomer's machine: web push keys", () => {
  it('runs right after the install, before anything starts the site', () => {
    const setup = (
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts.setup.split(' && ');
    expect(setup[0]).toMatch(/^npm install/);
    expect(setup[1]).toBe('node scripts/dev-env.mjs');
  });

  it('writes a key pair into a new .env, with which push is on', () => {
    const { text, stdout } = runSetupStep();
    expect(stdout).toMatch(/development key pair/);
    const values = parseEnv(text ?? '');
    expect(Buffer.from(values.VAPID_PUBLIC_KEY ?? '', 'base64url')).toHaveLength(65);
    expect(Buffer.from(values.VAPID_PRIVATE_KEY ?? '', 'base64url')).toHaveLength(32);
    expect(pushWith(text ?? '')).toMatchObject({
      publicKey: values.VAPID_PUBLIC_KEY,
      subject: 'mailto:noreply@vonkje.test',
    });
  });

  it('fills the empty keys of a .env copied from .env.example where they stand, changing nothing else', () => {
    const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const { text } = runSetupStep(example);
    const before = example.split('\n');
    const after = (text ?? '').split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.filter((line, i) => line !== before[i]);
    expect(changed.map((line) => line.split('=')[0])).toEqual([
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
    ]);
    expect(pushWith(text ?? '')).not.toBeNull();
  });

  it('adds the keys to a .env of other settings and leaves those as they are', () => {
    const own = 'PORT=4000\nSMTP_URL=smtp://127.0.0.1:1025';
    const { text } = runSetupStep(own);
    expect(text?.startsWith(`${own}\n`)).toBe(true);
    expect(parseEnv(text ?? '')).toMatchObject({ PORT: '4000' });
    expect(pushWith(text ?? '')).not.toBeNull();
  });

  it('never changes keys that are set, in .env or in the environment, and keeps its keys on a second run', () => {
    const { dir, text } = runSetupStep('');
    const again = spawnSync(process.execPath, [SCRIPT, dir], { env: { PATH: process.env.PATH } });
    expect(again.status).toBe(0);
    expect(readFileSync(path.join(dir, '.env'), 'utf8')).toBe(text);

    const half = 'VAPID_PUBLIC_KEY=BOwn\n';
    expect(runSetupStep(half).text).toBe(half);
    const inEnvironment = runSetupStep(undefined, {
      VAPID_PUBLIC_KEY: parseEnv(text ?? '').VAPID_PUBLIC_KEY ?? '',
      VAPID_PRIVATE_KEY: parseEnv(text ?? '').VAPID_PRIVATE_KEY ?? '',
    });
    expect(inEnvironment.text).toBeNull();
  });

  it('writes nothing in production, where push stays off until the operator sets keys', () => {
    const production = runSetupStep(undefined, { NODE_ENV: 'production' });
    expect(production.text).toBeNull();
    expect(production.stdout).toMatch(/npm run push:keys/);
    const inFile = 'NODE_ENV=production\nVAPID_PUBLIC_KEY=\n';
    expect(runSetupStep(inFile).text).toBe(inFile);
  });
});
