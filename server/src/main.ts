import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfigOrExit } from './config/config';
import { createApp } from './app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.PORT);
  new Logger('Main').log(`Listening on http://localhost:${config.PORT}`);
}

void main();
