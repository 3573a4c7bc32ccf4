import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { createHash } from 'node:crypto';
import { PrismaClient } from '../generated/prisma/client';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { databaseTimeouts } from '../config/timeouts';
import { BoundedPool } from './bounded-pool';

const logger = new Logger('PostgreSQL');
const STATEMENT_NAMES_KEPT = 2_000;
const statementNames = new Map<string, string>();

/**
 * Every statement is prepared once per connection and then only bound and executed: its name is a
 * hash of its SQL (one name never stands for two texts). PostgreSQL's planning was most of the
 * work of a request (docs/performance.md). Connections are renewed hourly, which bounds the
 * statements each keeps.
 */
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `q${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
    if (statementNames.size >= STATEMENT_NAMES_KEPT) statementNames.clear();
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Prisma 7's engine-free client on node-postgres (no binary engine, nothing downloaded), on a
 * pool of our own that hot paths may also use directly (`pool`) with prepared statements. Every
 * wait is bounded (config/timeouts.ts): for a free connection and for a new one apart
 * (bounded-pool.ts: a busy pool is not a dead database), for each statement's answer (a
 * connection that stays silent is cut, so a black-holed database answers 503 quickly instead
 * of hanging, and the pool opens fresh connections once it is back), and for a transaction
 * left idle; idle connections are kept alive (TCP keepalive).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  readonly pool: BoundedPool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const timeouts = databaseTimeouts(config);
    const pool = new BoundedPool(
      {
        connectionString: config.DATABASE_URL,
        max: config.DB_POOL_SIZE,
        idleTimeoutMillis: 30_000,
        maxLifetimeSeconds: 3_600,
      },
      timeouts,
    );
    super({
      adapter: new PrismaPg(pool, {
        disposeExternalPool: true,
        statementNameGenerator: (query) => statementName(query.sql),
      }),
      // an interactive transaction waits for its connection as the pool does (and for BEGIN's
      // answer), not Prisma's own 2 s: the pool's waits decide, and end in a 503
      transactionOptions: {
        maxWait: timeouts.poolWaitMs + timeouts.connectMs + timeouts.queryMs,
        // a job's statement may run JOB_STATEMENT_TIMEOUT_MS inside a transaction too
        timeout: timeouts.transactionMs,
      },
    });
    this.pool = pool;
    // an idle connection that breaks must not take the process down (Prisma listens only once
    // it has connected)
    pool.on('error', (error) => logger.warn(`PostgreSQL connection lost: ${error.message}`));
  }

  /** Closed last: after the HTTP server and the workers have stopped (Nest's last hook). */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
