import {
  ApiError,
  apiRequest,
  newIdempotencyKey,
  retryDelay,
  setAuthFailureHandler,
} from './client';
import { REQUEST_RETRIES } from '../config/constants';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('api client', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  /** Runs a request while letting the retry delays pass. */
  async function settle<T>(promise: Promise<T>): Promise<T> {
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await jest.runAllTimersAsync();
    const result = await outcome;
    if ('error' in result) throw result.error;
    return result.value;
  }

  it('calls /api/<name>.php with JSON, credentials and the query string', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(
      apiRequest('settings', { query: { forced_domain: 'vonkje.nl', x: undefined } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/settings.php?forced_domain=vonkje.nl');
    expect(init.credentials).toBe('include');
  });

  it('sends a FormData body as it is (multipart), without a JSON Content-Type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { ok: true }));
    const form = new FormData();
    form.append('conversation', '7');
    await apiRequest('message-photo', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("asks the server for messages in the page's language", async () => {
    document.documentElement.lang = 'nl';
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await apiRequest('user', { method: 'POST', body: {} });
    const headers = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('nl');
  });

  it('retries a failing GET 5 times with exponential delay, then reports the error', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(503, { error: 'service_unavailable', message: 'Even geduld' })),
    );
    const error = await settle(apiRequest('chats')).catch((e: unknown) => e);
    expect(REQUEST_RETRIES).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(1 + REQUEST_RETRIES);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'Even geduld',
    });
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it('gives up at once on a 429 that asks to wait longer than a retry could', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: 'rate_limited',
          message: 'Te veel verzoeken, probeer het zo nog eens.',
        }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '1800' } },
      ),
    );
    const error = await settle(apiRequest('chats')).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
  });

  it('retries a GET answered 429 with a short Retry-After', async () => {
    fetchMock
      .mockResolvedValueOnce(
        new Response('{"error":"rate_limited","message":"x"}', {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { chats: [] }));
    await expect(settle(apiRequest('chats'))).resolves.toEqual({ chats: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries a GET after network errors and succeeds when the server comes back', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, { chats: [] }));
    await expect(settle(apiRequest('chats'))).resolves.toEqual({ chats: [] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  /** The Idempotency-Key header of each call made, null where none was sent. */
  function idempotencyKeys(): (string | null)[] {
    return fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('Idempotency-Key'));
  }

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('tries a POST without an Idempotency-Key once when the server answers 503', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { error: 'service_unavailable', message: 'x' }));
    const error = await settle(apiRequest('signup', { method: 'POST', body: {} })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(idempotencyKeys()).toEqual([null]);
  });

  it('tries a POST without an Idempotency-Key once when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await settle(apiRequest('account-delete', { method: 'POST', body: {} })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tries PUT, PATCH and DELETE without a key once as well', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(502, {})));
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      await settle(apiRequest('password', { method, body: {} })).catch(() => undefined);
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('tries a GET that changes state (logout) once', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, {}));
    await settle(apiRequest('logout', { changesState: true })).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries an idempotent POST after network errors and a 503, with the same key every time', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(503, { error: 'service_unavailable', message: 'x' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await expect(
      settle(
        apiRequest('reset-password', {
          method: 'POST',
          body: {},
          idempotencyKey: newIdempotencyKey(),
        }),
      ),
    ).resolves.toEqual({ ok: true });
    const keys = idempotencyKeys();
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
  });

  it('sends the key the caller gives, and tries a keyed call marked once a single time', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await settle(
      apiRequest('message', {
        method: 'POST',
        body: {},
        idempotencyKey: 'sleutel-van-de-aanroeper',
        once: true,
      }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(idempotencyKeys()).toEqual(['sleutel-van-de-aanroeper']);
  });

  it('stops retrying an idempotent POST after REQUEST_RETRIES retries', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(500, {})));
    const error = await settle(
      apiRequest('mail-change', { method: 'POST', body: {}, idempotencyKey: newIdempotencyKey() }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1 + REQUEST_RETRIES);
  });

  it('gives up at once on an idempotent POST answered 429 with a long Retry-After', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"error":"rate_limited","message":"x"}', {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
      }),
    );
    await expect(
      settle(
        apiRequest('mail-change', {
          method: 'POST',
          body: {},
          idempotencyKey: newIdempotencyKey(),
        }),
      ),
    ).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('takes a 429 without Retry-After (a block or a daily limit) as final', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, { error: 'reset_limit', message: 'Te veel herstelmails vandaag.' }),
    );
    await expect(
      settle(
        apiRequest('reset-password', {
          method: 'POST',
          body: {},
          idempotencyKey: newIdempotencyKey(),
        }),
      ),
    ).rejects.toMatchObject({ status: 429, code: 'reset_limit' });
    await expect(settle(apiRequest('chats'))).rejects.toMatchObject({ status: 429 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('makes version 4 UUIDs also where crypto.randomUUID is missing (plain http)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('waits 250 ms before the first retry', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, {}))
      .mockResolvedValueOnce(jsonResponse(200, {}));
    const promise = apiRequest('chats');
    await jest.advanceTimersByTimeAsync(249);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await promise;
  });

  it('does not retry a 4xx answer', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: 'validation_failed', message: 'Ongeldige e-mail' }),
    );
    await expect(settle(apiRequest('user', { method: 'POST', body: {} }))).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Ongeldige e-mail',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends X-Request-Type: client on POST, PUT, PATCH and DELETE but not on GET', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})));
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      await apiRequest('chat', { method, body: { id: 1 } });
    }
    await apiRequest('chats');
    const headers = fetchMock.mock.calls.map(([, init]) => new Headers(init.headers));
    expect(headers.slice(0, 4).map((h) => h.get('X-Request-Type'))).toEqual([
      'client',
      'client',
      'client',
      'client',
    ]);
    expect(headers[4].get('X-Request-Type')).toBeNull();
    expect(fetchMock.mock.calls[0][1].body).toBe('{"id":1}');
  });

  it('logs out on 403 authentication_required from any call except user.php', async () => {
    const onAuthFailure = jest.fn();
    const unregister = setAuthFailureHandler(onAuthFailure);
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(403, { error: 'authentication_required', message: '' })),
    );
    await expect(apiRequest('user')).rejects.toMatchObject({ status: 403 });
    expect(onAuthFailure).not.toHaveBeenCalled();
    await expect(apiRequest('chats')).rejects.toMatchObject({ code: 'authentication_required' });
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    unregister();
  });
});
