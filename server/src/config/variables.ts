import { z } from 'zod';
import { base64urlBytes, redisSentinels, trustProxy, unsetWhenEmpty } from './env-values';

/**
 * Every variable of the environment with its type, bounds and default (see .env.example). The
 * rules between variables are in rules.ts; config.ts puts both together.
 */
export const variables = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /**
   * The HTTP port. 0 takes any free port (tests: the process logs the port it got and tells it
   * to a parent process, server/src/common/ready-signal.ts); links then need APP_URL.
   */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string({
      error: 'DATABASE_URL is required, e.g. postgresql://postgres@127.0.0.1:5432/dating',
    })
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgresql://'),
  /**
   * PostgreSQL itself, not through a pooler (PgBouncer): what needs one server session of its
   * own for longer than a transaction, the LISTEN of ended sessions (realtime) and the
   * migrations. Unset: DATABASE_URL (no pooler in front). docs/operations.md, "Connection pooler".
   */
  DATABASE_DIRECT_URL: unsetWhenEmpty(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_DIRECT_URL must start with postgresql://'),
  ),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
    .default('redis://127.0.0.1:6379'),
  /**
   * Redis behind Sentinel (a master that fails over to a replica): the sentinels as a comma list
   * of host:port. Set, every connection (requests, BullMQ, the socket.io adapter) asks them for
   * the current master and follows a failover; REDIS_URL then gives only the database number
   * (its path) and any credentials, its host and port are ignored. Empty: REDIS_URL alone.
   */
  REDIS_SENTINELS: unsetWhenEmpty(redisSentinels),
  /** The master's name as the sentinels know it (`sentinel monitor <name> ...`). */
  REDIS_SENTINEL_MASTER: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, 'REDIS_SENTINEL_MASTER: letters, digits, . _ or - only')
    .default('mymaster'),
  /** The password of the Redis servers (master and replicas) when REDIS_URL carries none. */
  REDIS_PASSWORD: unsetWhenEmpty(z.string()),
  /** The sentinels' own password (their `requirepass`); empty when they have none. */
  REDIS_SENTINEL_PASSWORD: unsetWhenEmpty(z.string()),
  /** Public base URL: links in e-mails; https here makes cookies Secure. */
  APP_URL: z.url('APP_URL must be a full URL such as http://localhost:3000').optional(),
  /** Built web app to serve; empty disables serving it (API only). */
  WEB_DIST_DIR: z.string().optional(),
  STORAGE_DIR: z.string().default('storage'),
  /**
   * Worker threads decoding uploaded photos (photos/photo-pool.ts), so one upload never stalls
   * other requests. Unset: one fewer than the cores (at least 1, at most 4); 0 decodes on the
   * request thread itself (the bench's "before").
   */
  PHOTO_WORKERS: unsetWhenEmpty(z.coerce.number().int().min(0).max(32)),
  /**
   * Key of the signed, expiring media URLs (photos): at least 32 characters in production.
   * Every app process of one site needs the same value.
   */
  MEDIA_SECRET: z.string().min(16).default('development-media-secret-do-not-use-live'),
  /**
   * Key of the staff's second factors: their TOTP secrets are stored encrypted and their
   * recovery codes as HMACs under keys derived from it. Not rotated with MEDIA_SECRET: a new
   * value means every staff member enrolls again (docs/operations.md, "Rotate secrets").
   */
  STAFF_SECRET_KEY: z.string().min(16).default('development-staff-secret-do-not-use-live'),
  /**
   * Key of the links in mails that never expire (the one-click unsubscribe): a new value makes
   * the links in every mail sent before refused.
   */
  MAIL_LINK_SECRET: z.string().min(16).default('development-mail-link-secret-do-not-use-live'),
  /**
   * Key of the proof-of-work challenges (ALTCHA) asked at signup, at a login after failures and
   * at a password reset: a challenge and its solution are accepted only under this key. A new
   * value refuses only the challenges handed out in the last few minutes.
   */
  ALTCHA_HMAC_KEY: z.string().min(16).default('development-altcha-secret-do-not-use-live'),
  /**
   * The challenge's work: the solver tries up to this many numbers (a random one of the upper
   * half is the answer), each ALTCHA_COST rounds of PBKDF2/SHA-256. Tests set both low.
   */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  ALTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(500),
  /** Wrong passwords (per account or client address) after which a login needs the challenge. */
  LOGIN_CHALLENGE_AFTER_FAILURES: z.coerce.number().int().min(0).max(100).default(3),
  /** S3-compatible object storage for member files instead of STORAGE_DIR (when set). */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a full URL').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style bucket addressing (MinIO, Garage, most self-hosted stores). */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vonkje <noreply@vonkje.test>'),
  /** Mailgun's webhook signing key: bounce and complaint events are accepted only when set. */
  MAILGUN_WEBHOOK_SIGNING_KEY: unsetWhenEmpty(z.string().min(8)),
  /** At most one notification mail per member per kind within this quiet period (ms). */
  NOTIFICATION_MAIL_QUIET_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30 * 60_000),
  TRUST_PROXY: trustProxy,
  /**
   * Web push (VAPID, RFC 8292): the site's key pair (`npm run push:keys` prints a new one);
   * without both, push is off. Every app and worker process of one site needs the same pair:
   * browsers subscribed with its public key.
   */
  VAPID_PUBLIC_KEY: unsetWhenEmpty(
    z
      .string()
      .refine(
        (key) => base64urlBytes(key) === 65,
        'VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes): npm run push:keys',
      ),
  ),
  VAPID_PRIVATE_KEY: unsetWhenEmpty(
    z
      .string()
      .refine(
        (key) => base64urlBytes(key) === 32,
        'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes): npm run push:keys',
      ),
  ),
  /**
   * Who the push services may contact about the site's pushes: a mailto: address or an https
   * URL (default: mailto: the MAIL_FROM address).
   */
  VAPID_SUBJECT: unsetWhenEmpty(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL'),
  ),
  /**
   * Push endpoints the site accepts besides the known browser push services (which are https
   * only): a comma list of host or host:port (`*.` for subdomains), reached over https or http.
   * For a self-hosted push service, or the tests' local stand-in. The site POSTs to every
   * endpoint a member gives: keep internal hosts out of this list.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    ),
  /**
   * Affiliate postbacks (traffic/postback-sender.ts) go only to public addresses: a network's
   * host that resolves to a loopback, private, link-local or other reserved address is refused
   * at connect time (the checked address is the one connected to). `true` allows them: tests
   * and a development machine with a stand-in network on localhost, never production.
   */
  POSTBACK_ALLOW_PRIVATE_ADDRESSES: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /**
   * Prometheus metrics (GET /metrics) on an internal port of each process: never the public
   * app port, and not published by the proxy. METRICS_PORT is the HTTP process's,
   * WORKER_METRICS_PORT the worker's (two defaults, so both run on one machine); 0 takes any
   * free port (tests). METRICS_HOST: the address they listen on (0.0.0.0 inside a container
   * network, where only the scraper reaches it).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Error tracking (optional): a Sentry-compatible DSN (Sentry, GlitchTip, Bugsink). Unset:
   * nothing is loaded or sent. Unexpected errors only, without personal data.
   */
  SENTRY_DSN: unsetWhenEmpty(
    z.url('SENTRY_DSN must be a DSN such as https://key@sentry.example/1'),
  ),
  /** bcrypt cost of new password hashes; older hashes are upgraded at the next login. */
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  /** OpenAPI at /api/docs; default: on outside production. */
  API_DOCS: z.stringbool().optional(),
  /**
   * The waits on PostgreSQL and Redis, in milliseconds: what each is for, and how they add up
   * to a request's budget, is in config/timeouts.ts (docs/operations.md, "Timeouts").
   * PostgreSQL: opening a connection; waiting for a free pooled connection while every one is
   * busy (a database that does not answer ends the wait at once); an answer to a statement
   * before its connection is given up (client side); the longest statement (PostgreSQL's
   * statement_timeout, below the answer's wait); the worker's longest statement.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1000),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(100).default(3000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(200).default(2000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1750),
  JOB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * The read pool (prisma/read-pool.ts): streaming replicas of DATABASE_URL, comma-separated,
   * for the reads that tolerate a little lag (search, member pages and cards, the likes page,
   * the console figures). Empty: every read on the primary. Each gets a pool of DB_POOL_SIZE.
   */
  DATABASE_REPLICA_URL: unsetWhenEmpty(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter((url) => url !== ''),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^postgres(ql)?:\/\//,
              'DATABASE_REPLICA_URL must be postgresql:// URLs, comma-separated',
            ),
        ),
      ),
  ),
  /**
   * A replica further behind the primary than this is skipped until it catches up; how often
   * each replica's lag (and life) is checked.
   */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).default(5000),
  DATABASE_REPLICA_CHECK_MS: z.coerce.number().int().min(100).default(1000),
  /**
   * On SIGTERM an API process answers readiness with 503 at once and keeps serving for this long
   * before it closes, each answer closing its connection, so a proxy that reads readiness takes
   * it out first and one that does not (docker/Caddyfile: replicas from DNS, passive checks)
   * holds no idle connection to it when it stops listening, and tries its next request on
   * another replica. 0 closes at once. Default: 7000 in production, 0 elsewhere (a developer's
   * Ctrl-C stops at once); see shutdownDrainMs().
   */
  SHUTDOWN_DRAIN_MS: unsetWhenEmpty(z.coerce.number().int().min(0).max(60_000)),
  /** Redis: connecting, and a single command (the connection is dropped and made again). */
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1000),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).default(1000),
  /** TCP keepalive of every PostgreSQL and Redis connection: first probe after this idle time. */
  TCP_KEEPALIVE_MS: z.coerce.number().int().min(1000).default(5000),
  /** The worker hands mails that are not queued yet (Redis was down) to the queue this often. */
  MAIL_RELAY_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Notification events the worker handles at once (each waits on mail and push I/O). A push
   * service across the internet answers in tens of ms: at 50 ms, 16 carry at most 320 pushes
   * a second, 64 the 500 of the target (docs/performance.md, web push fan-out).
   */
  NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(64),
  /** Abuse limits (429 rate_limited): signups and reset requests per IP per hour. */
  RATE_LIMIT_SIGNUPS_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RESETS_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  /** Activation mails a client address may ask for (resend or corrected address) per hour. */
  RATE_LIMIT_ACTIVATION_MAILS_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  /** Member cards a visitor (no session) may read per IP per hour. */
  RATE_LIMIT_VISITOR_PROFILES_PER_IP_HOUR: z.coerce.number().int().min(1).default(300),
  /** Member cards a logged-in member may read per hour. */
  RATE_LIMIT_MEMBER_PROFILES_PER_HOUR: z.coerce.number().int().min(1).default(2000),
  /** Photo uploads a member may make per hour (each is decoded and re-encoded). */
  RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Complaints a logged-in member may send per hour. */
  RATE_LIMIT_COMPLAINTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Complaints visitors (no session) may send per IP per hour. */
  RATE_LIMIT_VISITOR_COMPLAINTS_PER_IP_HOUR: z.coerce.number().int().min(1).default(5),
  /** E-mail change confirmation mails per member per day. */
  RATE_LIMIT_MAIL_CHANGES_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Failed logins from one client address (IPv6: its /64) per hour, whoever they were for. */
  LOGIN_MAX_FAILURES_PER_IP_HOUR: z.coerce.number().int().min(1).default(50),
  /** Chat messages (text, photo, gift) a member may send per minute: generous for people. */
  RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Likes a member may give per minute and per day (each can bring the member liked a mail and
   * a push): generous for people browsing, a brake on one account reaching everyone.
   */
  RATE_LIMIT_LIKES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_LIKES_PER_DAY: z.coerce.number().int().min(1).default(300),
  /** Each app process re-checks the sessions of its open sockets this often (expiry, bans). */
  SOCKET_SESSION_CHECK_MS: z.coerce.number().int().min(100).default(60_000),
  /** Payments a member may start per hour (each is a call to the payment provider). */
  RATE_LIMIT_PAYMENTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Direct debit forms and new SMS codes a member may ask for per hour (each can text). */
  RATE_LIMIT_DIRECT_DEBIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Payment webhook calls per client address per minute. The provider's own calls come from a
   * few addresses: keep it above their peak; one answered 429 is retried by the provider.
   */
  RATE_LIMIT_WEBHOOKS_PER_IP_MINUTE: z.coerce.number().int().min(1).default(300),
  /**
   * Typed discount codes not found (guesses) a member may make per hour, in discountcode.php,
   * payment-methods.php and payment.php together; past it every typed code is answered 429.
   */
  RATE_LIMIT_DISCOUNT_CODE_GUESSES_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /**
   * Who takes the payments: `sandbox` (built in: a local checkout page where the payer
   * chooses the outcome; for development, tests and demos) or `mollie`.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mollie']).default('sandbox'),
  /** A demo site in production may take sandbox payments (credits for nothing): say so. */
  ALLOW_SANDBOX_PAYMENTS: z.stringbool().default(false),
  /** Mollie's API key (live_... or test_...), required with PAYMENT_PROVIDER=mollie. */
  MOLLIE_API_KEY: unsetWhenEmpty(
    z.string().regex(/^(live|test)_\w+$/, 'MOLLIE_API_KEY must start with live_ or test_'),
  ),
  /** Another Mollie API address (tests point it at recorded answers). */
  MOLLIE_API_ENDPOINT: unsetWhenEmpty(z.url('MOLLIE_API_ENDPOINT must be a full URL')),
  /**
   * The public address the provider calls the webhook on (default APP_URL), e.g. a tunnel to
   * a development machine. Without a public address, statuses arrive by the return check.
   */
  PAYMENT_WEBHOOK_BASE_URL: unsetWhenEmpty(z.url('PAYMENT_WEBHOOK_BASE_URL must be a full URL')),
  /**
   * How SMS codes (direct debit) are sent: `twilio` through Twilio's Messages API
   * (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_SENDER); `dev` keeps them in the local SMS
   * outbox (/dev/sms, development only) and the log; `none` turns direct debit off. Default:
   * dev outside production, none in production until a real transport is configured.
   */
  SMS_TRANSPORT: unsetWhenEmpty(z.enum(['twilio', 'dev', 'none'])),
  /** Twilio's account (AC + 32 hex digits) and its auth token, for SMS_TRANSPORT=twilio. */
  TWILIO_ACCOUNT_SID: unsetWhenEmpty(
    z.string().regex(/^AC[0-9a-f]{32}$/, 'TWILIO_ACCOUNT_SID is AC followed by 32 hex digits'),
  ),
  TWILIO_AUTH_TOKEN: unsetWhenEmpty(z.string()),
  /** Another address for Twilio's REST API (tests point it at recorded answers). */
  TWILIO_API_URL: unsetWhenEmpty(z.url('TWILIO_API_URL must be a full URL')),
  /**
   * Who texts come from: a phone number of the account (E.164), an alphanumeric sender id
   * (up to 11 letters, digits and spaces, where the country allows it) or a Messaging Service
   * SID (MG + 32 hex digits).
   */
  SMS_SENDER: unsetWhenEmpty(
    z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}|MG[0-9a-f]{32})$/,
        'SMS_SENDER is an E.164 number, an alphanumeric sender id of up to 11 characters or a Messaging Service SID',
      ),
  ),
});
