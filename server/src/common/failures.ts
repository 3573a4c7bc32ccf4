/**
 * Sorting unexpected errors into what the client caused (a 4xx with its own code), what an
 * outage caused (503: try again later) and real faults (500, logged with the stack).
 */
import type { ErrorCode } from './app-error';

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  cause?: unknown;
}

function chain(error: unknown): ErrorLike[] {
  const found: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && found.length < 5) {
    found.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return found;
}

/**
 * Errors of the HTTP layer that a client caused: body-parser's (http-errors with `expose`) for
 * a body that is too large, of an unknown charset or encoding, or that cannot be decoded.
 */
export function clientFault(error: unknown): { status: number; code: ErrorCode } | null {
  const [outer] = chain(error);
  if (!outer) return null;
  const status = Number(outer.status ?? outer.statusCode);
  if (!(status >= 400 && status < 500) || outer.expose !== true) return null;
  if (status === 413) return { status, code: 'payload_too_large' };
  if (status === 415) return { status, code: 'unsupported_media_type' };
  return { status: 400, code: 'validation_failed' };
}

/**
 * A unique constraint failed: two requests raced for one unique value. Prisma reports it as
 * P2002 for its own queries, and as P2010 for a raw query, whose driver adapter error carries
 * PostgreSQL's 23505 and the constraint's name; a statement sent through `pg` itself (the
 * pool's hot paths) fails with 23505 and the constraint's name.
 */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  return chain(error).some((e) => {
    if (e.code === '23505') {
      const { constraint, detail } = e as { constraint?: unknown; detail?: unknown };
      return !field || `${String(constraint)} ${String(detail)}`.includes(field);
    }
    const meta = (e as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } })
      .meta;
    const raw = e.code === 'P2010' && meta?.driverAdapterError?.cause?.originalCode === '23505';
    if (e.code !== 'P2002' && !raw) return false;
    return !field || JSON.stringify(meta ?? {}).includes(field);
  });
}

const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
// query_canceled (statement_timeout), admin_shutdown, cannot_connect_now, too_many_connections,
// connection exceptions
const PG_UNAVAILABLE = new Set(['57014', '57P01', '57P03', '53300', '08000', '08003', '08006']);
const UNAVAILABLE_MESSAGE =
  /Connection is closed|Stream isn't writeable|Command timed out|Socket timeout|did not answer within|MaxRetriesPerRequest|Reached the max retries|ECONNREFUSED|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|EPIPE|timeout exceeded when trying to connect|Connection terminated|statement timeout|Can't reach database server|too many clients|DatabaseNotReachable|ConnectionClosed|SocketTimeout|DatabaseBusyError|DatabaseUnansweredError|Unable to start a transaction in the given time/i;

/**
 * PostgreSQL or Redis is down, slow or unreachable: the request failed through no fault of the
 * client or the code, and can be tried again later (503, not 500).
 */
export function isServiceUnavailable(error: unknown): boolean {
  return chain(error).some((e) => {
    if (
      typeof e.code === 'string' &&
      (PRISMA_UNAVAILABLE.has(e.code) || PG_UNAVAILABLE.has(e.code))
    )
      return true;
    const kind = (e as { kind?: unknown }).kind;
    if (typeof kind === 'string' && UNAVAILABLE_MESSAGE.test(kind)) return true;
    return (
      (typeof e.name === 'string' && UNAVAILABLE_MESSAGE.test(e.name)) ||
      (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message))
    );
  });
}

/** Link tokens in query strings are secrets: never written to a log. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code)=)[^&#]*/gi, '$1[redacted]');
}
