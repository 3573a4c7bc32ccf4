import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { routeOf } from '../logging/http';
import type { ProcessName } from '../logging/logger';
import { RequestMetrics } from './request-metrics';

export const METRICS_PROCESS = Symbol('METRICS_PROCESS');

/**
 * The process's Prometheus registry (one per application, so tests may run several) and the
 * series several features feed. Every series and what an alert on it means: docs/operations.md,
 * "Metrics".
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /**
   * Requests answered, per route pattern (never a raw path), method and status class, and their
   * durations: `http_requests_total` and `http_request_duration_seconds`, counted in place
   * (request-metrics.ts: nothing allocated per request).
   */
  readonly requests = new RequestMetrics();

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
    for (const metric of this.requests.metrics()) this.registry.registerMetric(metric);
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one answered request (logging/http.ts calls it when the answer is sent). */
  observeRequest(req: Request, res: Response, seconds: number): void {
    this.requests.observe(routeOf(req), req.method, res.statusCode, seconds);
  }
}
