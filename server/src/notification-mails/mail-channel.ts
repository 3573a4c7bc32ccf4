import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import {
  NotificationChannels,
  PREFERENCE_OF,
  type NotificationChannel,
  type NotifyEvent,
  type Recipient,
} from '../notifications';
import { Producer, QUEUES } from '../queue';
import { PUSH_KINDS } from '@app/contract';
import { z } from 'zod';

export const BATCH_JOB = 'notification-mail';

/**
 * One member's pending notification mail of one kind (a delayed job, one per member and kind;
 * checked by the worker: it may come from an older deploy). `since`: when the first event of
 * the batch happened (ISO): the mail counts what came since.
 */
export const mailBatch = z.object({
  kind: z.enum(PUSH_KINDS),
  recipientId: z.int().positive(),
  since: z.iso.datetime(),
});
export type MailBatch = z.infer<typeof mailBatch>;

/**
 * Whether a member may get a notification mail of this kind now: a confirmed address, e-mail
 * notifications not disabled (bounce, complaint, unsubscribe), the kind's preference on, and no
 * socket of theirs connected (they see it live). A visit of the profile is never mailed (issue
 * 38: pushed and shown live only; a mail about every look would be noise).
 */
export function wantsMail(recipient: Recipient, kind: NotifyEvent['kind']): boolean {
  return (
    kind !== 'visit' &&
    recipient.status === 'confirmed' &&
    recipient.notificationsDisabled.length === 0 &&
    recipient.preferences[PREFERENCE_OF[kind]] &&
    !recipient.online
  );
}

/**
 * The mail channel of notifications: the first event of a kind for a member starts a quiet
 * period (NOTIFICATION_MAIL_QUIET_MS), a delayed job whose id is the member and kind, so later
 * events of the period join it (BullMQ keeps one job per id); when the period ends one mail
 * tells what is still unread (NotificationBatches). Never one mail per message.
 */
@Injectable()
export class MailChannel implements NotificationChannel, OnModuleInit, OnApplicationShutdown {
  readonly name = 'mail';
  private readonly logger = new Logger('NotificationMail');
  private readonly queue: Producer;

  constructor(
    private readonly channels: NotificationChannels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = new Producer(QUEUES.notificationMail, config, this.logger, {
      attempts: 3,
      backoff: { type: 'exponential', delay: 5_000 },
      // a job kept under its id would swallow every later event of that member and kind
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  onModuleInit(): void {
    this.channels.register(this);
  }

  async deliver(event: NotifyEvent, recipient: Recipient): Promise<void> {
    if (!wantsMail(recipient, event.kind)) return;
    await this.queue.add(
      BATCH_JOB,
      { kind: event.kind, recipientId: recipient.userId, since: event.at } satisfies MailBatch,
      { jobId: `${event.kind}-${recipient.userId}`, delay: this.config.NOTIFICATION_MAIL_QUIET_MS },
      'the member gets no mail about it',
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
