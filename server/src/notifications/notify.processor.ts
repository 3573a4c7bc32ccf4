import { Injectable, Logger } from '@nestjs/common';
import { QUEUES, QueueJob } from '../queue';
import { NotificationChannels } from './channels';
import { NOTIFY_JOB } from './notifier.service';
import { notifyEvent, type NotifyEvent } from './notify-event';
import { Recipients } from './recipients.service';

/** Members who can be told anything: an open account (deleted, banned and purged are not). */
const REACHABLE = ['confirmed', 'not_confirmed'];

/**
 * The worker side of notifications: each event goes to every registered channel (mail, push)
 * with the recipient as they are now. A channel that fails is logged and does not stop the
 * others; the job is not retried for it (a second push or mail would be worse than none).
 */
@Injectable()
export class NotifyProcessor {
  private readonly logger = new Logger('NotifyWorker');

  constructor(
    private readonly channels: NotificationChannels,
    private readonly recipients: Recipients,
  ) {}

  @QueueJob({
    queue: QUEUES.notify,
    name: NOTIFY_JOB,
    schema: notifyEvent,
    concurrency: (config) => config.NOTIFY_CONCURRENCY,
  })
  async tell(event: NotifyEvent): Promise<string[]> {
    const recipient = await this.recipients.find(event.recipientId);
    if (!recipient || !REACHABLE.includes(recipient.status)) return [];
    const told: string[] = [];
    for (const channel of this.channels.all()) {
      try {
        await channel.deliver(event, recipient);
        told.push(channel.name);
      } catch (error) {
        this.logger.warn(
          `${channel.name}: ${event.kind} notification of member ${event.recipientId} failed: ${String(error)}`,
        );
      }
    }
    return told;
  }
}
