import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { loadConfigOrExit } from './config/config';
import { createApp } from './app';
import { signalReady } from './common/ready-signal';
import { MetricsServer } from './metrics';

/**
 * The HTTP process. On SIGTERM or SIGINT Nest closes it in order: the HTTP server stops
 * accepting and finishes the requests under way, then the queues, PostgreSQL and Redis close.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen(config.PORT);
  // the port bound, which PORT=0 leaves to the kernel
  const { port } = app.getHttpServer().address() as AddressInfo;
  new Logger('Main').log(`Listening on http://localhost:${port}`);
  signalReady({ ready: 'api', port, metricsPort: app.get(MetricsServer).port() ?? null });
}

main().catch((error: unknown) => {
  new Logger('Main').error('Start-up failed', error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
