/**
 * A site address of its own in front of the e2e server, for journeys that need "a new version
 * was deployed" without changing the build every other journey uses: HTTP and WebSocket
 * upgrades pass through untouched, except that after `deploy()` /sw.js answers with the built
 * worker plus one byte more, as a real deployment's new worker would differ.
 * (Playwright's routes do not see the browser's update check of a service worker script.)
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export class DeploymentProxy {
  private server: http.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private deployed = false;
  port = 0;

  constructor(private readonly target: number) {}

  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  /** From now on /sw.js is a new version. */
  deploy(): void {
    this.deployed = true;
  }

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      const isWorker = this.deployed && req.url?.split('?')[0] === '/sw.js';
      const headers = { ...req.headers };
      if (isWorker) {
        // the whole new file, never "not modified"
        headers['accept-encoding'] = 'identity';
        delete headers['if-none-match'];
        delete headers['if-modified-since'];
      }
      const upstream = http.request(
        { host: '127.0.0.1', port: this.target, path: req.url, method: req.method, headers },
        (answer) => {
          if (!isWorker || answer.statusCode !== 200) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat([...chunks, Buffer.from('\n// the next version\n')]);
            const { etag: _etag, 'last-modified': _modified, ...kept } = answer.headers;
            res.writeHead(200, { ...kept, 'content-length': String(body.length) });
            res.end(body);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    server.on('upgrade', (req, socket: net.Socket, head: Buffer) => {
      const upstream = net.connect(this.target, '127.0.0.1', () => {
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        upstream.write(head);
        socket.pipe(upstream).pipe(socket);
      });
      for (const end of [socket, upstream]) {
        this.sockets.add(end);
        end
          .on('error', () => undefined)
          .on('close', () => {
            socket.destroy();
            upstream.destroy();
          });
      }
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
