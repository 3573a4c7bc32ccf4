import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfigOrExit, shutdownDrainMs } from './config/config';
import { createApp } from './app';
import { signalReady } from './common/ready-signal';
import { HealthService } from './health/health.service';
import { MetricsServer } from './metrics';

/**
 * The HTTP process. On SIGTERM or SIGINT it drains first: readiness answers 503 at once, and it
 * keeps answering for SHUTDOWN_DRAIN_MS, each answer closing its connection (app.ts), so the
 * proxy (docker/Caddyfile) holds no idle connection to it when it stops listening and sends its
 * next request to another replica. Then Nest closes it in order: the HTTP server stops accepting and
 * finishes the requests under way, sockets are told to reconnect elsewhere, then the queues,
 * PostgreSQL and Redis close. A second signal skips what is left of the drain.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  stopOnSignals(app, shutdownDrainMs(config));
  await app.listen(config.PORT);
  // the port bound, which PORT=0 leaves to the kernel
  const { port } = app.getHttpServer().address() as AddressInfo;
  new Logger('Main').log(`Listening on http://localhost:${port}`);
  signalReady({ ready: 'api', port, metricsPort: app.get(MetricsServer).port() ?? null });
}

function stopOnSignals(app: NestExpressApplication, drainMs: number): void {
  const logger = new Logger('Main');
  let endDrain: (() => void) | null = null;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      endDrain?.();
      return;
    }
    stopping = true;
    app.get(HealthService).startDraining();
    logger.log(`${signal}: not ready any more; draining for ${drainMs} ms, then closing`);
    await new Promise<void>((resolve) => {
      endDrain = resolve;
      setTimeout(resolve, drainMs).unref();
    });
    try {
      await app.close();
    } catch (error) {
      logger.error('Closing failed', error instanceof Error ? error.stack : String(error));
      process.exitCode = 1;
    }
    process.exit();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, (received) => void stop(received));
  }
}

main().catch((error: unknown) => {
  new Logger('Main').error('Start-up failed', error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
