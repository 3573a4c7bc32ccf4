import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './helpers/databases';
import { HTTP_KEEP_ALIVE_MS } from '../src/config/timeouts';
import { shutdownDrainMs } from '../src/config/config';

interface Service {
  image?: string;
  build?: { target?: string; context?: string; dockerfile?: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: string[];
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  stop_grace_period?: string;
  depends_on?: string[] | Record<string, unknown>;
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const replicas = (service: Service) => service.deploy?.replicas ?? 1;
/** The API processes: the runtime image with its default command (server/dist/main.js). */
const apiServices = Object.entries(services).filter(
  ([, s]) => s.build?.target === 'runtime' && s.command === undefined,
);
const workerServices = Object.entries(services).filter(([, s]) =>
  s.command?.some((part) => part.endsWith('server/dist/worker.js')),
);

/**
 * Issue 22: docker-compose.yml runs the site as production does, read from the file itself (no
 * Docker engine runs here): two API replicas behind Caddy with health checks, two workers,
 * PostgreSQL and Redis with passwords and volumes, and the daily backup. Where Docker Compose
 * is installed (CI), `docker compose config` validates the file too.
 */
describe('the docker-compose topology', () => {
  it('runs two API replicas, both behind the proxy, which balances over them with health checks', () => {
    expect(apiServices.reduce((n, [, s]) => n + replicas(s), 0)).toBe(2);
    const caddyfile = read('docker/Caddyfile');
    const upstreams = /reverse_proxy ([^{\n]+)\{/.exec(caddyfile)?.[1].trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(apiServices.map(([name]) => `${name}:3000`).sort());
    expect(caddyfile).toMatch(/^\s+health_uri \/api\/health\/ready$/m);
    // the proxy closes idle upstream connections before the app does (HTTP_KEEP_ALIVE_MS)
    const keepalive = /^\s+keepalive (\d+)s$/m.exec(caddyfile)?.[1];
    expect(Number(keepalive) * 1000).toBeLessThan(HTTP_KEEP_ALIVE_MS);
    expect(caddyfile).toMatch(/^\s+lb_try_duration \d+s/m);
    // a stopping replica drains (readiness 503, still answering) longer than the proxy takes to
    // notice, and compose waits for the drain and the requests under way before it kills
    const healthInterval = Number(/^\s+health_interval (\d+)s$/m.exec(caddyfile)?.[1]) * 1000;
    const drain = shutdownDrainMs({ NODE_ENV: 'production', SHUTDOWN_DRAIN_MS: undefined });
    expect(drain).toBeGreaterThan(healthInterval);
    for (const [, api] of apiServices) {
      expect(parseInt(api.stop_grace_period ?? '10s', 10) * 1000).toBeGreaterThan(drain + 15_000);
    }
    expect(services.proxy.depends_on).toEqual(apiServices.map(([name]) => name));
    for (const [, api] of apiServices) {
      expect(api.networks).toContain('frontend');
      expect(api.healthcheck?.test.join(' ')).toMatch(/\/api\/health/);
      expect(api.environment?.TRUST_PROXY).toBe('1');
    }
    // no sticky sessions: the web client's socket speaks WebSocket only
    expect(read('web/src/realtime/connection.ts')).toMatch(/transports: \['websocket'\]/);
  });

  it('removes the country headers a client sends (CF-IPCountry, X-GeoIP-Country) before the app sees them', () => {
    const caddyfile = read('docker/Caddyfile');
    // the headers the app reads the visitor's country from, behind a trusted proxy
    const requestSource = read('server/src/visitor-country/visitor-country.service.ts');
    for (const header of ['cf-ipcountry', 'x-geoip-country'])
      expect(requestSource).toContain(`'${header}'`);
    expect(caddyfile).toMatch(/^\s+header_up -CF-IPCountry$/m);
    expect(caddyfile).toMatch(/^\s+header_up -X-GeoIP-Country$/m);
    // as Caddy itself reads the file (Debian's caddy; .ci/run installs it)
    const adapted = spawnSync(
      'caddy',
      ['adapt', '--config', path.join(REPO_ROOT, 'docker/Caddyfile'), '--adapter', 'caddyfile'],
      { env: { PATH: process.env.PATH ?? '', SITE_ADDRESS: 'vonkje.example' }, encoding: 'utf8' },
    );
    if (adapted.error) return; // no caddy here: the lines above hold the file
    expect(adapted.status).toBe(0);
    const proxy = JSON.stringify(JSON.parse(adapted.stdout));
    const removed = /"handler":"reverse_proxy","headers":\{"request":\{"delete":(\[[^\]]*\])/.exec(
      proxy,
    )?.[1];
    expect(JSON.parse(removed ?? '[]').map((h: string) => h.toLowerCase())).toEqual(
      expect.arrayContaining(['cf-ipcountry', 'x-geoip-country']),
    );
  });

  it('runs two workers on the same environment as the API', () => {
    expect(workerServices.reduce((n, [, s]) => n + replicas(s), 0)).toBe(2);
    const [, worker] = workerServices[0];
    const [, api] = apiServices[0];
    expect(worker.environment).toEqual(api.environment);
  });

  it('gives PostgreSQL and Redis passwords with no default, and volumes that outlive the containers, Redis with its append-only file', () => {
    const text = read('docker-compose.yml');
    expect(services.postgres.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(services.redis.command).toEqual(
      expect.arrayContaining(['--requirepass', '--appendonly', 'yes']),
    );
    expect(services.redis.command?.join(' ')).toMatch(/--requirepass \$\{REDIS_PASSWORD:\?/);
    for (const [, s] of [...apiServices, ...workerServices]) {
      expect(s.environment?.DATABASE_URL).toMatch(
        /^postgresql:\/\/postgres:\$\{POSTGRES_PASSWORD:\?/,
      );
      expect(s.environment?.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?/);
    }
    expect(text).not.toMatch(/\$\{(POSTGRES|REDIS)_PASSWORD(:-|-)/);
    expect(services.postgres.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(services.redis.volumes).toContain('redisdata:/data');
    expect(Object.keys(compose.volumes)).toEqual(
      expect.arrayContaining(['pgdata', 'redisdata', 'storage']),
    );
  });

  it('backs the database and the photo store up every day with retention, with a pg_dump of the server’s major version', () => {
    const backup = services.backup;
    expect(backup.entrypoint).toEqual(['sh', '/scripts/backup.sh', '--loop']);
    expect(backup.volumes).toEqual(
      expect.arrayContaining([
        './scripts/backup.sh:/scripts/backup.sh:ro',
        './scripts/restore.sh:/scripts/restore.sh:ro',
        'storage:/storage',
        '${BACKUP_HOST_DIR:-./backups}:/backups',
      ]),
    );
    expect(backup.environment).toMatchObject({
      BACKUP_DIR: '/backups',
      STORAGE_DIR: '/storage',
      BACKUP_KEEP: '${BACKUP_KEEP:-14}',
      BACKUP_INTERVAL_SECONDS: '${BACKUP_INTERVAL_SECONDS:-86400}',
    });
    expect(backup.environment?.DATABASE_URL).toBe(services.migrate.environment?.DATABASE_URL);
    // pg_dump must not be older than the server it dumps: the image is PostgreSQL's own, with
    // age added to encrypt the back-ups
    expect(backup.build).toMatchObject({ context: '.', dockerfile: 'docker/backup.Dockerfile' });
    const dockerfile = read('docker/backup.Dockerfile');
    expect(/^FROM (\S+)$/m.exec(dockerfile)?.[1]).toBe(services.postgres.image);
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends age\b/);
    expect(backup.environment?.BACKUP_AGE_RECIPIENT).toBe('${BACKUP_AGE_RECIPIENT:-}');
    expect(backup.networks).toEqual(['backend']);
    expect(backup.healthcheck?.test.join(' ')).toMatch(/last-success/);
  });

  const dockerCompose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  const withCompose = dockerCompose.status === 0 ? it : it.skip;

  withCompose(
    'is a valid compose file (docker compose config), refusing to start without the passwords',
    () => {
      const required = {
        SITE_ADDRESS: 'vonkje.example',
        APP_URL: 'https://vonkje.example',
        SMTP_URL: 'smtp://mail.example:587',
        POSTGRES_PASSWORD: 'a1b2c3',
        REDIS_PASSWORD: 'd4e5f6',
        MEDIA_SECRET: 'x'.repeat(40),
        STAFF_SECRET_KEY: 'y'.repeat(40),
        MAIL_LINK_SECRET: 'z'.repeat(40),
      };
      const config = (env: Record<string, string>) =>
        spawnSync(
          'docker',
          ['compose', '--env-file', '/dev/null', '-f', 'docker-compose.yml', 'config', '--quiet'],
          {
            cwd: REPO_ROOT,
            env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
            encoding: 'utf8',
          },
        );
      expect(config(required)).toMatchObject({ status: 0 });
      const { POSTGRES_PASSWORD: _omitted, ...withoutPassword } = required;
      const refused = config(withoutPassword);
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toMatch(/POSTGRES_PASSWORD/);
    },
  );
});
