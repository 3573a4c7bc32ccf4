import { ExpressAdapter } from '@nestjs/platform-express';
import express, { type Request, type Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JsonReplyAdapter } from './json-reply';

/** What a handler returns in each case, and the status Nest replies it with. */
const CASES: Record<string, { body: unknown; status?: number }> = {
  object: { body: { user: { id: 7, name: 'Zoë 🎭', at: new Date(0), none: null } } },
  array: { body: [1, 'twee', { drie: 3 }] },
  created: { body: { ok: true }, status: 201 },
  'no content': { body: { ignored: true }, status: 204 },
  nothing: { body: undefined },
  text: { body: 'plain text' },
  error: { body: new Error('kapot'), status: 500 },
  'long answer': { body: { items: Array.from({ length: 400 }, (_, i) => ({ i })) } },
};

/** The answer as a client sees it, the Date header aside. */
async function answer(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString() };
}

describe("Nest's JSON reply (common/json-reply.ts)", () => {
  let server: Server;
  let base = '';
  const jsonCalls: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.set('etag', false);
    app.disable('x-powered-by');
    const fast = new JsonReplyAdapter(app);
    const stock = new ExpressAdapter(app);
    app.use((req: Request, res: Response, next) => {
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        jsonCalls.push(req.path);
        return json(body);
      };
      next();
    });
    for (const [path, adapter] of [
      ['/fast', fast],
      ['/stock', stock],
    ] as const) {
      app.all(`${path}/:case`, (req: Request, res: Response) => {
        const chosen = CASES[String(req.params.case)];
        adapter.reply(res, chosen.body, chosen.status);
      });
    }
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => server.close());

  it("answers every kind of handler result byte for byte as Express's own reply does", async () => {
    const requests: [string, RequestInit][] = [
      ...Object.keys(CASES).map((name): [string, RequestInit] => [name, {}]),
      ['object', { method: 'HEAD' }],
      ['object', { method: 'POST', body: '{}' }],
      ['object', { headers: { 'If-None-Match': '*' } }],
      ['object', { headers: { 'If-Modified-Since': new Date().toUTCString() } }],
    ];
    for (const [name, init] of requests) {
      const path = encodeURIComponent(name);
      const [fast, stock] = [
        await answer(`${base}/fast/${path}`, init),
        await answer(`${base}/stock/${path}`, init),
      ];
      expect({ name, init, ...fast }).toEqual({ name, init, ...stock });
    }
  });

  it("writes a handler's plain object or array without Express's res.json", async () => {
    jsonCalls.length = 0;
    for (const name of ['object', 'array', 'created', 'long%20answer']) {
      await answer(`${base}/fast/${name}`);
      await answer(`${base}/stock/${name}`);
    }
    expect(jsonCalls.every((path) => path.startsWith('/stock/'))).toBe(true);
    expect(jsonCalls).toHaveLength(4);
  });
});
