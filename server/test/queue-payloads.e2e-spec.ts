import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, QueueEvents } from 'bullmq';
import { PURGE_JOB } from '../src/deletion/deletion.service';
import { QUEUES, WorkerRegistry, workerConnection } from '../src/queue';
import { WorkerModule } from '../src/worker.module';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The worker registry checks every job's payload against its queue's schema before the handler
 * sees it: a job queued by an older deploy (a purge waits 14 days) in a shape this version does
 * not know fails at once, naming what is wrong, instead of being read unchecked.
 */
describe('queued jobs are checked against their schema', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    await worker.get(WorkerRegistry).start(QUEUES.purge);
    const connection = workerConnection(t.config);
    queue = new Queue(QUEUES.purge, { connection });
    events = new QueueEvents(QUEUES.purge, { connection });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await events.close();
    await queue.close();
    await worker.close();
    await t.close();
  });

  it('fails a purge job whose payload an older deploy wrote differently, at once and without retries', async () => {
    const job = await queue.add(
      PURGE_JOB,
      { user: 5, request: '7' },
      { attempts: 10, backoff: { type: 'fixed', delay: 10 } },
    );
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(
      /purge\/purge-member .*payload this version cannot read.*userId/,
    );
    const failed = await queue.getJob(job.id as string);
    expect(await failed?.getState()).toBe('failed');
    expect(failed?.attemptsMade).toBe(1);
  });

  it('fails a job of a name the queue does not know without running it', async () => {
    const job = await queue.add('purge-everyone', { userId: 1, requestId: 1 }, { attempts: 10 });
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(
      'Unknown purge job purge-everyone',
    );
    expect((await queue.getJob(job.id as string))?.attemptsMade).toBe(1);
  });

  it('hands a payload in the current shape to the purge (an unknown request is cancelled)', async () => {
    const job = await queue.add(PURGE_JOB, { userId: 2_000_000_000, requestId: 2_000_000_000 });
    expect(await job.waitUntilFinished(events, 10_000)).toBe('cancelled');
  });
});
