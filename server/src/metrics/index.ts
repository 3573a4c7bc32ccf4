/** Infrastructure: Prometheus metrics on an internal port (docs/operations.md, "Metrics"). */
export { MetricsModule } from './metrics.module';
export { Metrics } from './metrics.service';
export { MetricsServer } from './metrics.server';
