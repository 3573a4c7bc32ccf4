/**
 * An open-loop load generator, in its own process, for latency while something else holds the
 * server (photo-upload-bench.ts): GET requests at a fixed rate whatever the server does, each
 * sent when it is due (not when an earlier one came back, as autocannon's connections do: a
 * server that stalls for a second would be asked almost nothing meanwhile, and its stall would
 * hardly show in the percentiles), and timed from when it was due until its answer. After the
 * run it waits for the answers still to come, up to the job's timeout; a request unanswered by
 * then counts as a socket error with the timeout as its latency.
 *
 * Usage: node tests/perf/paced-load.ts '<LoadJob as JSON, with rate>'; prints one LoadResult.
 */
import http from 'node:http';
import type { LoadJob, LoadResult } from './load.ts';
import { percentiles } from './soak-stats.ts';

/** How long an answer may take before the request counts as failed. */
const TIMEOUT_MS = 60_000;

interface Sent {
  due: number;
  latency?: number;
  status?: number;
  failed?: boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function send(url: URL, headers: Record<string, string>, sent: Sent): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => {
        sent.latency = performance.now() - sent.due;
        sent.status = res.statusCode;
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      sent.failed = true;
      sent.latency = Math.max(TIMEOUT_MS, performance.now() - sent.due);
      resolve();
    });
  });
}

/** Sends `rate` requests a second for `seconds`; resolves once every one is answered or failed. */
async function run(job: LoadJob, seconds: number): Promise<Sent[]> {
  const url = new URL(job.url);
  const interval = 1000 / (job.rate as number);
  const count = Math.round(seconds * (job.rate as number));
  const start = performance.now();
  const sent: Sent[] = [];
  const answers: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent.length < count && start + sent.length * interval <= now) {
        const request: Sent = { due: start + sent.length * interval };
        sent.push(request);
        answers.push(send(url, job.headers ?? {}, request));
      }
      if (sent.length < count) setTimeout(tick, Math.max(0, start + sent.length * interval - now));
      else resolve();
    };
    tick();
  });
  await Promise.all(answers);
  return sent;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '') as LoadJob;
  if (!job.rate) throw new Error('paced-load.ts needs a rate');
  if (job.warmupSeconds > 0) await run(job, job.warmupSeconds);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const sent = await run(job, job.seconds);
  const cpu = process.cpuUsage(cpuBefore);
  const statusCodes: Record<string, number> = {};
  for (const s of sent) {
    if (s.status !== undefined) statusCodes[s.status] = (statusCodes[s.status] ?? 0) + 1;
  }
  const answered = sent.filter((s) => s.status !== undefined);
  const out: LoadResult = {
    rps: answered.length / job.seconds,
    requests: sent.length,
    seconds: (performance.now() - started) / 1000,
    ...percentiles(sent.map((s) => s.latency ?? TIMEOUT_MS)),
    socketErrors: sent.filter((s) => s.failed).length,
    non2xx: answered.filter((s) => (s.status as number) < 200 || (s.status as number) >= 300)
      .length,
    statusCodes,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
  console.log(JSON.stringify(out));
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
