import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from './config/config';
import { signalReady } from './common/ready-signal';
import { createRootLogger, nestLogger, startErrorTracking } from './logging';
import { MetricsServer } from './metrics';
import { WorkerRegistry } from './queue';
import { WorkerModule } from './worker.module';

/**
 * The BullMQ worker process: runs queued and scheduled jobs (docker-compose service `worker`).
 * On SIGTERM the workers stop taking jobs and finish the running ones before PostgreSQL and
 * Redis close.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  startErrorTracking(config, 'worker');
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: nestLogger(createRootLogger(config, 'worker')),
  });
  app.enableShutdownHooks();
  await app.get(WorkerRegistry).startAll();
  new Logger('Worker').log('Worker started');
  signalReady({ ready: 'worker', metricsPort: app.get(MetricsServer).port() ?? null });
}

main().catch((error: unknown) => {
  new Logger('Worker').error(
    'Start-up failed',
    error instanceof Error ? error.stack : String(error),
  );
  process.exit(1);
});
