import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import https, { createServer, type Server } from 'node:https';
import path from 'node:path';

const TLS = path.join(__dirname, '..', 'fixtures', 'tls');

/**
 * A local stand-in for api.mollie.com that answers with recorded responses in the shapes Mollie
 * documents (docs.mollie.com: Payments, Methods, Customers, Mandates; fixtures/mollie.ts), and
 * records each request, so the Mollie provider is tested through @mollie/api-client itself
 * (its `apiEndpoint` option points here). Over HTTPS, as the client only speaks HTTPS, with a
 * self-signed certificate for 127.0.0.1 (fixtures/tls, test-only) that the client does not
 * trust: `trustSelfSigned()` lets this test process accept it while the server runs.
 */
export interface MollieRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

export type MollieAnswer = { status: number; body: unknown };
export type MollieRoute = (request: MollieRequest) => MollieAnswer | undefined;

export async function startMollieServer(route: MollieRoute) {
  const requests: MollieRequest[] = [];
  const tls = {
    key: readFileSync(path.join(TLS, 'localhost.key')),
    cert: readFileSync(path.join(TLS, 'localhost.crt')),
  };
  const server: Server = createServer(tls, (req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://mollie.test');
      const request: MollieRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null,
      };
      requests.push(request);
      const answer = route(request) ?? {
        status: 404,
        body: {
          status: 404,
          title: 'Not Found',
          detail: 'No payment exists with token tr_unknown.',
          _links: {
            documentation: {
              href: 'https://docs.mollie.com/overview/handling-errors',
              type: 'text/html',
            },
          },
        },
      };
      res.writeHead(answer.status, { 'Content-Type': 'application/hal+json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `https://127.0.0.1:${port}/v2/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Mollie client pins its own CA bundle (an https.Agent with `ca`). While the stand-in runs,
 * agents made in this process trust its certificate too (checked as usual: the certificate
 * names 127.0.0.1); the returned function restores the original Agent.
 */
export function trustSelfSigned(): () => void {
  const original = https.Agent;
  const cert = readFileSync(path.join(TLS, 'localhost.crt'), 'utf8');
  class TrustingAgent extends original {
    constructor(options: https.AgentOptions = {}) {
      const ca =
        options.ca === undefined ? [] : Array.isArray(options.ca) ? options.ca : [options.ca];
      super({ ...options, ca: [...ca, cert] });
    }
  }
  (https as { Agent: typeof https.Agent }).Agent = TrustingAgent;
  return () => {
    (https as { Agent: typeof https.Agent }).Agent = original;
  };
}
