// `npm run check`: formatting, lint (zero warnings), types of every project, unused code.
// Two lanes at once, one per core: the type-aware lint alone takes as long as everything else
// together (one TypeScript program per project for its rules), so it runs beside the type checks
// instead of before them. Each step's output is printed whole when it ends; a failed step stops
// its lane, the other lane finishes, and the check fails if any step failed.
import { spawn } from 'node:child_process';

const lanes = [
  ['eslint . --max-warnings 0'],
  [
    'prettier --check . --log-level warn',
    'tsc -p contract --noEmit',
    'tsc -p server --noEmit',
    'tsc -p web --noEmit',
    'tsc -p prisma --noEmit',
    'tsc -p tests --noEmit',
    'knip --no-progress',
  ],
];

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(
        `\n> ${command}: ${ok ? 'ok' : `failed (${signal ?? code})`}, ${seconds} s\n`,
      );
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

async function lane(commands) {
  for (const command of commands) if (!(await run(command))) return false;
  return true;
}

const results = await Promise.all(lanes.map(lane));
if (results.includes(false)) {
  console.error('\nThe check failed: see the steps marked failed above.');
  process.exit(1);
}
