import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { AppError } from '../common/app-error';
import { within } from '../common/within';
import { READINESS_BUDGET_MS } from '../config/timeouts';

export interface Health {
  status: 'ok';
  database: 'ok';
  redis: 'ok';
}

export interface Liveness {
  status: 'ok';
}

/**
 * Liveness and readiness, apart: an orchestrator restarts a process that is not live, and sends
 * no traffic to one that is not ready. An outage of PostgreSQL or Redis makes every process
 * unready, never dead (a restart would not bring the database back, and the pools recover by
 * themselves).
 */
@Injectable()
export class HealthService {
  /** Set once the process is stopping: readiness fails from then on, liveness does not. */
  private draining = false;

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
  ) {}

  /** The process answers: nothing else is asked. */
  live(): Liveness {
    return { status: 'ok' };
  }

  /**
   * The process is stopping (SIGTERM, server/src/main.ts): from now on it is not ready, so the
   * proxy sends it no new requests, while it still answers the ones it gets.
   */
  startDraining(): void {
    this.draining = true;
  }

  /** Whether the process is stopping (its answers then close their connections: app.ts). */
  isDraining(): boolean {
    return this.draining;
  }

  /**
   * 200 only when PostgreSQL and Redis each answer within READINESS_BUDGET_MS; otherwise 503
   * (with Retry-After) at the latest then, whatever the outage looks like. A stopping process
   * answers 503 at once.
   */
  async ready(): Promise<Health> {
    if (this.draining) throw new AppError('service_unavailable');
    try {
      await Promise.all([
        within(this.prisma.$queryRaw`SELECT 1`, READINESS_BUDGET_MS, 'PostgreSQL'),
        within(this.redis.ping(), READINESS_BUDGET_MS, 'Redis'),
      ]);
    } catch {
      throw new AppError('service_unavailable');
    }
    return { status: 'ok', database: 'ok', redis: 'ok' };
  }
}
