/**
 * The photo upload row's uploaders (photo-upload-bench.ts), in a process of their own: one
 * member per session cookie, each uploading the same photo through POST /api/photo.php as the
 * web does (multipart field `photo`), one upload after the other, so that as many uploads as
 * there are members are under way at once.
 *
 * Usage: node tests/perf/photo-uploads.ts <base URL> <photo file> <cookie> [<cookie> ...]
 * Answers on stdin: `start` begins the uploads and prints `{"answered":N}` once every member
 * had an answer (the pipeline is warm: the rows measure from then on); `stop` lets the uploads
 * under way finish, starts no new one and prints one JSON line (UploadReport); `exit` ends.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { percentiles, type Percentiles } from './soak-stats.ts';

export interface UploadReport extends Percentiles {
  /** Uploads answered after `start` (all, whatever their status). */
  uploads: number;
  statuses: Record<string, number>;
}

const [base, file, ...cookies] = process.argv.slice(2);
const photo = readFileSync(file);
const statuses: Record<string, number> = {};
const latencies: number[] = [];
let running = false;

async function uploadOnce(cookie: string): Promise<void> {
  const form = new FormData();
  form.append('photo', new Blob([photo], { type: 'image/heic' }), basename(file));
  const started = performance.now();
  let status = 'error';
  try {
    const res = await fetch(`${base}/api/photo.php`, {
      method: 'POST',
      headers: { cookie, 'X-Request-Type': 'client' },
      body: form,
    });
    await res.arrayBuffer();
    status = String(res.status);
  } catch {
    // counted as `error`
  }
  latencies.push(performance.now() - started);
  statuses[status] = (statuses[status] ?? 0) + 1;
}

/** One member's uploads, one after the other while running; resolves after its last. */
async function uploader(cookie: string, answered: () => void): Promise<void> {
  let first = true;
  while (running) {
    await uploadOnce(cookie);
    if (first) answered();
    first = false;
  }
}

let loops: Promise<void>[] = [];
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line === 'start') {
    running = true;
    let waiting = cookies.length;
    const answered = () => {
      waiting -= 1;
      if (waiting === 0) console.log(JSON.stringify({ answered: cookies.length }));
    };
    loops = cookies.map((cookie) => uploader(cookie, answered));
  } else if (line === 'stop') {
    running = false;
    void Promise.all(loops).then(() => {
      const report: UploadReport = {
        uploads: latencies.length,
        statuses,
        ...percentiles(latencies),
      };
      console.log(JSON.stringify(report));
    });
  } else if (line === 'exit') {
    process.exit(0);
  }
});
