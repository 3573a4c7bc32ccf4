import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './helpers/databases';
import { HTTP_KEEP_ALIVE_MS } from '../src/config/timeouts';
import { shutdownDrainMs } from '../src/config/config';

interface Service {
  image?: string;
  restart?: string;
  logging?: unknown;
  shm_size?: string;
  profiles?: string[];
  build?: { target?: string; context?: string; dockerfile?: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: string[] | Record<string, { aliases?: string[] } | null>;
  healthcheck?: { test: string[]; interval?: string };
  deploy?: { replicas?: number };
  stop_grace_period?: string;
  depends_on?: string[] | Record<string, unknown>;
  ulimits?: { nofile?: { soft: number; hard: number } };
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  'x-logging'?: { driver?: string; options?: Record<string, string> };
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
  it('runs two API replicas behind the proxy, which finds them through DNS and balances over them', () => {
    // two services of one definition, so a new version replaces one while the other answers
    expect(apiServices.map(([name]) => name)).toEqual(['app', 'app-2']);
    expect(apiServices.reduce((n, [, s]) => n + replicas(s), 0)).toBe(2);
    const [[, api], [, api2]] = apiServices;
    expect(api2).toEqual(api);
    const aliases = (s: Service) =>
      Array.isArray(s.networks) ? [] : (s.networks?.frontend?.aliases ?? []);
    const caddyfile = read('docker/Caddyfile');
    // no hand-kept list of replicas: every container of the API service, from Docker's DNS
    expect(/reverse_proxy ([^{\n]*)\{/.exec(caddyfile)?.[1].trim()).toBe('');
    expect(caddyfile).not.toMatch(/^\s+to /m);
    const dynamic = /^\s+dynamic a \{([^}]*)\}$/m.exec(caddyfile)?.[1] ?? '';
    // the name both replicas answer to on the network the proxy shares with them
    const dnsName = /^\s+name (\S+)$/m.exec(dynamic)?.[1];
    for (const [, s] of apiServices) expect(aliases(s)).toContain(dnsName);
    expect(/^\s+port (\d+)$/m.exec(dynamic)?.[1]).toBe(api.environment?.PORT);
    // a replica added or stopped is in or out within seconds
    expect(Number(/^\s+refresh (\d+)s$/m.exec(dynamic)?.[1])).toBeLessThanOrEqual(5);
    // Caddy checks dynamic upstreams passively only: a replica that cannot be reached or answers
    // 503 is skipped for a while, and a request that meets one is tried on another
    expect(caddyfile).not.toMatch(/^\s+health_uri /m);
    expect(caddyfile).toMatch(/^\s+fail_duration \d+s$/m);
    expect(caddyfile).toMatch(/^\s+unhealthy_status 503$/m);
    expect(caddyfile).toMatch(/^\s+lb_try_duration \d+s/m);
    expect(caddyfile).toMatch(/^\s+lb_policy least_conn$/m);
    // passive health checks of dynamic upstreams came with Caddy 2.11.2
    const [major, minor, patch] = (
      /^caddy:(\d+)\.(\d+)\.(\d+)/.exec(services.proxy.image ?? '') ?? []
    )
      .slice(1)
      .map(Number);
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(2_011_002);
    // the proxy closes idle upstream connections before the app does (HTTP_KEEP_ALIVE_MS)
    const keepalive = /^\s+keepalive (\d+)s$/m.exec(caddyfile)?.[1];
    expect(Number(keepalive) * 1000).toBeLessThan(HTTP_KEEP_ALIVE_MS);
    // a stopping replica drains (readiness 503, still answering), and compose waits for the
    // drain and the requests under way before it kills
    const drain = shutdownDrainMs({ NODE_ENV: 'production', SHUTDOWN_DRAIN_MS: undefined });
    expect(parseInt(api.stop_grace_period ?? '10s', 10) * 1000).toBeGreaterThan(drain + 15_000);
    expect(services.proxy.depends_on).toEqual(apiServices.map(([name]) => name));
    expect(api.healthcheck?.test.join(' ')).toMatch(/\/api\/health/);
    expect(api.environment?.TRUST_PROXY).toBe('1');
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
    // the upstreams as Caddy reads them: A records of the API service's name
    expect(proxy).toContain('"dynamic_upstreams":{"name":"api","port":"3000"');
    expect(proxy).toContain('"source":"a"');
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
    // pg_dump must not be older than the server it dumps: the image is PostgreSQL's own (the
    // same as the server's, which adds pgBackRest to it), with age added to encrypt the back-ups
    expect(backup.build).toMatchObject({ context: '.', dockerfile: 'docker/backup.Dockerfile' });
    const dockerfile = read('docker/backup.Dockerfile');
    expect(services.postgres.build).toMatchObject({
      context: '.',
      dockerfile: 'docker/postgres.Dockerfile',
    });
    const server = read('docker/postgres.Dockerfile');
    expect(/^FROM (postgres:\S+)$/m.exec(dockerfile)?.[1]).toBe(/^FROM (\S+)$/m.exec(server)?.[1]);
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends age\b/);
    expect(backup.environment?.BACKUP_AGE_RECIPIENT).toBe('${BACKUP_AGE_RECIPIENT:-}');
    expect(backup.networks).toEqual(['backend']);
    expect(backup.healthcheck?.test.join(' ')).toMatch(/last-success/);
  });

  it('rotates the logs of every service: json-file with a size and a count, from one x-logging anchor', () => {
    const logging = compose['x-logging'];
    expect(logging?.driver).toBe('json-file');
    expect(logging?.options?.['max-size']).toMatch(/^\d+m$/);
    expect(Number(logging?.options?.['max-file'])).toBeGreaterThanOrEqual(2);
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.logging]).toEqual([name, logging]);
    }
    // by the anchor, not copied: one place to change
    const raw = read('docker-compose.yml');
    // (app-2 is app's definition itself: `app-2: *app`)
    const defined = Object.keys(services).filter((name) => !raw.includes(`\n  ${name}: *`));
    expect(raw.match(/^ {4}logging: \*logging$/gm)).toHaveLength(defined.length);
  });

  it('checks the health of every service that runs for good, the worker and the proxy included', () => {
    const longRunning = Object.entries(services).filter(([, s]) => s.restart === 'unless-stopped');
    expect(longRunning.map(([name]) => name)).toEqual(
      expect.arrayContaining(['proxy', 'worker', 'postgres', 'redis', 'pgbouncer']),
    );
    for (const [name, service] of longRunning) {
      expect([name, (service.healthcheck?.test.length ?? 0) > 0]).toEqual([name, true]);
    }
    // the worker answers on its metrics port; Caddy on its admin API
    const [, worker] = workerServices[0];
    expect(worker.healthcheck?.test.join(' ')).toContain(
      `localhost:${worker.environment?.WORKER_METRICS_PORT}/metrics`,
    );
    expect(services.proxy.healthcheck?.test.join(' ')).toMatch(/127\.0\.0\.1:2019\//);
  });

  it('pins every image to an exact version: no latest, no bare major version', () => {
    const exact = /^[a-z0-9./-]+:v?\d+\.\d+(\.\d+)?(-[a-z0-9.-]+)?$/;
    const images = Object.entries(services)
      .filter(([, s]) => s.image !== undefined)
      .map(([, s]) => s.image ?? '');
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(exact);
    for (const file of [
      'docker/Dockerfile',
      'docker/postgres.Dockerfile',
      'docker/backup.Dockerfile',
    ]) {
      const stages = new Set<string>();
      for (const [, from, stage] of read(file).matchAll(/^FROM (\S+)(?: AS (\S+))?$/gm)) {
        if (!stages.has(from)) expect([file, from]).toEqual([file, expect.stringMatching(exact)]);
        if (stage) stages.add(stage);
      }
    }
    expect(read('docker-compose.yml')).not.toMatch(/:latest\b/);
  });

  it('lets each API replica hold well over 20,000 sockets: one open file each', () => {
    expect(apiServices.length).toBeGreaterThanOrEqual(2);
    for (const [name, api] of apiServices) {
      expect([name, api.ulimits?.nofile]).toEqual([name, { soft: 65536, hard: 65536 }]);
    }
  });

  it('gives PostgreSQL enough shared memory and loads pg_stat_statements, whose view the first start creates', () => {
    const postgres = services.postgres;
    const shm = /^(\d+)(mb|gb)$/i.exec(postgres.shm_size ?? '');
    const megabytes = Number(shm?.[1]) * (shm?.[2]?.toLowerCase() === 'gb' ? 1024 : 1);
    expect(megabytes).toBeGreaterThanOrEqual(256);
    const command = postgres.command ?? [];
    const settings = command.filter((_, i) => command[i - 1] === '-c');
    const preload = settings.find((c) => c.startsWith('shared_preload_libraries='));
    expect(preload?.split('=')[1].split(',')).toContain('pg_stat_statements');
    const init = postgres.volumes?.find((v) => v.includes('/docker-entrypoint-initdb.d/'));
    expect(init).toMatch(/^\.\/docker\/postgres-init\.sql:/);
    expect(read('docker/postgres-init.sql')).toMatch(
      /^CREATE EXTENSION IF NOT EXISTS pg_stat_statements;$/m,
    );
  });

  it('runs app and worker through PgBouncer in session mode, with PostgreSQL itself as their direct URL', () => {
    const pooler = services.pgbouncer;
    // PgBouncer 1.21 or later (protocol-level prepared statements, docs/operations.md)
    const version = /^edoburu\/pgbouncer:v(\d+)\.(\d+)\.\d+/.exec(pooler.image ?? '');
    expect(Number(version?.[1]) * 100 + Number(version?.[2])).toBeGreaterThanOrEqual(121);
    expect(pooler.environment?.POOL_MODE).toBe('session');
    expect(pooler.environment?.DATABASE_URL).toBe(services.migrate.environment?.DATABASE_URL);
    expect(pooler.networks).toEqual(['backend']);
    expect(pooler.healthcheck?.test.join(' ')).toMatch(/pg_isready -h 127\.0\.0\.1 -p 6432/);
    const port = pooler.environment?.LISTEN_PORT;
    let clients = 0;
    for (const [, s] of [...apiServices, ...workerServices]) {
      expect(s.environment?.DATABASE_URL).toMatch(new RegExp(`@pgbouncer:${port}/dating$`));
      expect(s.environment?.DATABASE_DIRECT_URL).toMatch(/@postgres:5432\/dating$/);
      expect(s.depends_on).toMatchObject({ pgbouncer: { condition: 'service_healthy' } });
      clients += replicas(s) * Number(s.environment?.DB_POOL_SIZE);
    }
    // session mode holds a server connection per client connection: every pool fits at once
    expect(Number(pooler.environment?.DEFAULT_POOL_SIZE)).toBeGreaterThanOrEqual(clients);
    // migrations and the dumps go to PostgreSQL itself
    for (const name of ['migrate', 'backup']) {
      expect(services[name].environment?.DATABASE_URL).toMatch(/@postgres:5432\/dating$/);
    }
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
        PGBACKREST_REPO1_CIPHER_PASS: 'p'.repeat(40),
        ALTCHA_HMAC_KEY: 'w'.repeat(40),
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
