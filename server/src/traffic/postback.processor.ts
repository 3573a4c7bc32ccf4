import { Injectable, Logger } from '@nestjs/common';
import { OnQueueFailed, QUEUES, QueueJob, type FailedJob, type QueueCompanion } from '../queue';
import {
  POSTBACK_JOB,
  PostbackOutbox,
  postbackJob,
  postbackRetryDelay,
  type PostbackJob,
} from './postback-outbox.service';
import { PostbackSender, type PostbackOutcome } from './postback-sender';

/** How often the relay looks for postbacks no request could queue. */
const RELAY_INTERVAL_MS = 30_000;

/**
 * The worker side of the postback queue: each job makes one attempt (PostbackSender), retried
 * with a doubling delay; a last failure marks the postback failed. Beside it, the relay queues
 * what could not be queued when it was written.
 */
@Injectable()
export class PostbackProcessor implements QueueCompanion {
  private readonly logger = new Logger('PostbackWorker');
  private relayTimer?: NodeJS.Timeout;
  private relaying?: Promise<unknown>;

  constructor(
    private readonly sender: PostbackSender,
    private readonly outbox: PostbackOutbox,
  ) {}

  @QueueJob({
    queue: QUEUES.postback,
    name: POSTBACK_JOB,
    schema: postbackJob,
    concurrency: 4,
    settings: { backoffStrategy: (attemptsMade: number) => postbackRetryDelay(attemptsMade) },
  })
  send(job: PostbackJob): Promise<PostbackOutcome> {
    return this.sender.send(job.postbackId);
  }

  @OnQueueFailed(QUEUES.postback)
  failed(job: FailedJob<PostbackJob>, error: Error): void {
    const id = job.data?.postbackId;
    if (id === undefined || !job.last) return;
    this.logger.warn(`Postback ${id}: last attempt failed (${error.message})`);
    void this.sender.giveUp(id).catch((e: unknown) => {
      this.logger.error(`Could not record the failure of postback ${id}: ${String(e)}`);
    });
  }

  onWorkerStart(): void {
    this.relayTimer = setInterval(() => void this.relayOnce(), RELAY_INTERVAL_MS);
    void this.relayOnce();
  }

  /** One pass of the relay (also called by tests); a pass still running is not doubled. */
  relayOnce(): Promise<unknown> {
    this.relaying ??= this.outbox
      .relay()
      .catch((error: unknown) => this.logger.warn(`Postback relay: ${String(error)}`))
      .finally(() => (this.relaying = undefined));
    return this.relaying;
  }

  async onWorkerStop(): Promise<void> {
    clearInterval(this.relayTimer);
    await this.relaying;
  }
}
