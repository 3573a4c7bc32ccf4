import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { createApp } from '../../src/app';
import type { LogOptions } from '../../src/logging';
import { loadConfig, type AppConfig } from '../../src/config/config';
import type { PrismaClient } from '../../src/generated/prisma/client';
import { PrismaService } from '../../src/prisma/prisma.service';
import { RedisService } from '../../src/redis/redis.service';
import { FILE_DB_PREFIX, TEMPLATE_DB, admin, urlFor } from './databases';
import { fillChallenges } from './challenge';

export interface TestApp {
  app: NestExpressApplication;
  http: () => ReturnType<typeof request>;
  prisma: PrismaService;
  /** The same client, typed as the seed library (prisma/seed) takes it. */
  seedClient: PrismaClient;
  redis: RedisService;
  config: AppConfig;
  databaseUrl: string;
  /** Drops the database copy (close() does this after closing the app). */
  dropDatabase: () => Promise<void>;
  close: () => Promise<void>;
}

/** A copy of the migrated, seeded template for one test file. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${FILE_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((db) => db.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DB}"`));
  return {
    url: urlFor(name),
    drop: () => admin((db) => db.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(),
  };
}

/** Redis database of this jest worker (1-15), emptied when a file starts. */
function redisUrl(): string {
  const base = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  // TEST_REDIS_OFFSET keeps parallel test runs of several checkouts apart
  const worker =
    Number(process.env.JEST_WORKER_ID ?? '1') + Number(process.env.TEST_REDIS_OFFSET ?? '0');
  base.pathname = `/${(worker % 13) + 1}`;
  return base.toString();
}

/**
 * The suite runs many files at once on a busy machine, where a fresh connection or a statement
 * may take longer than production's budgets allow: roomier waits, except where a test measures
 * them (partition.e2e-spec.ts passes production's).
 */
const ROOMY_DATABASE_WAITS = {
  DB_CONNECT_TIMEOUT_MS: '5000',
  DB_POOL_WAIT_MS: '30000',
  DB_QUERY_TIMEOUT_MS: '15000',
  DB_STATEMENT_TIMEOUT_MS: '14750',
};

/** The same server reached on another local port (a relay the test controls). */
function throughPort(url: string, port: number | undefined): string {
  if (port === undefined) return url;
  const through = new URL(url);
  through.port = String(port);
  return through.toString();
}

/**
 * The whole HTTP application on its own database copy and Redis database; `log` where its lines
 * go (a test that reads them), `via` reaches PostgreSQL or Redis through another port
 * (helpers/relay.ts), or PostgreSQL through a pooler (`pooler`, helpers/pgbouncer.ts: then
 * DATABASE_DIRECT_URL is the copy itself, as in production); `databaseUrl` runs it on a migrated
 * database of the test's own (a cluster it started) instead of a copy of the template, left in
 * place at close.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    log = {},
    via = {},
    databaseUrl,
  }: {
    log?: LogOptions;
    via?: {
      databasePort?: number;
      redisPort?: number;
      pooler?: { urlFor: (databaseUrl: string) => string };
    };
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const database = databaseUrl
    ? { url: databaseUrl, drop: () => Promise.resolve() }
    : await createTestDatabase();
  const config = loadConfig({
    ...process.env,
    ...ROOMY_DATABASE_WAITS,
    NODE_ENV: 'test',
    DATABASE_URL: via.pooler
      ? via.pooler.urlFor(database.url)
      : throughPort(database.url, via.databasePort),
    DATABASE_DIRECT_URL: via.pooler ? database.url : '',
    REDIS_URL: throughPort(redisUrl(), via.redisPort),
    WEB_DIST_DIR: '',
    ...env,
  });
  const app = await createApp(config, log);
  await app.init();
  const redis = app.get(RedisService);
  await redis.flushdb();
  const server = app.getHttpServer();
  const prisma = app.get(PrismaService);
  const http = () => request(server);
  // a few solved proof-of-work challenges for signups and resets (helpers/challenge.ts)
  await fillChallenges({ http }, 40);
  return {
    app,
    http,
    prisma,
    // PrismaService adds the app's query extensions; the seed library needs only the client
    seedClient: prisma as unknown as PrismaClient,
    redis,
    config,
    databaseUrl: database.url,
    dropDatabase: database.drop,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The test app of a describe block (or file): made in `beforeAll`, closed in `afterAll`. The
 * object returned is filled in when `beforeAll` has run: use it in tests and hooks, not while
 * the block is being declared.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, options));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}
