import { ApiError, apiRequest, retryDelay, setAuthFailureHandler } from './client';
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

  it("asks the server for messages in the page's language", async () => {
    document.documentElement.lang = 'nl';
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await apiRequest('user', { method: 'POST', body: {} });
    const headers = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('nl');
  });

  it('retries a failing request 5 times with exponential delay, then reports the error', async () => {
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

  it('retries a 429 with a short Retry-After', async () => {
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

  it('retries network errors and succeeds when the server comes back', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, { chats: [] }));
    await expect(settle(apiRequest('chats'))).resolves.toEqual({ chats: [] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
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
