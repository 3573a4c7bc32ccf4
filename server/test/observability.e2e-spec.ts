import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_COOKIE } from '@app/contract';
import { flushErrorReports } from '../src/logging';
import { MetricsServer } from '../src/metrics';
import { chatMember, sendText } from './helpers/chat';
import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { linkIn, tokenIn, waitForMail } from './helpers/smtp';
import { connect, eventually, listening, type Received } from './helpers/sockets';
import { signupBody } from './helpers/accounts';
import { takeChallenge } from './helpers/challenge';

/** Every line the app and the worker logged during the run (pino's JSON, one per line). */
const lines: string[] = [];
const destination = {
  write: (chunk: string) => {
    if (process.env.DEBUG_LOGS) process.stderr.write(chunk);
    lines.push(...chunk.split('\n').filter((l) => l !== ''));
  },
};
const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** One sample of a Prometheus text exposition: the value of `name` with these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return null;
}

describe('observability: JSON logs with request ids and no secrets, and metrics', () => {
  let t: MailTestApp;
  const secrets: string[] = [];
  const PASSWORD = `Wachtwoord-${randomUUID().slice(0, 8)}`;
  const NEW_PASSWORD = `Nieuw-${randomUUID().slice(0, 8)}`;
  const MESSAGE = `Geheime boodschap ${randomUUID().slice(0, 8)}`;
  const INCOMING_ID = `proxy-${randomUUID()}`;
  let signupId = '';
  let socket: Received | undefined;
  let base = '';

  const scrape = async (port: number | undefined) => {
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  /** A Sentry-compatible tracker's stand-in: every envelope posted to it, with its path. */
  const envelopes: { url: string; body: string }[] = [];
  let tracker: Server;
  let failedId = '';

  beforeAll(async () => {
    tracker = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        envelopes.push({ url: req.url ?? '', body });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
    const dsn = `http://publickey1@127.0.0.1:${(tracker.address() as AddressInfo).port}/42`;
    t = await createMailTestApp({ LOG_LEVEL: 'debug', SENTRY_DSN: dsn }, { destination });
    base = await listening(t);

    // signup with an e-mail address and a password, a proxy's request id passed on
    const body = signupBody({ password: PASSWORD });
    secrets.push(body.email, PASSWORD);
    const signup = await t
      .post('/api/signup.php', body)
      .set('X-Request-Id', INCOMING_ID)
      .expect(201);
    signupId = signup.headers['x-request-id'] as string;
    const cookie = sessionCookie(signup);
    secrets.push(cookie.slice(AUTH_COOKIE.length + 1));

    // the activation link's token
    const activation = await t.smtp.waitFor(body.email);
    const activationToken = tokenIn(activation.raw);
    secrets.push(activationToken);
    await t.http().get(linkIn(activation.raw).replace('http://site.test', '')).expect(302);

    // a failed and a good login (a new session cookie)
    await t
      .post('/api/user.php', { email: body.email, password: 'not-the-password-1' })
      .expect(401);
    const login = await t
      .post('/api/user.php', { email: body.email, password: PASSWORD })
      .expect(200);
    secrets.push(sessionCookie(login).slice(AUTH_COOKIE.length + 1));

    // a password reset with its token
    await t
      .post('/api/reset-password.php', { email: body.email, altcha: takeChallenge() })
      .expect(200);
    const resetToken = tokenIn(await waitForMail(t.smtp.mails, body.email, /^Nieuw wachtwoord/));
    secrets.push(resetToken, NEW_PASSWORD);
    await t
      .post('/api/reset-password-do.php', {
        token: resetToken,
        password: NEW_PASSWORD,
        password_repeat: NEW_PASSWORD,
      })
      .expect(200);

    // a chat message between two members, one of them with a socket open
    const a = await chatMember(t);
    const b = await chatMember(t);
    secrets.push(`${a.user.email}`, `${b.user.email}`, a.cookie.slice(AUTH_COOKIE.length + 1));
    socket = await connect(base, b.cookie);
    secrets.push(MESSAGE);
    await sendText(t, a, { member: b.profile.id }, MESSAGE).expect(201);
    await socket.waitFor('message:new');

    // errors: malformed JSON holding a password, a bad activation token in the query
    await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .set('Content-Type', 'application/json')
      .send(`{"email": "${body.email}", "password": "${NEW_PASSWORD}"`)
      .expect(400);
    await t.http().get(`/api/activate.php?token=${activationToken}x`).expect(302);

    // an unexpected error (a table gone): a 500 during a signup with an address and a password
    const failing = signupBody({ password: PASSWORD, network: 'adnet', ref: 'r1' });
    secrets.push(failing.email);
    await t.prisma.$executeRawUnsafe('ALTER TABLE tracking_data RENAME TO tracking_data_gone');
    try {
      const failed = await t.post('/api/signup.php', failing).expect(500);
      failedId = failed.headers['x-request-id'] as string;
      expect(failed.body.correlation_id).toBe(failedId);
    } finally {
      await t.prisma.$executeRawUnsafe('ALTER TABLE tracking_data_gone RENAME TO tracking_data');
    }
    await flushErrorReports();
  });

  afterAll(async () => {
    socket?.close();
    await t.close();
    await new Promise((resolve) => tracker.close(resolve));
  });

  it('writes every line as JSON and none holds an address, password, token, cookie or message text', () => {
    const all = parsed();
    expect(all.length).toBeGreaterThan(20);
    expect(secrets.length).toBeGreaterThanOrEqual(10);
    for (const secret of secrets) {
      const leaks = lines.filter((line) => line.includes(secret));
      expect({ secret, leaks }).toEqual({ secret, leaks: [] });
    }
    // the activation URL was logged, without its token
    expect(all.some((l) => /GET \/api\/activate\.php 302/.test(String(l.msg)))).toBe(true);
    expect(
      lines.some(
        (line) =>
          line.includes('"url":"/api/activate.php?token=…"') &&
          line.includes('"route":"/api/activate.php"'),
      ),
    ).toBe(true);
  });

  it("answers a sane incoming X-Request-Id as the request's id and logs the request with it", () => {
    expect(signupId).toBe(INCOMING_ID);
    const line = parsed().find(
      (l) => l.reqId === INCOMING_ID && l.msg === 'POST /api/signup.php 201',
    );
    expect(line).toMatchObject({ process: 'api', level: 'info', res: { statusCode: 201 } });
  });

  it('gives a request without one (or with an unsafe one) a new id, in the answer and its line', async () => {
    const res = await t.http().get('/api/health').set('X-Request-Id', 'bad id <script>');
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(() =>
      parsed().some((l) => l.reqId === id && l.msg === `GET /api/health ${res.status}`),
    );
  });

  it("logs the worker's run of a job a request queued with the request's id", async () => {
    await eventually(() =>
      parsed().some(
        (l) =>
          l.reqId === INCOMING_ID &&
          l.queue === 'mail' &&
          /^Job mail\/mail completed/.test(String(l.msg)),
      ),
    );
  });

  it('logs an unexpected error with the request id, which the 500 answer gives as its correlation id', () => {
    const line = parsed().find(
      (l) => l.reqId === failedId && l.level === 'error' && l.context === 'Exceptions',
    );
    expect(String(line?.msg)).toMatch(/^POST \/api\/signup\.php failed/);
    expect(
      parsed().find((l) => l.reqId === failedId && l.msg === 'POST /api/signup.php 500'),
    ).toMatchObject({ level: 'error' });
  });

  it('sends the unexpected error to the Sentry-compatible tracker with its ids and no personal data', () => {
    expect(envelopes).toHaveLength(1);
    const { url, body } = envelopes[0];
    expect(url).toMatch(/^\/api\/42\/envelope\/\?.*sentry_key=publickey1/);
    const event = JSON.parse(body.split('\n')[2]) as {
      tags: Record<string, string>;
      exception: { values: { type: string; value: string; stacktrace: { frames: unknown[] } }[] };
    };
    expect(event.tags).toMatchObject({
      process: 'api',
      request_id: failedId,
      route: '/api/signup.php',
      method: 'POST',
    });
    expect(event.exception.values[0].value).toMatch(/tracking_data/);
    expect(event.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/"request"|"user"|"server_name"/);
  });

  it('serves the metrics of the HTTP process on its internal port, per route pattern', async () => {
    const port = t.app.get(MetricsServer).port();
    expect(`${base}`).not.toContain(`:${port}`);
    const before = await scrape(port);
    const signups = { route: '/api/signup.php', method: 'POST', status: '201' };
    expect(sample(before, 'http_requests_total', signups)).toBe(1);
    // a route with an id is counted under its pattern, never the raw path
    await t.http().get('/api/health').expect(200);
    const text = await scrape(port);
    const health = { route: '/api/health', method: 'GET', status: '200' };
    expect(sample(text, 'http_requests_total', health)).toBe(
      (sample(before, 'http_requests_total', health) ?? 0) + 1,
    );
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/api/health' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/route="\/api\/[^"]*\d/);
    expect(sample(text, 'socketio_connections', { process: 'api' })).toBe(1);
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_waiting_clients')).toBe(0);
    expect(sample(text, 'db_pool_acquire_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // not on the app's own port
    await t
      .http()
      .get('/metrics')
      .expect((res) => expect(res.text).not.toContain('http_requests_total'));
  });

  it("serves the worker's metrics: queue depths, jobs, mails, payments and the inspection queue", async () => {
    const text = await scrape(t.worker.get(MetricsServer).port());
    expect(sample(text, 'queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(0);
    expect(sample(text, 'queue_jobs', { queue: 'notify', state: 'failed' })).toBeGreaterThanOrEqual(
      0,
    );
    expect(
      sample(text, 'queue_jobs_processed_total', { queue: 'mail', outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'mails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'payments', { status: 'paid' })).toBe(0);
    expect(sample(text, 'photos_under_inspection')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_waiting_clients', { process: 'worker' })).toBe(0);
  });
});
