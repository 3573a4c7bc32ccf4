import { Queue, QueueEvents } from 'bullmq';
import { JobsModule } from '../src/jobs/jobs.module';
import { MaintenanceProcessor } from '../src/jobs/maintenance.processor';
import { MAINTENANCE_JOBS, QUEUES, workerConnection } from '../src/jobs/queues';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    t = await createTestApp();
    worker = await NestFactory.createApplicationContext(JobsModule.forRoot(t.config), {
      logger: ['error'],
    });
    // without the hourly scheduler, whose first run would race the job this test queues
    await worker.get(MaintenanceProcessor).start({ schedule: false });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('deletes expired sessions in a queued job and keeps live ones', async () => {
    const user = await t.prisma.user.create({ data: { email: 'sessions@example.test' } });
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 86_400_000);
    await t.prisma.session.createMany({
      data: [
        { userId: user.id, tokenHash: 'a'.repeat(64), expiresAt: past },
        { userId: user.id, tokenHash: 'b'.repeat(64), expiresAt: future },
      ],
    });
    const connection = workerConnection(t.config);
    const queue = new Queue(QUEUES.maintenance, { connection });
    const events = new QueueEvents(QUEUES.maintenance, { connection });
    await events.waitUntilReady();
    try {
      const job = await queue.add(MAINTENANCE_JOBS.purgeExpiredSessions, {});
      const result = await job.waitUntilFinished(events, 10_000);
      expect(result).toEqual({ deleted: 1 });
    } finally {
      await events.close();
      await queue.close();
    }
    const left = await t.prisma.session.findMany({ where: { userId: user.id } });
    expect(left.map((s) => s.tokenHash)).toEqual(['b'.repeat(64)]);
  });

  it('schedules the hourly purge when it starts', async () => {
    const scheduled = await NestFactory.createApplicationContext(JobsModule.forRoot(t.config), {
      logger: ['error'],
    });
    await scheduled.get(MaintenanceProcessor).start();
    const queue = new Queue(QUEUES.maintenance, { connection: workerConnection(t.config) });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key)).toContain(MAINTENANCE_JOBS.purgeExpiredSessions);
    } finally {
      await queue.close();
      await scheduled.close();
    }
  });
});
