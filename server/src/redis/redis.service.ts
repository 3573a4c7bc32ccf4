import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { KeptRedis, redisOptions } from './connection';

/**
 * One shared Redis connection for counters, rate limits and caches (BullMQ opens its own), to
 * REDIS_URL or to the master the sentinels name (redis/connection.ts). A
 * command fails within REDIS_COMMAND_TIMEOUT_MS while Redis is unreachable or silent (the
 * request gets a 503 or goes on without, as each caller decides), at once while it is known to
 * be away (no offline queue), and the connection keeps trying in the background
 * (config/timeouts.ts), also after ioredis ended it on a failover (KeptRedis).
 */
@Injectable()
export class RedisService extends KeptRedis implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private lastError = '';

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({ ...redisOptions(config, { use: 'requests' }), lazyConnect: false });
    // without a listener ioredis prints every reconnect failure as an unhandled error event
    this.on('error', (error: Error) => {
      if (error.message === this.lastError) return;
      this.lastError = error.message;
      this.logger.warn(`Redis: ${error.message}`);
    });
    this.on('ready', () => {
      if (this.lastError) this.logger.log('Redis: connected again');
      this.lastError = '';
    });
  }

  /**
   * Start-up waits (at most REDIS_CONNECT_TIMEOUT_MS) for the first connection, so that the
   * first commands do not fail for want of an offline queue; without Redis it starts anyway.
   */
  async onModuleInit(): Promise<void> {
    if (this.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, this.options.connectTimeout);
      this.once('ready', done);
    });
  }

  /** Counts one more under `key` for today (UTC); returns today's count so far. */
  async countToday(key: string): Promise<number> {
    const dayKey = `${key}:${new Date().toISOString().slice(0, 10)}`;
    const [[, count]] = (await this.multi().incr(dayKey).expire(dayKey, 86_400).exec()) as [
      [unknown, number],
    ];
    return count;
  }

  /**
   * A fixed-window limiter kept in Redis (rate-limiter-flexible): `points` per `seconds` under
   * `keyPrefix`. While Redis is unreachable each process counts in memory instead (the insurance
   * limiter), so the limit still holds and requests still work.
   */
  limiter(keyPrefix: string, points: number, seconds: number): RateLimiterRedis {
    return new RateLimiterRedis({
      storeClient: this,
      keyPrefix,
      points,
      duration: seconds,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: seconds }),
    });
  }

  /** Closed last: after the HTTP server and the workers have stopped (Nest's last hook). */
  async onApplicationShutdown(): Promise<void> {
    await this.quit().catch(() => this.disconnect());
  }
}
