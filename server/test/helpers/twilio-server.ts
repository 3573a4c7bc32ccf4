import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import path from 'node:path';

const TLS = path.join(__dirname, '..', 'fixtures', 'tls');

/**
 * A local stand-in for api.twilio.com that answers with recorded responses (fixtures/twilio.ts)
 * and records each request as it arrived (path, headers, form fields), so the SMS transport is
 * tested through the twilio library itself (TWILIO_API_URL relocates its request client here).
 * Over HTTPS with the test-only certificate for 127.0.0.1; `trustSelfSigned()` of
 * mollie-server.ts lets this process accept it.
 */
export interface TwilioRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

export type TwilioAnswer = { status: number; body: unknown };

export async function startTwilioServer(route: (request: TwilioRequest) => TwilioAnswer) {
  const requests: TwilioRequest[] = [];
  const server: Server = createServer(
    {
      key: readFileSync(path.join(TLS, 'localhost.key')),
      cert: readFileSync(path.join(TLS, 'localhost.crt')),
    },
    (req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const request: TwilioRequest = {
          method: req.method ?? 'GET',
          path: new URL(req.url ?? '/', 'https://api.twilio.com').pathname,
          headers: req.headers,
          form: Object.fromEntries(new URLSearchParams(raw)),
        };
        requests.push(request);
        const answer = route(request);
        res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(answer.body));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
