import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { routeOf } from '../logging/http';
import type { ProcessName } from '../logging/logger';

export const METRICS_PROCESS = Symbol('METRICS_PROCESS');

/**
 * The process's Prometheus registry (one per application, so tests may run several) and the
 * series several features feed. Every series and what an alert on it means: docs/operations.md,
 * "Metrics".
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /** Requests answered, per route pattern (never a raw path), method and status class. */
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** Jobs a worker of this process finished, per queue: completed or failed (an attempt). */
  readonly jobs = new Counter({
    name: 'queue_jobs_processed_total',
    help: 'Queue jobs this process ran, by queue and outcome (completed, failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  /** Mails: sent, skipped (nobody to send to), gone (address bounced), retried, failed. */
  readonly mails = new Counter({
    name: 'mails_total',
    help: 'Mail deliveries by outcome: sent, skipped, gone, retried (an attempt failed), failed (given up)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(@Inject(METRICS_PROCESS) processName: ProcessName) {
    this.registry.setDefaultLabels({ process: processName });
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one answered request (logging/http.ts calls it when the answer is sent). */
  observeRequest(req: Request, res: Response, seconds: number): void {
    const route = routeOf(req);
    this.httpRequests.inc({ route, method: req.method, status: String(res.statusCode) });
    this.httpDuration.observe({ route, method: req.method }, seconds);
  }
}
