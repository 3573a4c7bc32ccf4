import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './helpers/databases';
import { cookieOf, staffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Asks `url` until `ok` says yes; how long it took (ms), or throws after `timeoutMs`. */
async function until(url: string, ok: (body: unknown) => boolean, timeoutMs: number) {
  const started = performance.now();
  for (;;) {
    const body = await fetch(url)
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null);
    if (body !== null && ok(body)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url}: not in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A free port below Linux's ephemeral range (32768-60999). The second process takes seconds to
 * start; a port the kernel handed out (listen on 0) could meanwhile be given to another test
 * file's server, whose answers would then pass for the second process's.
 */
async function portOutsideEphemeralRange(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

type SettingsBody = { settings: { name: string; gift_credits: number } };

/**
 * Issue 19: a setting an admin changes reaches every running process within a second, without a
 * restart. A second server process (server/src/main.ts, its own Redis connections and caches)
 * on the same database and Redis serves the new value.
 */
describe('a settings change across processes', () => {
  let t: TestApp;
  let second: ChildProcess;
  let port: number;
  let output = '';

  beforeAll(async () => {
    t = await createTestApp();
    port = await portOutsideEphemeralRange();
    second = spawn(
      process.execPath,
      // ts-node (TypeScript's own emit): Nest's injection needs the decorators' metadata, which
      // tsx (esbuild) does not write
      ['-r', 'ts-node/register', path.join(REPO_ROOT, 'server/src/main.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          TS_NODE_PROJECT: path.join(REPO_ROOT, 'server/tsconfig.json'),
          TS_NODE_TRANSPILE_ONLY: 'true',
          NODE_ENV: 'test',
          DATABASE_URL: t.databaseUrl,
          REDIS_URL: t.config.REDIS_URL,
          PORT: String(port),
          WEB_DIST_DIR: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    second.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    second.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(`http://127.0.0.1:${port}/api/settings.php`, () => true, 90_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${output}`);
      },
    );
  }, 120_000);

  afterAll(async () => {
    if (second && second.exitCode === null) {
      const ended = new Promise((resolve) => second.once('exit', resolve));
      second.kill('SIGTERM');
      await ended;
    }
    await t.close();
  });

  it('the second process serves a setting changed through the staff API on the first within a second', async () => {
    const url = `http://127.0.0.1:${port}/api/settings.php`;
    // the second process has the settings cached now
    // a failure says what the second process printed (it may have stopped)
    const answer = await fetch(url).catch((error: Error) => {
      throw new Error(`${error.message} (second process exit code ${second.exitCode})\n${output}`);
    });
    const before = (await answer.json()) as SettingsBody;
    expect(before.settings.name).toBe('Vonkje');
    const cookie = await cookieOf(await staffAccount(t, ['admin']), t);
    for (const name of ['Vonkje Noord', 'Vonkje Zuid']) {
      await t
        .http()
        .put('/api/staff/settings')
        .set('X-Request-Type', 'client')
        .set('Cookie', cookie)
        .send({ name, gift_credits: name.length })
        .expect(200);
      const took = await until(
        url,
        (body) => {
          const { settings } = body as SettingsBody;
          return settings.name === name && settings.gift_credits === name.length;
        },
        1000,
      );
      expect(took).toBeLessThan(1000);
    }
  });
});
