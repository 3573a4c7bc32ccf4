import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { ProcessName } from '../logging/logger';
import { METRICS_PROCESS, Metrics } from './metrics.service';

/**
 * GET /metrics on the internal metrics port (METRICS_PORT, the worker's WORKER_METRICS_PORT),
 * its own HTTP server: never on the public app port, so the proxy cannot serve it. A port in
 * use is logged and the process goes on without metrics (the site matters more).
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(METRICS_PROCESS) private readonly processName: ProcessName,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port =
      this.processName === 'worker' ? this.config.WORKER_METRICS_PORT : this.config.METRICS_PORT;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      this.metrics.registry.metrics().then(
        (text) =>
          res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.warn(`Collecting metrics failed: ${String(error)}`);
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve) => {
      server.once('error', (error) => {
        this.logger.error(
          `Metrics not served on ${this.config.METRICS_HOST}:${port}: ${error.message}`,
        );
        resolve();
      });
      server.listen(port, this.config.METRICS_HOST, () => {
        this.server = server;
        resolve();
      });
    });
  }

  /** The port /metrics answers on (tests listen on port 0: any free one). */
  port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
