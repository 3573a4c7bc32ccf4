import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { AppError } from '../common/app-error';

export interface Health {
  status: 'ok';
  database: 'ok';
  redis: 'ok';
}

@Injectable()
export class HealthService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
  ) {}

  /** Answers 200 only when both PostgreSQL and Redis answer; otherwise 503. */
  async check(): Promise<Health> {
    try {
      await Promise.all([this.prisma.$queryRaw`SELECT 1`, this.redis.ping()]);
    } catch {
      throw new AppError('service_unavailable');
    }
    return { status: 'ok', database: 'ok', redis: 'ok' };
  }
}
