import { DynamicModule, Global, Module } from '@nestjs/common';
import type { ProcessName } from '../logging/logger';
import { METRICS_PROCESS, Metrics } from './metrics.service';
import { MetricsServer } from './metrics.server';
import { PoolMetrics } from './pool.metrics';
import { WorkerMetrics } from './worker.metrics';

/**
 * Prometheus metrics of a process (docs/operations.md, "Metrics"): its registry and the internal
 * /metrics server, and the PostgreSQL pool's series; features register their own series on
 * Metrics (requests: logging/http.ts; sockets: realtime; mails: mail), the worker also queues,
 * jobs, payments and the inspection queue (WorkerMetrics).
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(processName: ProcessName): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        { provide: METRICS_PROCESS, useValue: processName },
        Metrics,
        MetricsServer,
        PoolMetrics,
        ...(processName === 'worker' ? [WorkerMetrics] : []),
      ],
      exports: [Metrics, MetricsServer],
    };
  }
}
