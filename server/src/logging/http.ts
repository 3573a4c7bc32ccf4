import type { NextFunction, Request, Response } from 'express';
import { storage } from 'nestjs-pino/storage';
import type { Logger as Pino } from 'pino';
import { LogContext } from './logger';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';

/** Prefixes of what the server answers outside its routes (files, pages, sockets). */
const UNROUTED = ['/assets/', '/media/', '/socket.io/', '/dev/', '/sandbox/'];

/**
 * The route pattern a request matched (`/api/staff/members/:id`), never the raw path with its
 * ids: a label of the metrics and the message of the request's log line. Files and pages
 * (served outside the router) are one label per prefix, and everything else `(page)`.
 */
export function routeOf(req: Request): string {
  const route = (req as { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  const path = req.originalUrl.split('?')[0];
  const prefix = UNROUTED.find((p) => path.startsWith(p));
  return prefix ? `${prefix}*` : path.startsWith('/api/') ? '(unmatched api)' : '(page)';
}

/**
 * A URL as it may be logged: the path, and of the query only its names. Link tokens, codes and
 * signatures travel in query strings (activation, reset, media): their values never reach a line.
 */
export function loggableUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return path;
  const names = query.split('&').map((pair) => `${pair.split('=')[0]}=…`);
  return `${path}?${names.join('&')}`;
}

type Finished = (req: Request, res: Response, seconds: number) => void;

/** What the request middleware keeps on each answer (no closure per request). */
const STARTED = Symbol('started');
const REQUEST_ID = Symbol('requestId');
interface Tracked extends Response {
  [STARTED]: number;
  [REQUEST_ID]: string;
}

/**
 * The first middleware of the HTTP app: gives each request an id (a sane incoming X-Request-Id,
 * or a new one) answered in X-Request-Id, writes one JSON line when it completes (method, path
 * without query values, route, status, duration: no headers, cookies or body), and runs the
 * rest of the request in a log context carrying the id (`reqId`): every line its code logs, and
 * the jobs it queues, carry it. `finished` is told of every answered request (the metrics).
 *
 * The hot path does only what is needed: the context's child logger is made when something in
 * the request logs (logger.ts, LogContext), and the line is composed only when its level is
 * written (LOG_LEVEL `error` writes only the 5xx lines). One listener, the answer's `close`
 * (emitted once: after `finish`, or when the client went away first: logged, not counted;
 * `on`, since `once` wraps each listener in a new function).
 */
export function httpLogging(logger: Pino, finished: Finished) {
  function answered(res: Tracked): void {
    const req = res.req;
    const seconds = (performance.now() - res[STARTED]) / 1000;
    if (res.writableEnded) finished(req, res, seconds);
    const failed = res.statusCode >= 500;
    if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
    const route = routeOf(req);
    const line = {
      reqId: res[REQUEST_ID],
      // the answer's status only: none of its headers
      res: { statusCode: res.statusCode },
      ...(failed ? { err: new Error(`failed with status code ${res.statusCode}`) } : {}),
      responseTime: Math.round(seconds * 1000),
      // no headers, cookies or body: the method, the path (query values left out), the route
      req: { method: req.method, url: loggableUrl(req.originalUrl ?? req.url) },
      route,
    };
    const message = `${req.method} ${route} ${res.statusCode}`;
    if (failed) logger.error(line, message);
    else logger.info(line, message);
  }
  function closed(this: Tracked): void {
    answered(this);
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdFrom(req.headers['x-request-id']);
    res.setHeader(REQUEST_ID_HEADER, id);
    const tracked = res as Tracked;
    tracked[STARTED] = performance.now();
    tracked[REQUEST_ID] = id;
    res.on('close', closed);
    storage.run(new LogContext(logger, { reqId: id }), next);
  };
}
