import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisService } from './redis.service';

/** The Redis channel every process listens on for changed catalogues and settings. */
export const INVALIDATION_CHANNEL = 'cache:invalidate';

/** What changed: each cache listens to its topic. */
export type InvalidationTopic = 'settings' | 'gifts' | 'packages';

/**
 * Cross-process cache invalidation (Redis pub/sub). A process that changes settings or the
 * catalogue publishes the topic after its transaction commits; every process (this one
 * included, at once and without waiting for Redis) drops its cached copy, so the next read
 * sees the change within a second, without a restart. The subscriber is its own connection
 * (a subscribed connection cannot run commands); it resubscribes after a reconnect by itself
 * (ioredis autoResubscribe), and drops every cache when it connects again, since messages
 * published while it was away are lost.
 */
@Injectable()
export class CacheInvalidation implements OnApplicationShutdown {
  private readonly logger = new Logger('CacheInvalidation');
  private readonly listeners = new Map<InvalidationTopic, Set<() => void>>();
  private subscriber?: Redis;

  constructor(private readonly redis: RedisService) {}

  /** Calls `drop` whenever any process changes `topic`. */
  on(topic: InvalidationTopic, drop: () => void): void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(drop);
    this.subscribe();
  }

  /** Tells every process (this one at once) that `topic` changed. */
  async publish(topic: InvalidationTopic): Promise<void> {
    this.drop(topic);
    await this.redis.publish(INVALIDATION_CHANNEL, topic);
  }

  private drop(topic: string): void {
    for (const drop of this.listeners.get(topic as InvalidationTopic) ?? []) drop();
  }

  private dropAll(): void {
    for (const topic of this.listeners.keys()) this.drop(topic);
  }

  private subscribe(): void {
    if (this.subscriber) return;
    // a subscribed connection waits for messages (no command timeout) and may subscribe before
    // it is connected (its offline queue)
    const subscriber = this.redis.duplicate({
      commandTimeout: undefined,
      socketTimeout: undefined,
      enableOfflineQueue: true,
    });
    this.subscriber = subscriber;
    let connectedBefore = false;
    subscriber.on('error', (error: Error) => this.logger.debug(`subscriber: ${error.message}`));
    subscriber.on('ready', () => {
      if (connectedBefore) this.dropAll();
      connectedBefore = true;
    });
    subscriber.on('message', (_channel: string, topic: string) => this.drop(topic));
    subscriber.subscribe(INVALIDATION_CHANNEL).catch((error: unknown) => {
      this.logger.warn(`cannot subscribe: ${error instanceof Error ? error.message : error}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}
