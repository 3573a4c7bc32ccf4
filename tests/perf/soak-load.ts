/**
 * The soak's load, in a process of its own: an open loop per kind of request (each starts when
 * it is due whatever the answers, and its latency counts from then, so a server that falls
 * behind shows its queue), spread round-robin over the API processes as a proxy would:
 *
 * - poll: GET chats.php, likes.php, user.php in turn, as the members;
 * - search: GET search.php with a few filters;
 * - profile: GET member.php of another member;
 * - send: POST message.php into the member's conversation (its own Idempotency-Key), text
 *   `soak:<run>:<id>:<recipient n>:<epoch ms>` for the socket clients;
 * - payment: every `paymentEverySeconds`, a member buys a package (sandbox iDEAL): the order,
 *   the checkout page's "paid", and the return check must read `paid`.
 *
 * Usage: node tests/perf/soak-load.ts <file with a SoakJob as JSON>. Prints one LoadMinute line
 * at the end of each minute (what completed in it), the last one once everything in flight has
 * answered (30 s at most a request).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { percentiles, type Percentiles } from './soak-stats.ts';

export const KINDS = ['poll', 'search', 'profile', 'send', 'payment'] as const;
export type Kind = (typeof KINDS)[number];

export interface SoakMember {
  n: number;
  cookie: string;
  conversation: number;
  /** The n of the member at the other end of the conversation. */
  partner: number;
}

export interface SoakJob {
  run: string;
  bases: string[];
  members: SoakMember[];
  /** Profiles the profile views read. */
  profiles: number[];
  minutes: number;
  /** Requests per second of each kind but payment. */
  rates: Record<Exclude<Kind, 'payment'>, number>;
  paymentEverySeconds: number;
  packageId: number;
}

export interface KindMinute extends Percentiles {
  requests: number;
  /** Transport errors, timeouts and unexpected answers. */
  errors: number;
  statusCodes: Record<string, number>;
}

export interface LoadMinute {
  minute: number;
  kinds: Record<Kind, KindMinute>;
  /** Ids of the messages accepted (201) this minute. */
  sent: string[];
  /** Ids of sends that failed or gave no answer (a stored one would be `unexpected`). */
  failedSends: string[];
  /** Credits bought by payments read `paid` this minute. */
  creditsBought: number;
}

const TIMEOUT_MS = 30_000;
const POLLS = ['/api/chats.php', '/api/likes.php', '/api/user.php'];
const SEARCHES = [
  'gender=female&country=NL',
  'gender=male&country=NL&min_age=25&max_age=35',
  'gender=female&country=NL&min_age=30&max_age=50&with_photo=1',
];

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as SoakJob;
// as the proxy does (docker/Caddyfile): an idle connection is closed by this side after 30 s,
// before the API closes it (65 s), so no request goes out on a connection being closed
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 30_000 });
const now = () => performance.timeOrigin + performance.now();

interface Answer {
  status: number;
  body: string;
}

function request(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        agent,
        timeout: TIMEOUT_MS,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

// ------------------------------------------------------------------- this minute's figures

interface Bucket {
  latencies: number[];
  errors: number;
  statusCodes: Record<string, number>;
}
function emptyBuckets(): Record<Kind, Bucket> {
  const bucket = (): Bucket => ({ latencies: [], errors: 0, statusCodes: {} });
  return { poll: bucket(), search: bucket(), profile: bucket(), send: bucket(), payment: bucket() };
}
let buckets = emptyBuckets();
let sent: string[] = [];
let failedSends: string[] = [];
let creditsBought = 0;

/** One answer (a status) or failure (its error code, e.g. ECONNRESET or timeout). */
function record(kind: Kind, dueAt: number, status: number | string, ok: boolean): void {
  const bucket = buckets[kind];
  bucket.latencies.push(now() - dueAt);
  bucket.statusCodes[status] = (bucket.statusCodes[status] ?? 0) + 1;
  if (!ok) bucket.errors += 1;
}

const reason = (error: unknown) =>
  (error as { code?: string }).code ?? (error instanceof Error ? error.message : 'error');

function flush(minute: number): void {
  const kinds = Object.fromEntries(
    KINDS.map((k) => {
      const b = buckets[k];
      return [
        k,
        {
          requests: b.latencies.length,
          errors: b.errors,
          statusCodes: b.statusCodes,
          ...percentiles(b.latencies),
        },
      ];
    }),
  ) as Record<Kind, KindMinute>;
  const line: LoadMinute = { minute, kinds, sent, failedSends, creditsBought };
  console.log(JSON.stringify(line));
  buckets = emptyBuckets();
  sent = [];
  failedSends = [];
  creditsBought = 0;
}

// ------------------------------------------------------------------- the requests

let turn = 0;
const nextBase = () => job.bases[turn++ % job.bases.length];
const asMember = (m: SoakMember) => ({ cookie: m.cookie, accept: 'application/json' });

async function timed(kind: Kind, dueAt: number, run: () => Promise<Answer>, okStatus = 200) {
  try {
    const answer = await run();
    record(kind, dueAt, answer.status, answer.status === okStatus);
  } catch (error) {
    record(kind, dueAt, reason(error), false);
  }
}

function poll(i: number, dueAt: number) {
  const member = job.members[i % job.members.length];
  const path = POLLS[i % POLLS.length];
  return timed('poll', dueAt, () => request(nextBase(), 'GET', path, asMember(member)));
}

function search(i: number, dueAt: number) {
  const member = job.members[(i * 7) % job.members.length];
  const query = SEARCHES[i % SEARCHES.length];
  return timed('search', dueAt, () =>
    request(nextBase(), 'GET', `/api/search.php?${query}`, asMember(member)),
  );
}

function profile(i: number, dueAt: number) {
  const member = job.members[(i * 13) % job.members.length];
  const id = job.profiles[i % job.profiles.length];
  return timed('profile', dueAt, () =>
    request(nextBase(), 'GET', `/api/member.php?id=${id}`, asMember(member)),
  );
}

async function send(i: number, dueAt: number) {
  const member = job.members[i % job.members.length];
  const id = String(i);
  const body = JSON.stringify({
    type: 'text',
    conversation: member.conversation,
    text: `soak:${job.run}:${id}:${member.partner}:${now()}`,
  });
  try {
    const answer = await request(
      nextBase(),
      'POST',
      '/api/message.php',
      {
        cookie: member.cookie,
        'content-type': 'application/json',
        'x-request-type': 'client',
        'idempotency-key': randomUUID(),
      },
      body,
    );
    record('send', dueAt, answer.status, answer.status === 201);
    (answer.status === 201 ? sent : failedSends).push(id);
  } catch (error) {
    record('send', dueAt, reason(error), false);
    failedSends.push(id);
  }
}

/** A package bought with sandbox iDEAL: ordered, paid on the checkout page, read back paid. */
async function payment(i: number, dueAt: number) {
  // members from the end of the list: the senders start at its beginning
  const member = job.members[job.members.length - 1 - (i % job.members.length)];
  const base = nextBase();
  const json = {
    ...asMember(member),
    'content-type': 'application/json',
    'x-request-type': 'client',
  };
  try {
    const order = await request(
      base,
      'POST',
      '/api/payment.php',
      { ...json, 'idempotency-key': randomUUID() },
      JSON.stringify({ package: job.packageId, method: 'ideal', delivery_consent: true }),
    );
    if (order.status !== 201) return record('payment', dueAt, order.status, false);
    const started = JSON.parse(order.body) as {
      payment: { payment_id: string; checkout_url: string; credits: number };
    };
    const checkout = await request(
      base,
      'POST',
      new URL(started.payment.checkout_url).pathname,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'action=paid&bank=ING',
    );
    if (checkout.status !== 303) return record('payment', dueAt, checkout.status, false);
    const read = await request(
      nextBase(),
      'GET',
      `/api/payment.php?payment_id=${encodeURIComponent(started.payment.payment_id)}`,
      asMember(member),
    );
    const paid =
      read.status === 200 &&
      (JSON.parse(read.body) as { payment: { status: string } }).payment.status === 'paid';
    if (paid) creditsBought += started.payment.credits;
    record('payment', dueAt, paid ? read.status : `${read.status} not paid`, paid);
  } catch (error) {
    record('payment', dueAt, reason(error), false);
  }
}

/** Starts `fire(i, due)` every `interval` ms from `start` until `end`; resolves when all answered. */
async function openLoop(
  interval: number,
  start: number,
  end: number,
  fire: (i: number, dueAt: number) => Promise<unknown>,
): Promise<void> {
  const running: Promise<unknown>[] = [];
  for (let i = 0; ; i++) {
    const due = start + i * interval;
    if (due >= end) break;
    const wait = due - now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    running.push(fire(i, due));
  }
  await Promise.all(running);
}

async function main(): Promise<void> {
  const start = now() + 100;
  const end = start + job.minutes * 60_000;
  let minute = 1;
  const clock = setInterval(() => {
    // the last minute is flushed once everything in flight has answered
    if (minute < job.minutes && now() >= start + minute * 60_000) flush(minute++);
  }, 50);
  const loops: [number, (i: number, dueAt: number) => Promise<unknown>][] = [
    [1000 / job.rates.poll, poll],
    [1000 / job.rates.search, search],
    [1000 / job.rates.profile, profile],
    [1000 / job.rates.send, send],
    [job.paymentEverySeconds * 1000, payment],
  ];
  await Promise.all(
    loops
      .filter(([interval]) => Number.isFinite(interval))
      .map(([interval, fire]) => openLoop(interval, start, end, fire)),
  );
  clearInterval(clock);
  while (minute < job.minutes) flush(minute++);
  flush(minute);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
