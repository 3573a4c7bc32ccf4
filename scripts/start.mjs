// `npm start`: the built site on one port (API + web app) and, beside it, the job worker
// (mails, reminders, purges). Ctrl+C stops both. Build first: `npm run setup` or `npm run build`.
import './load-env.mjs';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'server/dist/main.js');
if (!existsSync(server)) {
  console.error('The site is not built yet: run `npm run setup` (or `npm run build`) first.');
  process.exit(1);
}
process.env.WEB_DIST_DIR ??= path.join(root, 'web/dist');
process.env.PORT ??= '3000';

const children = ['main.js', 'worker.js'].map((file) =>
  spawn(process.execPath, ['--enable-source-maps', path.join(root, 'server/dist', file)], {
    stdio: 'inherit',
    env: process.env,
  }),
);
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
};
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${child.spawnargs.at(-1)} stopped (${code}); stopping the site.`);
      stop(code ?? 1);
    } else if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(0);
    }
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
