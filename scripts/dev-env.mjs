// Part of `npm run setup`: on a development machine, gives the site what a newcomer's `npm start`
// needs beyond scripts/load-env.mjs's defaults. Today: a web push key pair (VAPID), so that
// "turn on notifications" works out of the box. It is written into .env (made when there is
// none) when neither the environment nor .env has one; an existing value is never changed, and
// nothing is written when NODE_ENV (of the environment or .env) is production: a live site's
// keys are its operator's (`npm run push:keys`), and push stays off until they are set.
//
//   node scripts/dev-env.mjs [directory]   (default: the repository; the tests give another)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import webpush from 'web-push';

const PUSH_KEYS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'];

/**
 * Adds a VAPID key pair to `dir`/.env when push has no keys and this is no production machine.
 * Returns what it did: 'written', or why not ('production', 'present').
 */
export function ensureDevEnv(dir, env = process.env) {
  const file = path.join(dir, '.env');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const fromFile = parseEnv(text);
  const value = (key) => env[key] || fromFile[key] || '';
  if (value('NODE_ENV') === 'production') return 'production';
  // one key of the two is a mistake the app names at start; the other is not made up here
  if (PUSH_KEYS.some((key) => value(key) !== '')) return 'present';

  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  const pair = { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
  let lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  // a copy of .env.example has the keys empty: they are filled where they stand
  const missing = PUSH_KEYS.filter((key) => {
    const empty = new RegExp(`^\\s*(export\\s+)?${key}\\s*=\\s*(""|'')?\\s*$`);
    const at = lines.findIndex((line) => empty.test(line));
    if (at === -1) return true;
    lines[at] = `${key}=${pair[key]}`;
    return false;
  });
  if (missing.length > 0) {
    lines = [
      ...lines,
      ...(lines.length > 0 ? [''] : []),
      '# Web push for this development machine (scripts/dev-env.mjs, run by `npm run setup`)',
      ...missing.map((key) => `${key}=${pair[key]}`),
    ];
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return 'written';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(process.argv[2] ?? root);
  const done = ensureDevEnv(dir);
  if (done === 'written') {
    console.log(
      `Web push: a development key pair (VAPID) was written to ${path.join(dir, '.env')}.`,
    );
  } else if (done === 'production') {
    console.log(
      'Web push: NODE_ENV=production, no keys written (`npm run push:keys` makes a pair).',
    );
  }
}
