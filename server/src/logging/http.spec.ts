import express, { type Request, type Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { storage } from 'nestjs-pino/storage';
import type { Logger as Pino } from 'pino';
import type { AppConfig } from '../config/config';
import { httpLogging } from './http';
import { createRootLogger, currentRequestId } from './logger';

type Line = Record<string, unknown>;

/**
 * A small Express app behind httpLogging, as app.ts puts it first: `/items/:id` answers 200,
 * `/fails` 500, `/logs` logs a line of its own and answers the request id it sees.
 */
async function served(level: AppConfig['LOG_LEVEL']) {
  const lines: Line[] = [];
  const logger = createRootLogger({ LOG_LEVEL: level, NODE_ENV: 'test' }, 'api', {
    destination: { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Line) },
  });
  const answered: { route: string; status: number; seconds: number }[] = [];
  let told: () => void = () => undefined;
  const app = express();
  app.use(
    httpLogging(logger, (req, res, seconds) => {
      answered.push({ route: String(req.route?.path), status: res.statusCode, seconds });
      told();
    }),
  );
  app.get('/items/:id', (_req: Request, res: Response) => void res.json({ ok: true }));
  app.get('/fails', (_req: Request, res: Response) => void res.status(500).json({}));
  app.get('/logs', (_req: Request, res: Response) => {
    storage.getStore()?.logger.error('inside the request');
    res.json({ reqId: currentRequestId() });
  });
  const children = jest.spyOn(logger as Pino, 'child');
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** A GET, resolved once the middleware has told of its answer (its line is written by then). */
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const done = new Promise<void>((resolve) => (told = resolve));
    const res = await fetch(`${base}${path}`, { headers });
    const body = (await res.json()) as Record<string, unknown>;
    await done;
    return { res, body };
  };
  return { lines, answered, children, get, close: () => server.close() };
}

describe('the request middleware (logging/http.ts)', () => {
  it('makes no child logger and writes nothing for a request that logs nothing at LOG_LEVEL error', async () => {
    const app = await served('error');
    try {
      const { res } = await app.get('/items/7?token=secret');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(app.children).not.toHaveBeenCalled();
      expect(app.lines).toEqual([]);
      expect(app.answered).toEqual([
        { route: '/items/:id', status: 200, seconds: expect.any(Number) },
      ]);
    } finally {
      app.close();
    }
  });

  it('writes the line of an answered request with its id, status, duration, method, route and the path without query values', async () => {
    const app = await served('log');
    try {
      const id = 'proxy-request-0001';
      await app.get('/items/7?token=secret&lang=nl', { 'X-Request-Id': id });
      expect(app.lines).toEqual([
        {
          level: 'info',
          time: expect.any(String),
          process: 'api',
          pid: process.pid,
          reqId: id,
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
          req: { method: 'GET', url: '/items/7?token=…&lang=…' },
          route: '/items/:id',
          msg: 'GET /items/:id 200',
        },
      ]);
      expect(JSON.stringify(app.lines)).not.toContain('secret');
      expect(app.children).not.toHaveBeenCalled();
    } finally {
      app.close();
    }
  });

  it('writes the line of a 5xx answer at level error, with its error, when only errors are written', async () => {
    const app = await served('error');
    try {
      await app.get('/fails');
      expect(app.lines).toEqual([
        expect.objectContaining({
          level: 'error',
          reqId: expect.any(String),
          res: { statusCode: 500 },
          err: expect.objectContaining({ message: 'failed with status code 500' }),
          route: '/fails',
          msg: 'GET /fails 500',
        }),
      ]);
    } finally {
      app.close();
    }
  });

  it("gives the request's id to code that asks, and to a line logged within the request", async () => {
    const app = await served('error');
    try {
      const id = 'proxy-request-0002';
      const { body } = await app.get('/logs', { 'X-Request-Id': id });
      expect(body.reqId).toBe(id);
      expect(app.lines).toEqual([
        expect.objectContaining({ level: 'error', reqId: id, msg: 'inside the request' }),
      ]);
      // the context's logger, made for that line: one child, with the id
      expect(app.children).toHaveBeenCalledTimes(1);
      expect(app.children).toHaveBeenCalledWith({ reqId: id });
    } finally {
      app.close();
    }
  });
});
