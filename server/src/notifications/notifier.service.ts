import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Producer, QUEUES } from '../queue';
import type { NotifyEvent } from './notify-event';

export const NOTIFY_JOB = 'notify';

/**
 * The producer side of notifications, for the features that make the events (chats, likes):
 * `notify` queues the event for the worker and never throws or waits long. A notification is a
 * courtesy: while Redis is down it is dropped (logged); the unread-message reminders and the
 * member's next visit still tell them.
 */
@Injectable()
export class Notifier implements OnApplicationShutdown {
  private readonly logger = new Logger('Notifier');
  private readonly queue: Producer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.queue = new Producer(QUEUES.notify, config, this.logger, {
      attempts: 3,
      backoff: { type: 'exponential', delay: 2_000 },
      removeOnComplete: true,
      removeOnFail: 1_000,
    });
  }

  /**
   * Queues the event after the change's commit; resolves false when it could not. Events of
   * the same few milliseconds go to Redis in one bulk add (every message sent makes one: one
   * round trip for many sends instead of one each, off the send's path).
   */
  notify(event: Omit<NotifyEvent, 'at'>, now = new Date()): Promise<boolean> {
    return this.queue.addBatched(
      NOTIFY_JOB,
      { ...event, at: now.toISOString() } satisfies NotifyEvent,
      'the member is not notified of it',
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
