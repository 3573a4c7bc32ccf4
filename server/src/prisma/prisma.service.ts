import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { APP_CONFIG, type AppConfig } from '../config/config';

/**
 * Prisma 7's engine-free client on node-postgres (no binary engine, nothing downloaded). Every
 * wait is bounded: for a connection (a black-holed database answers 503 quickly instead of
 * hanging), for a statement, and for a transaction left idle.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      adapter: new PrismaPg({
        connectionString: config.DATABASE_URL,
        max: config.DB_POOL_SIZE,
        connectionTimeoutMillis: config.DB_CONNECT_TIMEOUT_MS,
        idleTimeoutMillis: 30_000,
        statement_timeout: config.DB_STATEMENT_TIMEOUT_MS,
        idle_in_transaction_session_timeout: config.DB_STATEMENT_TIMEOUT_MS,
      }),
    });
  }

  /** Closed last: after the HTTP server and the workers have stopped (Nest's last hook). */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
