import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Prisma } from '../src/generated/prisma/client';
import { PrismaService } from '../src/prisma/prisma.service';
import { queryRows } from '../src/prisma/sql';
import { WorkerModule } from '../src/worker.module';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Each process runs its statements under its own limit: a request under the request budget
 * (DB_STATEMENT_TIMEOUT_MS), a job under JOB_STATEMENT_TIMEOUT_MS (config/timeouts.ts,
 * `forJobs`). Read from PostgreSQL itself, on a connection of each process's pool, through both
 * ways statements reach it: `pg`'s pool (queryRows, the hot paths) and Prisma's client (its
 * adapter, on the same pool), inside and outside a transaction.
 */
const REQUEST_STATEMENT_MS = 2345;
const JOB_STATEMENT_MS = 23456;

/** PostgreSQL's statement_timeout as each path of this PrismaService sees it. */
async function statementTimeouts(prisma: PrismaService) {
  const show = Prisma.sql`SHOW statement_timeout`;
  const [pool] = await queryRows<{ statement_timeout: string }>(prisma.pool, show);
  const [client] = await prisma.$queryRaw<{ statement_timeout: string }[]>(show);
  const [transaction] = await prisma.$transaction((tx) =>
    tx.$queryRaw<{ statement_timeout: string }[]>(show),
  );
  return {
    pool: pool?.statement_timeout,
    prisma: client?.statement_timeout,
    transaction: transaction?.statement_timeout,
  };
}

describe("each process's statement time limit", () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    t = await createTestApp({
      DB_STATEMENT_TIMEOUT_MS: String(REQUEST_STATEMENT_MS),
      DB_QUERY_TIMEOUT_MS: '6000',
      JOB_STATEMENT_TIMEOUT_MS: String(JOB_STATEMENT_MS),
    });
    // as worker.ts builds it
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it("runs the API's statements under the request budget, DB_STATEMENT_TIMEOUT_MS", async () => {
    const ms = `${REQUEST_STATEMENT_MS}ms`;
    expect(await statementTimeouts(t.prisma)).toEqual({ pool: ms, prisma: ms, transaction: ms });
  });

  it("runs the worker's statements under JOB_STATEMENT_TIMEOUT_MS", async () => {
    const prisma = worker.get(PrismaService);
    expect(prisma).not.toBe(t.prisma);
    const ms = `${JOB_STATEMENT_MS}ms`;
    expect(await statementTimeouts(prisma)).toEqual({ pool: ms, prisma: ms, transaction: ms });
  });

  it("lets a worker's statement inside a Prisma transaction run longer than a request's transaction may last", async () => {
    const prisma = worker.get(PrismaService);
    // Prisma ends an interactive transaction after 5 s by default: a job's may last one
    // statement's whole limit
    await expect(
      prisma.$transaction((tx) => tx.$executeRaw`SELECT pg_sleep(5.5)`),
    ).resolves.toBeDefined();
  }, 30_000);
});
