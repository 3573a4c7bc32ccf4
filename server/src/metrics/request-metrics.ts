import type { Metric } from 'prom-client';
import { CountedHistogram, scrapedMetric, type Sample } from './counted';

/** The duration histogram's upper bounds, seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One route pattern and method: its answers by status, and the histogram of their durations. */
class RouteSeries {
  readonly statuses = new Map<number, number>();
  readonly durations = new CountedHistogram(DURATION_BUCKETS);

  constructor(
    readonly route: string,
    readonly method: string,
  ) {}
}

/**
 * The request series, `http_requests_total{route,method,status}` and
 * `http_request_duration_seconds{route,method}`, counted in place: a request finds its record by
 * two Map lookups on strings it already has (the route pattern and the method) and adds to
 * numbers, allocating nothing (counted.ts). The samples are built when Prometheus scrapes, in
 * prom-client's format (a test holds them equal to prom-client's Counter and Histogram).
 */
export class RequestMetrics {
  private readonly routes = new Map<string, Map<string, RouteSeries>>();

  /** Counts one answered request. */
  observe(route: string, method: string, status: number, seconds: number): void {
    let methods = this.routes.get(route);
    if (!methods) this.routes.set(route, (methods = new Map()));
    let series = methods.get(method);
    if (!series) methods.set(method, (series = new RouteSeries(route, method)));
    series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
    series.durations.observe(seconds);
  }

  /** The two series, for `registry.registerMetric`. */
  metrics(): Metric[] {
    const reset = () => this.routes.clear();
    return [
      scrapedMetric({
        name: 'http_requests_total',
        help: 'HTTP requests answered, by route pattern, method and status',
        type: 'counter',
        samples: () => this.requestSamples(),
        reset,
      }),
      scrapedMetric({
        name: 'http_request_duration_seconds',
        help: 'Time to answer an HTTP request, by route pattern and method',
        type: 'histogram',
        samples: () =>
          [...this.series()].flatMap((s) =>
            s.durations.samples('http_request_duration_seconds', {
              route: s.route,
              method: s.method,
            }),
          ),
        reset,
      }),
    ];
  }

  private *series(): Generator<RouteSeries> {
    for (const methods of this.routes.values()) yield* methods.values();
  }

  private requestSamples(): Sample[] {
    const samples: Sample[] = [];
    for (const s of this.series()) {
      for (const [status, value] of s.statuses) {
        samples.push({
          value,
          labels: { route: s.route, method: s.method, status: String(status) },
        });
      }
    }
    return samples;
  }
}
