/**
 * Loaded into each server process of the soak (NODE_OPTIONS=--import <this file>): every 2 s
 * it appends the process's memory (heap used and total, RSS, external, bytes) as a JSON line to
 * $SOAK_PROBE_DIR/<pid>.jsonl, which the soak reads each minute. Nothing else; the timer does
 * not keep the process alive. Without SOAK_PROBE_DIR it does nothing.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.SOAK_PROBE_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.jsonl`);
  const sample = () => {
    const { heapUsed, heapTotal, rss, external } = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ t: Date.now(), heapUsed, heapTotal, rss, external })}\n`,
    );
  };
  sample();
  setInterval(sample, 2_000).unref();
}
