import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfigOrExit } from './config/config';
import { createApp } from './app';

/**
 * The HTTP process. On SIGTERM or SIGINT Nest closes it in order: the HTTP server stops
 * accepting and finishes the requests under way, then the queues, PostgreSQL and Redis close.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen(config.PORT);
  new Logger('Main').log(`Listening on http://localhost:${config.PORT}`);
}

main().catch((error: unknown) => {
  new Logger('Main').error('Start-up failed', error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
