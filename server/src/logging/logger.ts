import { Logger as NestLogger, PinoLogger } from 'nestjs-pino';
import { storage, type Store } from 'nestjs-pino/storage';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';
import type { AppConfig } from '../config/config';

/** Which process writes a line (the `process` field of every line). */
export type ProcessName = 'api' | 'worker';

export interface LogOptions {
  /** Where lines go (default: standard output); tests read them from a stream of their own. */
  destination?: DestinationStream;
}

/** Nest's levels (LOG_LEVEL) as pino's. */
const LEVELS: Record<AppConfig['LOG_LEVEL'], pino.Level> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * What never reaches a line even when some code logs a whole request, response or error: the
 * session and staff cookies, bearer tokens, and answers that set cookies. Message texts,
 * addresses and link tokens are kept out by what is logged (see logging/http.ts and
 * docs/operations.md, "Logs"); a test greps a whole run for them (test/observability.e2e-spec.ts).
 */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-mollie-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'password',
  'email',
  'token',
  '*.password',
  '*.email',
  '*.token',
  '*.iban',
  '*.text',
];

let root: Pino | undefined;

/**
 * The process's root logger: one JSON object per line on standard output (or `destination`).
 * In tests without a destination only errors are written, as before.
 */
export function createRootLogger(
  config: Pick<AppConfig, 'LOG_LEVEL' | 'NODE_ENV'>,
  processName: ProcessName,
  options: LogOptions = {},
): Pino {
  const level =
    config.NODE_ENV === 'test' && !options.destination ? 'error' : LEVELS[config.LOG_LEVEL];
  root = pino(
    {
      level,
      base: { process: processName, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return root;
}

/** The root logger of this process (created by createRootLogger at start-up). */
export function rootLogger(): Pino {
  root ??= pino({ level: 'error' });
  return root;
}

/**
 * Nest's logger on top of pino: `new Logger('Context')` anywhere writes a JSON line with its
 * context, and within a request, job or socket event also the request id (`reqId`) of it.
 */
export function nestLogger(logger: Pino): NestLogger {
  return new NestLogger(new PinoLogger({ pinoHttp: { logger } }), {});
}

type Bindings = Record<string, unknown>;

/**
 * The log context of a request, job or socket event (nestjs-pino's store, which its loggers
 * read): its bindings, and the child logger made of them only when something within it logs.
 * Making a child costs pino its bindings' serialisation and redaction (~30 µs); most requests
 * log nothing, so they never pay it (docs/performance.md).
 */
export class LogContext implements Store {
  responseLogger?: Pino;
  private made?: Pino;

  constructor(
    private readonly parent: LogContext | Pino,
    private readonly bindings: Bindings,
  ) {}

  /** The logger carrying the bindings (made on first use). */
  get logger(): Pino {
    this.made ??= this.parentLogger().child(this.bindings);
    return this.made;
  }

  /** nestjs-pino's PinoLogger.assign replaces the logger of the context. */
  set logger(logger: Pino) {
    this.made = logger;
  }

  /** A binding of this context (or of the ones it runs within), without making a logger. */
  binding(key: string): unknown {
    if (this.made) return this.made.bindings()[key];
    // pino leaves out undefined bindings: the outer context's value stays
    const own = this.bindings[key];
    if (own !== undefined) return own;
    return this.parent instanceof LogContext
      ? this.parent.binding(key)
      : this.parent.bindings()[key];
  }

  private parentLogger(): Pino {
    return this.parent instanceof LogContext ? this.parent.logger : this.parent;
  }
}

/** Runs `work` with `bindings` (a request id, a job) on every line logged within it. */
export function withLogContext<T>(bindings: Bindings, work: () => T): T {
  const outer = storage.getStore();
  const parent = outer instanceof LogContext ? outer : (outer?.logger ?? rootLogger());
  return storage.run(new LogContext(parent, bindings), work);
}

/** The request id of the request, job or socket event being handled, if any. */
export function currentRequestId(): string | undefined {
  const store = storage.getStore();
  const id = store instanceof LogContext ? store.binding('reqId') : store?.logger.bindings().reqId;
  return typeof id === 'string' ? id : undefined;
}
