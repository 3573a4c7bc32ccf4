import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';

/** A socket's presence lasts this long unless its process refreshes it (a crashed process's lapse). */
export const PRESENCE_TTL_MS = 3 * 60_000;

const key = (userId: number) => `presence:${userId}`;

/**
 * Which members have a socket connected, on any app process: a sorted set per member of socket
 * ids scored by when their presence lapses. The gateway adds a socket when it connects, removes
 * it when it disconnects and refreshes its own sockets every session check, so a process that
 * dies leaves presences that lapse by themselves. The worker reads it to hold back a push or a
 * mail while the member is looking at the site.
 */
@Injectable()
export class Presence {
  private readonly logger = new Logger('Presence');

  constructor(private readonly redis: RedisService) {}

  async add(userId: number, socketId: string, now = Date.now()): Promise<void> {
    await this.write(
      this.redis
        .multi()
        .zadd(key(userId), now + PRESENCE_TTL_MS, socketId)
        .zremrangebyscore(key(userId), '-inf', now)
        .pexpire(key(userId), PRESENCE_TTL_MS),
    );
  }

  async remove(userId: number, socketId: string): Promise<void> {
    await this.write(this.redis.multi().zrem(key(userId), socketId));
  }

  /** Keeps the presences of this process's sockets (called every session check). */
  async refresh(sockets: { userId: number; socketId: string }[], now = Date.now()): Promise<void> {
    if (sockets.length === 0) return;
    const multi = this.redis.multi();
    for (const { userId, socketId } of sockets) {
      multi
        .zadd(key(userId), now + PRESENCE_TTL_MS, socketId)
        .pexpire(key(userId), PRESENCE_TTL_MS);
    }
    await this.write(multi);
  }

  /** Whether the member has a live socket now. */
  async isConnected(userId: number, now = Date.now()): Promise<boolean> {
    return (await this.redis.zcount(key(userId), `(${now}`, '+inf')) > 0;
  }

  /** Presence is a hint: a Redis failure is logged, never passed on to the socket. */
  private async write(multi: ReturnType<RedisService['multi']>): Promise<void> {
    try {
      await multi.exec();
    } catch (error) {
      this.logger.warn(`Presence not written: ${String(error)}`);
    }
  }
}
