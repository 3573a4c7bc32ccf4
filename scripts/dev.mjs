// `npm run dev`: the server recompiled on change (tsc --watch; NestJS needs decorator metadata,
// which tsc emits) and restarted by node --watch, the worker, and the Vite dev server on :5173
// (it proxies /api to the server on PORT, default 3000).
import './load-env.mjs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const project = path.join(root, 'server/tsconfig.build.json');
const first = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const run = (args, opts = {}) =>
  spawn(args[0], args.slice(1), { stdio: 'inherit', cwd: root, ...opts });
const children = [
  run([process.execPath, tsc, '-p', project, '--watch', '--preserveWatchOutput']),
  run([process.execPath, '--watch', '--enable-source-maps', 'server/dist/main.js']),
  run([process.execPath, '--watch', '--enable-source-maps', 'server/dist/worker.js']),
  run(['npm', 'run', 'dev', '-w', 'web']),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
