import {
  ServerRuntimeClient,
  captureException,
  createStackParser,
  createTransport,
  flush,
  getClient,
  initAndBind,
  nodeStackLineParser,
  withScope,
  type ErrorEvent,
  type ServerRuntimeClientOptions,
} from '@sentry/core';
import type { AppConfig } from '../config/config';
import type { ProcessName } from './logger';

/**
 * Optional error tracking through a Sentry-compatible DSN (Sentry, GlitchTip, Bugsink): with
 * SENTRY_DSN unset nothing is set up and reportError does nothing. Only unexpected errors are
 * sent (a 500, a job's last failed attempt), with their stack, the process, the route or queue
 * and the request id; never the request (headers, cookies, body, query), the member or the
 * server's name: sendDefaultPii is off, no integration adds request data, and beforeSend drops
 * what an SDK could have added. Source maps are uploaded to the tracker by the deployment, never
 * served (app.ts answers 404 to every .map).
 */
export function startErrorTracking(
  config: Pick<AppConfig, 'SENTRY_DSN' | 'NODE_ENV'>,
  processName: ProcessName,
): boolean {
  if (!config.SENTRY_DSN) return false;
  const options: ServerRuntimeClientOptions = {
    dsn: config.SENTRY_DSN,
    environment: config.NODE_ENV,
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    sendDefaultPii: false,
    integrations: [],
    stackParser: createStackParser(nodeStackLineParser()),
    transport: (options) =>
      createTransport(options, async (request) => {
        const res = await fetch(options.url, {
          method: 'POST',
          body: request.body as BodyInit,
          headers: { 'Content-Type': 'application/x-sentry-envelope' },
          signal: AbortSignal.timeout(5_000),
        });
        return {
          statusCode: res.status,
          headers: {
            'retry-after': res.headers.get('retry-after'),
            'x-sentry-rate-limits': res.headers.get('x-sentry-rate-limits'),
          },
        };
      }),
    initialScope: { tags: { process: processName } },
    beforeSend: withoutPersonalData,
  };
  initAndBind(ServerRuntimeClient, options);
  return true;
}

function withoutPersonalData(event: ErrorEvent): ErrorEvent {
  delete event.request;
  delete event.user;
  delete event.server_name;
  delete event.breadcrumbs;
  return event;
}

/** Sends an unexpected error to the tracker (when SENTRY_DSN is set) with ids, never data. */
export function reportError(error: unknown, tags: Record<string, string | undefined>): void {
  if (!getClient()) return;
  withScope((scope) => {
    for (const [key, value] of Object.entries(tags)) if (value) scope.setTag(key, value);
    captureException(error);
  });
}

/** Waits (at most `ms`) for the events still being sent: at shutdown, and in tests. */
export function flushErrorReports(ms = 2_000): Promise<boolean> {
  return getClient() ? flush(ms) : Promise.resolve(true);
}
