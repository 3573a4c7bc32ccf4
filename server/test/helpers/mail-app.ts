import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from '../../src/worker.module';
import { createRootLogger, nestLogger, type LogOptions } from '../../src/logging';
import { AUTH_COOKIE } from '@app/contract';
import { createTestApp, type TestApp } from './test-app';
import { startSmtp, type Smtp } from './smtp';
import { QUEUES, WorkerRegistry } from '../../src/queue';

export type { Smtp };

export interface MailTestApp extends TestApp {
  smtp: Smtp;
  /** The worker process' context (its mail and purge processors started). */
  worker: INestApplicationContext;
  /** POST with X-Request-Type: client (and a session cookie when given). */
  post: (
    path: string,
    body: object,
    cookie?: string,
  ) => ReturnType<ReturnType<TestApp['http']>['post']>;
}

/**
 * The HTTP app plus the worker's mail and purge processors, sending to a real SMTP server in the
 * test process; links in mails point at http://site.test.
 */
export async function createMailTestApp(
  env: Record<string, string> = {},
  log: LogOptions = {},
): Promise<MailTestApp> {
  const smtp = await startSmtp();
  const t = await createTestApp(
    { SMTP_URL: smtp.url, APP_URL: 'http://site.test', ...env },
    { log },
  );
  const worker: INestApplicationContext = await NestFactory.createApplicationContext(
    WorkerModule.forRoot(t.config),
    { logger: log.destination ? nestLogger(createRootLogger(t.config, 'worker', log)) : ['error'] },
  );
  await worker.get(WorkerRegistry).start(QUEUES.mail);
  await worker.get(WorkerRegistry).start(QUEUES.purge);
  return {
    ...t,
    smtp,
    worker,
    post: (path, body, cookie) => {
      const req = t.http().post(path).set('X-Request-Type', 'client');
      if (cookie) req.set('Cookie', cookie);
      return req.send(body);
    },
    close: async () => {
      await worker.close();
      await t.close();
      await smtp.close();
    },
  };
}

/** The `sid=...` pair of a response that logged someone in. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = res.headers['set-cookie'] as string[];
  const sid = cookies.find((c) => c.startsWith(`${AUTH_COOKIE}=`));
  if (!sid) throw new Error('no session cookie');
  return sid.split(';')[0];
}
