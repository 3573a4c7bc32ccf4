/**
 * The load generator of the bench, in its own process: autocannon against one URL, a warm-up
 * run first, then the measured run; prints one JSON line (LoadResult) on stdout.
 *
 * Usage: node tests/perf/load.ts '<LoadJob as JSON>'
 *
 * Percentiles are computed here from every response's latency (autocannon's `response` event,
 * in milliseconds with sub-millisecond resolution): autocannon 9's own summary has p50, p90,
 * p97.5 and p99 but no p95.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  /** Measured run, seconds; ignored when `amount` is set. */
  seconds: number;
  warmupSeconds: number;
  /** A fixed number of requests instead of a duration (for counting, not for throughput). */
  amount?: number;
  /** Requests per second over all connections (default: as fast as the server answers). */
  rate?: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  rps: number;
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Socket errors and timeouts (autocannon counts timeouts as errors). */
  socketErrors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** CPU time of this load generator during the measured run (user + system), ms. */
  cpuMs: number;
}

interface Run {
  result: autocannon.Result;
  latencies: number[];
}

function run(job: LoadJob, warmup: boolean): Promise<Run> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        headers: job.headers,
        ...(job.rate ? { overallRate: job.rate } : {}),
        ...(warmup
          ? { duration: job.warmupSeconds }
          : job.amount
            ? { amount: job.amount }
            : { duration: job.seconds }),
      },
      (error: Error | null, result: autocannon.Result) =>
        error ? reject(error) : resolve({ result, latencies }),
    );
    if (!warmup) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '') as LoadJob;
  if (job.warmupSeconds > 0 && !job.amount) await run(job, true);
  const cpuBefore = process.cpuUsage();
  const { result, latencies } = await run(job, false);
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = Float64Array.from(latencies).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
  }
  const out: LoadResult = {
    rps: result.requests.average,
    requests: result.requests.total,
    seconds: result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    socketErrors: result.errors,
    non2xx: result.non2xx,
    statusCodes,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
  console.log(JSON.stringify(out));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
