import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, Worker, type Job } from 'bullmq';
import { z } from 'zod';
import { JOB_STUCK_ACTIVE_MINUTES, type StaffJob } from '@app/contract';
import { ConfigModule } from '../src/config/config.module';
import { PURGE_JOB } from '../src/deletion/deletion.service';
import {
  HIDDEN,
  QUEUES,
  QueueInspector,
  QueueJob,
  QueueModule,
  WorkerRegistry,
  workerConnection,
} from '../src/queue';
import { WorkerModule } from '../src/worker.module';
import { eventually } from './helpers/sockets';
import { cookieOf, staffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { loggedInMember } from './helpers/accounts';

const FLAKY_JOB = 'flaky-export';

/**
 * A stand-in handler of the data-export queue for these tests, declared with @QueueJob like the
 * features' and run by the real WorkerRegistry (a real BullMQ worker on the test's Redis): it
 * fails while `failing`, naming an address as an SMTP error would, and counts its runs.
 */
@Injectable()
class FlakyExports {
  failing = true;
  readonly runs = new Map<string, number>();

  @QueueJob({
    queue: QUEUES.dataExport,
    name: FLAKY_JOB,
    schema: z.object({ exportId: z.number().int(), note: z.string().optional() }),
  })
  build(data: { exportId: number }, job: Job): Promise<string> {
    const id = job.id ?? '?';
    this.runs.set(id, (this.runs.get(id) ?? 0) + 1);
    if (this.failing) {
      return Promise.reject(
        new Error(`550 <ann@example.com> refused by 192.0.2.7 for export ${data.exportId}`),
      );
    }
    return Promise.resolve('built');
  }
}

@Module({ imports: [QueueModule], providers: [FlakyExports] })
class FlakyWorkerModule {}

/**
 * Failed and stuck jobs in the console (issue 36, point 6), on real Redis with real workers:
 * a job that fails shows up with its reason (addresses taken out), attempts and a payload of ids
 * only; a retry runs it again, once however often it is clicked, with one audit row; admins only.
 */
describe('staff: failed and stuck jobs of the worker’s queues', () => {
  let t: TestApp;
  let adminCookie: string;
  let flakyContext: INestApplicationContext;
  let purgeContext: INestApplicationContext;
  let flaky: FlakyExports;
  let exportsQueue: Queue;
  let notifyQueue: Queue;
  let purgeQueue: Queue;

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await cookieOf(await staffAccount(t, ['admin']), t);
    @Module({ imports: [ConfigModule.forRoot(t.config), FlakyWorkerModule] })
    class Root {}
    flakyContext = await NestFactory.createApplicationContext(Root, { logger: ['error'] });
    flaky = flakyContext.get(FlakyExports);
    await flakyContext.get(WorkerRegistry).start(QUEUES.dataExport);
    purgeContext = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    await purgeContext.get(WorkerRegistry).start(QUEUES.purge);
    const connection = workerConnection(t.config);
    exportsQueue = new Queue(QUEUES.dataExport, { connection });
    notifyQueue = new Queue(QUEUES.notify, { connection });
    purgeQueue = new Queue(QUEUES.purge, { connection });
  });
  afterAll(async () => {
    await Promise.all([exportsQueue.close(), notifyQueue.close(), purgeQueue.close()]);
    await flakyContext.close();
    await purgeContext.close();
    await t.close();
  });

  const list = async (cookie = adminCookie) =>
    (
      await t
        .http()
        .get('/api/staff/jobs')
        .set('Cookie', cookie)
        .set('X-Request-Type', 'client')
        .expect(200)
    ).body as { queues: { queue: string; failed: number }[]; jobs: StaffJob[] };
  const listed = async (queue: string, id: string) =>
    (await list()).jobs.find((job) => job.queue === queue && job.id === id);
  const retry = (job: StaffJob, cookie = adminCookie) =>
    t
      .http()
      .post(`/api/staff/jobs/${job.queue}/${job.id}/retry`)
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ failed_at: job.finished_at });
  const state = async (queue: Queue, id: string) => (await queue.getJob(id))?.getState();
  const audits = (queue: string, id: string) =>
    t.prisma.staffAuditEntry.findMany({
      where: { action: 'job.retried', subjectId: `${queue}:${id}` },
    });

  /** A flaky job queued and failed (one attempt). */
  async function failedJob(exportId: number): Promise<StaffJob> {
    flaky.failing = true;
    const job = await exportsQueue.add(FLAKY_JOB, { exportId, note: 'Ann from Utrecht' });
    const id = job.id!;
    await eventually(async () => (await state(exportsQueue, id)) === 'failed');
    const shown = await listed(QUEUES.dataExport, id);
    expect(shown).toBeDefined();
    return shown!;
  }

  it('shows a failed job with its name, reason, attempts and a payload of ids only', async () => {
    const job = await failedJob(41);
    expect(job).toMatchObject({
      queue: 'data-export',
      name: FLAKY_JOB,
      problem: 'failed',
      payload: { exportId: 41, note: HIDDEN },
      failed_reason: `550 <${HIDDEN}> refused by ${HIDDEN} for export 41`,
      attempts_made: 1,
      attempts_allowed: 1,
      retryable: true,
    });
    expect(job.finished_at).not.toBeNull();
    expect(JSON.stringify(job)).not.toMatch(/ann@example\.com|Utrecht|192\.0\.2\.7/);
    const counts = (await list()).queues.find((queue) => queue.queue === 'data-export');
    expect(counts?.failed).toBeGreaterThanOrEqual(1);
  });

  it('shows a real feature’s failure: a purge job an older deploy queued in another shape', async () => {
    const job = await purgeQueue.add(PURGE_JOB, { user: 5, request: '7' }, { attempts: 3 });
    await eventually(async () => (await state(purgeQueue, job.id!)) === 'failed');
    const shown = await listed(QUEUES.purge, job.id!);
    expect(shown).toMatchObject({ name: PURGE_JOB, problem: 'failed', payload: { user: 5 } });
    expect(shown?.failed_reason).toMatch(/payload this version cannot read/);
  });

  it('runs a failed job again on retry, audited, and a second click does not run it twice', async () => {
    const job = await failedJob(42);
    expect(flaky.runs.get(job.id)).toBe(1);
    flaky.failing = false;
    const first = await retry(job).expect(200);
    expect(first.body.retried).toBe(true);
    await eventually(async () => (await state(exportsQueue, job.id)) === 'completed');
    expect(flaky.runs.get(job.id)).toBe(2);
    // the same click again (the console's answer lost, a double click): not again
    const second = await retry(job).expect(200);
    expect(second.body).toEqual({ retried: false, state: 'completed' });
    expect(flaky.runs.get(job.id)).toBe(2);
    expect(await listed(QUEUES.dataExport, job.id)).toBeUndefined();
    const rows = await audits('data-export', job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subjectType: 'job', actorRoles: ['admin'] });
  });

  it('starts a failed job once when two admins retry it at the same moment', async () => {
    const job = await failedJob(43);
    flaky.failing = false;
    const other = await cookieOf(await staffAccount(t, ['admin']), t);
    const answers = await Promise.all([retry(job), retry(job, other), retry(job)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers.filter((res) => res.body.retried === true)).toHaveLength(1);
    await eventually(async () => (await state(exportsQueue, job.id)) === 'completed');
    expect(flaky.runs.get(job.id)).toBe(2);
    expect(await audits('data-export', job.id)).toHaveLength(1);
  });

  it('does not retry a failure that was retried and failed again since the console showed it', async () => {
    const job = await failedJob(44);
    const res = await retry(job).expect(200); // fails again: flaky.failing is still true
    expect(res.body.retried).toBe(true);
    await eventually(async () => (flaky.runs.get(job.id) ?? 0) === 2);
    await eventually(async () => (await state(exportsQueue, job.id)) === 'failed');
    // the old listing's failed_at is stale now
    expect((await retry(job).expect(200)).body).toEqual({ retried: false, state: 'failed' });
    expect(flaky.runs.get(job.id)).toBe(2);
    expect(await audits('data-export', job.id)).toHaveLength(1);
  });

  it('shows a job waiting too long as stuck, and refuses to retry it', async () => {
    // the notify queue has no worker in this test: its job waits
    const queuedAt = Date.now() - 31 * 60_000;
    const job = await notifyQueue.add('notify', { recipientId: 7 }, { timestamp: queuedAt });
    const shown = await listed(QUEUES.notify, job.id!);
    expect(shown).toMatchObject({
      problem: 'stuck_waiting',
      retryable: false,
      payload: { recipientId: 7 },
    });
    const fresh = await notifyQueue.add('notify', { recipientId: 8 });
    expect(await listed(QUEUES.notify, fresh.id!)).toBeUndefined();
    const res = await retry({ ...shown!, finished_at: new Date().toISOString() }).expect(200);
    expect(res.body).toEqual({ retried: false, state: 'waiting' });
    expect(await audits('notify', job.id!)).toHaveLength(0);
    await notifyQueue.obliterate({ force: true });
  });

  it('shows a job running too long as stuck', async () => {
    const job = await notifyQueue.add('notify', { recipientId: 9 });
    const manual = new Worker(QUEUES.notify, null, { connection: workerConnection(t.config) });
    try {
      const taken = await manual.getNextJob('manual-token');
      expect(taken?.id).toBe(job.id);
      const inspector = t.app.get(QueueInspector);
      const now = await inspector.overview();
      expect(now.jobs.find((j) => j.id === job.id && j.queue === 'notify')).toBeUndefined();
      const later = await inspector.overview(Date.now() + (JOB_STUCK_ACTIVE_MINUTES + 1) * 60_000);
      expect(later.jobs.find((j) => j.id === job.id && j.queue === 'notify')).toMatchObject({
        problem: 'stuck_active',
        retryable: false,
      });
    } finally {
      await manual.close();
      await notifyQueue.obliterate({ force: true });
    }
  });

  it('answers 404 for a job or queue that is not there, and 400 for a bad body', async () => {
    const job = await failedJob(45);
    await retry({ ...job, id: '999999' }).expect(404);
    const unknown = await retry({ ...job, queue: 'no-such-queue' }).expect(404);
    expect(unknown.body.error).toBe('job_not_found');
    const bad = await t
      .http()
      .post(`/api/staff/jobs/${job.queue}/${job.id}/retry`)
      .set('Cookie', adminCookie)
      .set('X-Request-Type', 'client')
      .send({ failed_at: 'yesterday' })
      .expect(400);
    expect(bad.body.error).toBe('validation_failed');
  });

  it.each(['moderator', 'operator'] as const)(
    'refuses the %s the list and the retry',
    async (role) => {
      const job = await failedJob(46);
      const cookie = await cookieOf(await staffAccount(t, [role]), t);
      const res = await t
        .http()
        .get('/api/staff/jobs')
        .set('Cookie', cookie)
        .set('X-Request-Type', 'client')
        .expect(403);
      expect(res.body.error).toBe('forbidden');
      expect((await retry(job, cookie).expect(403)).body.error).toBe('forbidden');
      expect(await state(exportsQueue, job.id)).toBe('failed');
      expect(await audits('data-export', job.id)).toHaveLength(0);
    },
  );

  it('refuses a member and a visitor', async () => {
    const member = await loggedInMember(t);
    await t
      .http()
      .get('/api/staff/jobs')
      .set('Cookie', member.cookie)
      .set('X-Request-Type', 'client')
      .expect(403);
    await t.http().get('/api/staff/jobs').set('X-Request-Type', 'client').expect(403);
  });
});
