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

  it('removes links used or expired a month ago, expired trusted browsers and given-up mails', async () => {
    const user = await t.prisma.user.create({ data: { email: 'links@example.test' } });
    const old = new Date(Date.now() - 31 * 86_400_000);
    const soon = new Date(Date.now() + 86_400_000);
    await t.prisma.emailToken.createMany({
      data: [
        { userId: user.id, type: 'password_reset', tokenHash: 'e'.repeat(64), expiresAt: old },
        {
          userId: user.id,
          type: 'activation',
          tokenHash: 'f'.repeat(64),
          expiresAt: soon,
          usedAt: old,
        },
        { userId: user.id, type: 'activation', tokenHash: '0'.repeat(64), expiresAt: soon },
      ],
    });
    await t.prisma.trustedDevice.create({
      data: { userId: user.id, tokenHash: '1'.repeat(64), expiresAt: new Date(Date.now() - 1000) },
    });
    await t.prisma.mailIntent.create({
      data: { userId: user.id, template: 'reset', failedAt: old },
    });
    const result = await worker.get(MaintenanceProcessor).purgeExpiredTokens();
    expect(result).toEqual({ links: 2, devices: 1, mails: 1 });
    const left = await t.prisma.emailToken.findMany({ where: { userId: user.id } });
    expect(left.map((l) => l.tokenHash)).toEqual(['0'.repeat(64)]);
  });

  it('schedules the hourly jobs when it starts: sessions, due deletions and old links', async () => {
    const scheduled = await NestFactory.createApplicationContext(JobsModule.forRoot(t.config), {
      logger: ['error'],
    });
    await scheduled.get(MaintenanceProcessor).start();
    const queue = new Queue(QUEUES.maintenance, { connection: workerConnection(t.config) });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key).sort()).toEqual(Object.values(MAINTENANCE_JOBS).sort());
    } finally {
      await queue.close();
      await scheduled.close();
    }
  });
});
