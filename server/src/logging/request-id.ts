import { randomUUID } from 'node:crypto';

/** The header a request id arrives in (from a proxy) and is answered in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A request id a proxy may pass on: short, and only characters safe in a log line. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The incoming X-Request-Id when it is sane, otherwise a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE_ID.test(value) ? value : randomUUID();
}
