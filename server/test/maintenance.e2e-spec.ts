import { Queue, QueueEvents } from 'bullmq';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { WorkerModule } from '../src/worker.module';
import { MaintenanceProcessor, QUEUES, WorkerRegistry, workerConnection } from '../src/queue';
import { LinkHousekeepingTask } from '../src/mail/link-housekeeping.task';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    t = await createTestApp();
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    // without the hourly schedulers, whose first runs would race the jobs this test queues
    const maintenance = worker.get(MaintenanceProcessor);
    maintenance.schedule = false;
    await worker.get(WorkerRegistry).start(QUEUES.maintenance);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('deletes expired sessions and trusted browsers in a queued job and keeps live ones', async () => {
    const user = await t.prisma.user.create({ data: { email: 'sessions@example.test' } });
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 86_400_000);
    await t.prisma.session.createMany({
      data: [
        { userId: user.id, tokenHash: 'a'.repeat(64), expiresAt: past },
        { userId: user.id, tokenHash: 'b'.repeat(64), expiresAt: future },
      ],
    });
    await t.prisma.trustedDevice.create({
      data: { userId: user.id, tokenHash: 'c'.repeat(64), expiresAt: past },
    });
    const connection = workerConnection(t.config);
    const queue = new Queue(QUEUES.maintenance, { connection });
    const events = new QueueEvents(QUEUES.maintenance, { connection });
    await events.waitUntilReady();
    try {
      const job = await queue.add('purge-expired-sessions', {});
      const result = await job.waitUntilFinished(events, 10_000);
      expect(result).toEqual({ deleted: 1, devices: 1 });
    } finally {
      await events.close();
      await queue.close();
    }
    const left = await t.prisma.session.findMany({ where: { userId: user.id } });
    expect(left.map((s) => s.tokenHash)).toEqual(['b'.repeat(64)]);
  });

  it('removes links used or expired a month ago and given-up mails', async () => {
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
    await t.prisma.mailIntent.create({
      data: { userId: user.id, template: 'reset', failedAt: old },
    });
    const result = await worker.get(LinkHousekeepingTask).run();
    expect(result).toEqual({ links: 2, mails: 1 });
    const left = await t.prisma.emailToken.findMany({ where: { userId: user.id } });
    expect(left.map((l) => l.tokenHash)).toEqual(['0'.repeat(64)]);
  });

  it('finds every feature’s hourly task and queue worker in the registry', () => {
    const registry = worker.get(WorkerRegistry);
    expect([...registry.maintenanceTasks().keys()].sort()).toEqual([
      'campaigns',
      'check-pending-payments',
      'data-export-housekeeping',
      'expire-verification-requests',
      'photo-screening-requeue',
      'purge-due-deletions',
      'purge-expired-idempotency-records',
      'purge-expired-links',
      'purge-expired-sessions',
      'purge-old-visits',
      'retention-mails',
      'roll-up-daily-figures',
      'roll-up-traffic',
      'unread-message-reminders',
      'weekly-updates',
    ]);
    expect(
      registry
        .workers()
        .map((w) => w.constructor.name)
        .sort(),
    ).toEqual([
      'CampaignSender',
      'DataExportProcessor',
      'MailProcessor',
      'MaintenanceProcessor',
      'NotificationBatchProcessor',
      'NotifyProcessor',
      'PhotoScreeningProcessor',
      'PostbackProcessor',
      'PurgeProcessor',
    ]);
  });

  it('schedules every hourly task when it starts', async () => {
    const scheduled = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    await scheduled.get(WorkerRegistry).start(QUEUES.maintenance);
    const queue = new Queue(QUEUES.maintenance, { connection: workerConnection(t.config) });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key).sort()).toEqual(
        [...scheduled.get(MaintenanceProcessor).taskNames()].sort(),
      );
      expect(schedulers).toHaveLength(15);
    } finally {
      await queue.close();
      await scheduled.close();
    }
  });
});
