import type { Counter, Metric } from 'prom-client';

/** One sample of a metric as prom-client's Registry reads it (`metricName` for a histogram's). */
export interface Sample {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/**
 * A histogram's numbers, counted in place: observing finds a bucket and adds to numbers,
 * allocating nothing. prom-client's Histogram builds a label hash string and several objects on
 * every observation, bound children and timers included (docs/performance.md); on a path every
 * request takes, that is garbage the process collects for nothing.
 */
export class CountedHistogram {
  /** Observations per bucket, not cumulative; the last one is beyond the highest bound. */
  private readonly counts: Float64Array;
  private sum = 0;
  private count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    let bucket = 0;
    while (bucket < this.bounds.length && value > this.bounds[bucket]) bucket++;
    this.counts[bucket]++;
    this.sum += value;
    this.count++;
  }

  /** Its samples under `name` with `labels`, as prom-client's Histogram exposes them. */
  samples(name: string, labels: Record<string, string> = {}): Sample[] {
    const samples: Sample[] = [];
    let cumulative = 0;
    this.bounds.forEach((le, i) => {
      cumulative += this.counts[i];
      samples.push({ value: cumulative, labels: { le, ...labels }, metricName: `${name}_bucket` });
    });
    samples.push(
      { value: this.count, labels: { le: '+Inf', ...labels }, metricName: `${name}_bucket` },
      { value: this.sum, labels, metricName: `${name}_sum` },
      { value: this.count, labels, metricName: `${name}_count` },
    );
    return samples;
  }

  reset(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }
}

/**
 * A metric for `registry.registerMetric` whose samples are read when Prometheus scrapes. What
 * the Registry uses of a prom-client metric: `name`, `help`, `type`, `aggregator`, `get()` and
 * `reset()` (prom-client's own classes are typed as the only metrics; hence the cast).
 */
export function scrapedMetric(definition: {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  samples: () => Sample[];
  reset: () => void;
}): Metric {
  const { samples, reset, ...described } = definition;
  const metric = {
    ...described,
    aggregator: 'sum',
    get: async () => ({ ...described, aggregator: 'sum', values: samples() }),
    reset,
  };
  return metric as unknown as Counter;
}
