/**
 * The one client for the server's `/api/<name>.php` endpoints (SPEC point 7).
 * - JSON in and out, cookies included.
 * - State-changing methods carry `X-Request-Type: client` (the server's CSRF check), and so do
 *   the GETs that change state (logout.php, a GET in the spec) when marked `changesState`.
 * - Only safe requests are retried: a GET that reads, or a request sent with an `Idempotency-Key`
 *   (`idempotencyKey`; the server answers a repeated key with its first answer). Those are
 *   retried up to REQUEST_RETRIES times with exponential delay on network errors, 5xx, and a 429
 *   whose Retry-After is short; other answers are final. Every other request is tried once: a
 *   POST repeated after a lost answer could do its work twice (two mails, a double charge).
 *   The key comes from the caller: a money call keeps one per intended action across presses
 *   (api/idempotency.ts), so a press after all retries failed is not a second payment.
 * - Errors become an ApiError built from the server's `{ "error": code, "message": text }`.
 * - 403 authentication_required on any call except user.php means the session is gone: the
 *   registered handler logs the member out.
 */
import { REQUEST_RETRIES, REQUEST_TYPE_CLIENT } from '../config/constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue> | URLSearchParams;

export interface ApiRequestOptions {
  method?: HttpMethod;
  query?: Query;
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A GET that changes state: it carries `X-Request-Type: client` like a POST does, and like a
   * POST it is tried once.
   */
  changesState?: boolean;
  /**
   * Sends `Idempotency-Key: <key>`, the same on each retry of this call, so the request may be
   * retried. Money calls pass the key kept for the intended action (`useKeyedCall`,
   * `usePendingKey`); other keyed calls a new one per call (`newIdempotencyKey()`). Only for
   * endpoints whose server honours the key.
   */
  idempotencyKey?: string;
  /** Tried once even with a key: the caller offers its own retry at once (the chat's sends). */
  once?: boolean;
}

export interface ApiFieldIssue {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Per-field problems of a `validation_failed` answer. */
    readonly issues?: ApiFieldIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const REQUEST_TYPE_HEADER_NAME = 'X-Request-Type';
export const IDEMPOTENCY_KEY_HEADER_NAME = 'Idempotency-Key';
export const RETRY_BASE_DELAY_MS = 250;
const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Delay before retry number `attempt` (0-based): 250, 500, 1000, 2000, 4000 ms. */
export function retryDelay(attempt: number): number {
  return RETRY_BASE_DELAY_MS * 2 ** attempt;
}

/** A 429 that asks for a longer wait than this is final: retrying cannot succeed in time. */
export const MAX_RETRY_AFTER_S = 5;

/**
 * 5xx is worth another try; a 429 only when its Retry-After (in seconds) promises a short wait.
 * A 429 without one (login_blocked, reset_limit) is a refusal for minutes or a day.
 */
export function isRetryableStatus(status: number, retryAfter?: string | null): boolean {
  if (status === 429) {
    const seconds = retryAfter ? Number(retryAfter) : NaN;
    return seconds >= 0 && seconds <= MAX_RETRY_AFTER_S;
  }
  return status >= 500;
}

/** A random UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The ban page as a banned member's tab and the login show it (static-pages' BanPage). */
export const BANNED_PATH = '/ban?account=banned';

type AuthFailureHandler = (reason?: 'banned') => void;
let authFailureHandler: AuthFailureHandler | null = null;

/** Registers what happens when the session turns out to be gone; returns an unregister function. */
export function setAuthFailureHandler(handler: AuthFailureHandler): () => void {
  authFailureHandler = handler;
  return () => {
    if (authFailureHandler === handler) authFailureHandler = null;
  };
}

/** Runs the registered handler: the session turned out to be gone some other way (the socket). */
/** The session is gone (`banned`: staff banned the account, the ban page shows). */
export function reportAuthFailure(reason?: 'banned'): void {
  authFailureHandler?.(reason);
}

/** Headers a part of the app adds to its own requests (the console marks its background calls). */
export type HeaderSource = (name: string) => Record<string, string> | undefined;
const headerSources = new Set<HeaderSource>();

/** Adds `source`'s headers to every request from now on; returns the function that stops it. */
export function addRequestHeaders(source: HeaderSource): () => void {
  headerSources.add(source);
  return () => void headerSources.delete(source);
}

export function apiUrl(name: string, query?: Query): string {
  const params =
    query instanceof URLSearchParams ? new URLSearchParams(query) : new URLSearchParams();
  if (query && !(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
  }
  const search = params.toString();
  // the member API's names are the spec's `<name>.php`; the staff console's routes are paths
  // (`staff/login`: /api/staff/login)
  const path = name.includes('/') ? `/api/${name}` : `/api/${name}.php`;
  return `${path}${search ? `?${search}` : ''}`;
}

export async function apiRequest<T>(name: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  for (const source of headerSources) Object.assign(headers, source(name));
  Object.assign(headers, options.headers);
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // multipart: the browser writes the Content-Type with its boundary
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const changesState = STATE_CHANGING.has(method) || !!options.changesState;
  if (changesState) headers[REQUEST_TYPE_HEADER_NAME] = REQUEST_TYPE_CLIENT;
  // the caller's key for this action: every retry below repeats it
  const key = options.idempotencyKey;
  if (key !== undefined) headers[IDEMPOTENCY_KEY_HEADER_NAME] = key;
  // server messages come in the language the page shows, not the browser's default
  const uiLanguage = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (uiLanguage && !headers['Accept-Language']) headers['Accept-Language'] = uiLanguage;
  const url = apiUrl(name, options.query);
  const retries = (!changesState || key !== undefined) && !options.once ? REQUEST_RETRIES : 0;

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      if (attempt < retries) {
        await sleep(retryDelay(attempt), options.signal);
        continue;
      }
      throw new ApiError(
        0,
        'network_error',
        error instanceof Error ? error.message : 'Network error',
      );
    }

    if (response.ok) return (await readJson(response)) as T;

    const error = await toApiError(response);
    const retryAfter = response.headers.get('Retry-After');
    if (attempt < retries && isRetryableStatus(response.status, retryAfter)) {
      await sleep(Math.max(retryDelay(attempt), Number(retryAfter) * 1000 || 0), options.signal);
      continue;
    }
    if (error.status === 403 && error.code === 'authentication_required' && name !== 'user') {
      authFailureHandler?.();
    }
    throw error;
  }
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: { error?: unknown; message?: unknown; field?: unknown; issues?: unknown } = {};
  try {
    const parsed = (await readJson(response)) as typeof payload | undefined;
    if (parsed && typeof parsed === 'object') payload = parsed;
  } catch {
    // not JSON (a proxy's error page, for example): keep the status only
  }
  return new ApiError(
    response.status,
    typeof payload.error === 'string' ? payload.error : `http_${response.status}`,
    typeof payload.message === 'string' ? payload.message : response.statusText,
    typeof payload.field === 'string' ? payload.field : undefined,
    Array.isArray(payload.issues) ? payload.issues.filter(isFieldIssue) : undefined,
  );
}

function isFieldIssue(value: unknown): value is ApiFieldIssue {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ApiFieldIssue).field === 'string' &&
    typeof (value as ApiFieldIssue).message === 'string'
  );
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('', 'AbortError'));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
