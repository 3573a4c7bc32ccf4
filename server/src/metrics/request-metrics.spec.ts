import { Counter, Histogram, Registry } from 'prom-client';
import { CountedHistogram, scrapedMetric } from './counted';
import { RequestMetrics } from './request-metrics';

/** The samples of an exposition as `name{sorted labels} value` lines (label order aside). */
function samples(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([^{ ]+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = (match[2] ?? '')
        .split(/,(?=\w+=")/)
        .filter(Boolean)
        .sort();
      return `${match[1]}{${labels.join(',')}} ${match[3]}`;
    })
    .sort();
}

/** The HELP and TYPE lines of an exposition. */
const described = (text: string) => text.split('\n').filter((line) => line.startsWith('#'));

/** Requests of several routes, methods, statuses and durations (one beyond the last bucket). */
const REQUESTS: [route: string, method: string, status: number, seconds: number][] = [
  ['/api/user.php', 'GET', 200, 0.003],
  ['/api/user.php', 'GET', 200, 0.005],
  ['/api/user.php', 'GET', 304, 0.04],
  ['/api/user.php', 'POST', 401, 0.3],
  ['/api/staff/members/:id', 'GET', 200, 0.012],
  ['/api/staff/members/:id', 'GET', 500, 12],
  ['(page)', 'GET', 200, 1],
];

describe('metrics counted in place (counted.ts, request-metrics.ts)', () => {
  it("exposes the request series exactly as prom-client's Counter and Histogram do", async () => {
    const reference = new Registry();
    reference.setDefaultLabels({ process: 'api' });
    const counter = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [reference],
    });
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [reference],
    });
    const counted = new Registry();
    counted.setDefaultLabels({ process: 'api' });
    const requests = new RequestMetrics();
    for (const metric of requests.metrics()) counted.registerMetric(metric);

    for (const [route, method, status, seconds] of REQUESTS) {
      counter.inc({ route, method, status: String(status) });
      histogram.observe({ route, method }, seconds);
      requests.observe(route, method, status, seconds);
    }
    const [expected, actual] = [await reference.metrics(), await counted.metrics()];
    expect(samples(actual)).toEqual(samples(expected));
    expect(described(actual)).toEqual(described(expected));
    expect(await counted.getMetricsAsJSON()).toHaveLength(2);

    counted.resetMetrics();
    reference.resetMetrics();
    expect(samples(await counted.metrics())).toEqual(samples(await reference.metrics()));
  });

  it("exposes a histogram without labels as prom-client's does, before and after observations", async () => {
    const bounds = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
    const reference = new Registry();
    const histogram = new Histogram({
      name: 'db_pool_acquire_seconds',
      help: 'Time to get a connection',
      buckets: bounds,
      registers: [reference],
    });
    const counted = new Registry();
    const acquire = new CountedHistogram(bounds);
    counted.registerMetric(
      scrapedMetric({
        name: 'db_pool_acquire_seconds',
        help: 'Time to get a connection',
        type: 'histogram',
        samples: () => acquire.samples('db_pool_acquire_seconds'),
        reset: () => acquire.reset(),
      }),
    );
    expect(samples(await counted.metrics())).toEqual(samples(await reference.metrics()));
    for (const seconds of [0, 0.001, 0.0011, 0.2, 7]) {
      histogram.observe(seconds);
      acquire.observe(seconds);
    }
    expect(samples(await counted.metrics())).toEqual(samples(await reference.metrics()));
  });
});
