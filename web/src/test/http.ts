/** Fetch mocked at the boundary: answers per "METHOD /api/name.php", calls recorded. */
export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Responder = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function mockFetch(routes: Record<string, Responder>) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input).split('?')[0];
    const call: RecordedCall = {
      method,
      url: String(input),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const responder = routes[`${method} ${path}`];
    if (!responder) return jsonResponse(404, { error: 'not_found', message: 'not mocked' });
    return responder(call);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

/** A response the test hands out when it wants to. */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * window.matchMedia answering each media query with `matches(query)`, asked each time the
 * answer is read; `changed()` tells the lists' `change` listeners, as a browser does when the
 * answer may have changed (a window resized, a tablet turned).
 */
export function mockMediaQueries(matches: (query: string) => boolean) {
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    changed() {
      for (const listener of [...listeners]) listener();
    },
  };
}

/** Desktop (>= 992 px) or phone, as window.matchMedia reports it. */
export function mockViewport(desktop: boolean) {
  mockMediaQueries(() => desktop);
}

/**
 * A window that can be resized across the desktop breakpoint: `resize(desktop)` changes what
 * every media query list answers and tells their `change` listeners.
 */
export function mockResizableViewport(desktop: boolean) {
  let wide = desktop;
  const media = mockMediaQueries(() => wide);
  return {
    resize(toDesktop: boolean) {
      wide = toDesktop;
      media.changed();
    },
  };
}
