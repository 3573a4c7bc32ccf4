import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Store, storage } from 'nestjs-pino/storage';
import type { Logger as Pino } from 'pino';
import { pinoHttp } from 'pino-http';
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

/** What the line of a completed request tells of it. */
function described(req: IncomingMessage) {
  const express = req as Request;
  return {
    req: { method: req.method, url: loggableUrl(express.originalUrl ?? req.url ?? '') },
    route: routeOf(express),
  };
}

type Finished = (req: Request, res: Response, seconds: number) => void;

/**
 * The first middleware of the HTTP app: gives each request an id (a sane incoming X-Request-Id,
 * or a new one) answered in X-Request-Id, writes one JSON line when it completes (method, path
 * without query values, route, status, duration: no headers, cookies or body), and runs the
 * rest of the request in a log context carrying the id (`reqId`): every line its code logs, and
 * the jobs it queues, carry it. `finished` is told of every completed request (the metrics).
 */
export function httpLogging(logger: Pino, finished: Finished) {
  const log = pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    genReqId: (req, res) => {
      const id = requestIdFrom(req.headers['x-request-id']);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // the answer's status only: none of its headers (Set-Cookie is redacted besides)
    serializers: { res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
    // no headers, cookies or body: the method, the path (query values left out), the route
    customSuccessObject: (req, _res, value: object) => ({ ...value, ...described(req) }),
    customErrorObject: (req, _res, _error, value: object) => ({ ...value, ...described(req) }),
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) =>
      `${req.method} ${routeOf(req as Request)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${routeOf(req as Request)} ${res.statusCode}`,
    customAttributeKeys: { reqId: 'reqId' },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => finished(req, res, Number(process.hrtime.bigint() - started) / 1e9));
    log(req, res, () => storage.run(new Store(req.log), next));
  };
}
