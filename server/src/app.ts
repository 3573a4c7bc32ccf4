import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { apiDocsEnabled, secureCookies, type AppConfig } from './config/config';
import { HTTP_KEEP_ALIVE_MS } from './config/timeouts';
import { AppModule } from './app.module';
import { JsonReplyAdapter } from './common/json-reply';
import {
  createRootLogger,
  httpLogging,
  nestLogger,
  startErrorTracking,
  type LogOptions,
} from './logging';
import { HealthService } from './health/health.service';
import { Metrics } from './metrics';
import { pushSubscriptionRewrite } from './push';
import {
  EARLY_INPUT_CSP_SOURCE,
  ENTRY_CHECK_CSP_SOURCE,
  SEARCH_CHECK_CSP_SOURCE,
  servePage,
  serveSearchEngineFiles,
} from './site-pages';
import { VisitorCountry } from './visitor-country';

/** Builds the HTTP application (used by main.ts and by the integration tests). */
export async function createApp(
  config: AppConfig,
  log: LogOptions = {},
): Promise<NestExpressApplication> {
  const logger = createRootLogger(config, 'api', log);
  startErrorTracking(config, 'api');
  // JSON answers written without Express's per-answer content-type work (common/json-reply.ts)
  const adapter = new JsonReplyAdapter();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), adapter, {
    logger: nestLogger(logger),
    // JSON bodies only, parsed only for requests that can have one (see below)
    bodyParser: false,
  });
  // first: the request id, the request's log line and context, and the request metrics
  const metrics = app.get(Metrics);
  app.use(httpLogging(logger, (req, res, seconds) => metrics.observeRequest(req, res, seconds)));
  // a stopping process closes each connection once its answer is written: the proxy, which finds
  // the replicas through DNS and does not read readiness (docker/Caddyfile), keeps no idle
  // connection to it that could break under a request when it closes; what it sends next opens
  // a new connection, refused once the process stops listening, and so tried on another replica
  const health = app.get(HealthService);
  app.use((_req: Request, res: Response, next: NextFunction) => {
    if (health.isDraining()) res.setHeader('Connection', 'close');
    next();
  });
  // a hop count or the proxies' addresses: never every X-Forwarded-For entry (clients write those)
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // API answers are fresh JSON; no ETag hash of every body (static files keep theirs)
  app.set('etag', false);
  // POST|DELETE /api/user.php?push=1 is the push subscription, not the login (Nest routes on paths)
  app.use(pushSubscriptionRewrite);
  app.use(
    staticHeaders(
      helmet({
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            // and the public pages' three inline scripts, the entry warning's check, the
            // early-input script and the visitor search's check, by their hashes
            scriptSrc: [
              "'self'",
              ENTRY_CHECK_CSP_SOURCE,
              EARLY_INPUT_CSP_SOURCE,
              SEARCH_CHECK_CSP_SOURCE,
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            // CSP3 'self' covers our own ws:/wss: origin; no other host may be reached
            connectSrc: ["'self'"],
            upgradeInsecureRequests: secureCookies(config) ? [] : null,
          },
        },
      }),
    ),
  );
  // gzip where it pays: pages, assets and the large reference answers; the small JSON of the
  // other API calls is sent as it is (compressing costs each of them ~25 µs, for nothing)
  const compress = compression();
  app.use((req: Request, res: Response, next: NextFunction) =>
    !req.path.startsWith('/api/') || LARGE_ANSWERS.has(req.path)
      ? compress(req, res, next)
      : next(),
  );
  const json = express.json({ limit: '100kb' });
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.method === 'GET' || req.method === 'HEAD' ? next() : json(req, res, next),
  );
  // payment providers post their webhook as a form (`id=tr_...`), as does the sandbox's
  // checkout page: form bodies are read on those paths only
  const form = express.urlencoded({ extended: false, limit: '10kb' });
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.method === 'POST' && FORM_PATHS.some((prefix) => req.path.startsWith(prefix))
      ? form(req, res, next)
      : next(),
  );
  if (apiDocsEnabled(config)) setUpApiDocs(app);
  serveWebApp(app, config.WEB_DIST_DIR);
  // the country database is read now (~7 ms, ~8 MB), not under a visitor's first request
  app.get(VisitorCountry).open();
  keepConnectionsAlive(app.getHttpServer() as Server);
  return app;
}

/**
 * Idle kept-alive connections stay open HTTP_KEEP_ALIVE_MS, longer than the proxy keeps them.
 * Once the server is closing (SIGTERM, or app.close()), a connection is closed as soon as its
 * request is answered and idle ones at once: closing waits for the requests under way, not for
 * clients' idle connections to time out.
 */
function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_MS;
  // a request's headers may take as long as an idle connection is kept (Node requires more)
  server.headersTimeout = HTTP_KEEP_ALIVE_MS + 1_000;
  server.on('listening', () => (server.keepAliveTimeout = HTTP_KEEP_ALIVE_MS));
  const close = server.close.bind(server);
  server.close = ((callback?: (error?: Error) => void) => {
    // read as each answer ends: its connection then closes once idle (a millisecond)
    server.keepAliveTimeout = 1;
    const closed = close(callback);
    server.closeIdleConnections();
    return closed;
  }) as Server['close'];
}

/** The OpenAPI document of every route (also used by tests that walk every endpoint). */
export function openApiDocument(app: NestExpressApplication) {
  const openApi = new DocumentBuilder()
    .setTitle('Vonkje API')
    .setDescription(
      'The API the web app calls: /api/<name>.php. Errors are {"error": code, "message": text}. ' +
        'POST/PUT/PATCH/DELETE need the header X-Request-Type: client.',
    )
    .setVersion('1')
    .setOpenAPIVersion('3.1.0')
    .build();
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, openApi), {
    version: '3.1',
  });
  return withoutNullableKeyword(document);
}

/**
 * OpenAPI 3.1 writes "or null" as JSON Schema does (`type: ['integer', 'null']`); the 3.0
 * keyword `nullable`, which Nest's Swagger still writes for some properties, means nothing
 * there. Every `nullable: true` is rewritten in 3.1's terms.
 */
function withoutNullableKeyword<T>(document: T): T {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    const { nullable, ...rest } = value as Record<string, unknown>;
    const schema = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, visit(v)]));
    if (nullable !== true) return schema;
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.type)) {
      return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
    }
    return { anyOf: [schema, { type: 'null' }] };
  };
  return visit(document) as T;
}

/** /api/docs and /api/docs-json: outside production only, unless API_DOCS says otherwise. */
function setUpApiDocs(app: NestExpressApplication): void {
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app));
}

/**
 * Helmet's headers depend only on its options: computed once at start-up, then set on every
 * answer (the same headers, without running helmet's middlewares per request).
 */
function staticHeaders(
  middleware: (req: Request, res: Response, next: (error?: unknown) => void) => void,
) {
  const headers: [string, string | number | readonly string[]][] = [];
  const probe = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void headers.push([name, value]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  } as unknown as Response;
  middleware({ method: 'GET', headers: {} } as Request, probe, () => undefined);
  if (headers.length === 0) throw new Error('helmet set no headers');
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** API answers of several kilobytes (settings, reference lists, the OpenAPI description). */
const LARGE_ANSWERS = new Set([
  '/api/settings.php',
  '/api/regions.php',
  '/api/interests.php',
  '/api/docs',
  '/api/docs-json',
]);

/** The built template of the public pages (web/public.html, vite.public.config.ts). */
const PUBLIC_TEMPLATE = 'public.html';

/** Files of the built web app that browsers must check on each use (see serveWebApp). */
const ALWAYS_REVALIDATED = new Set(['sw.js', 'manifest.webmanifest', 'index.html']);

/**
 * Paths the server answers itself; every other GET is a page of the web app (site-pages: its
 * status and head), but /robots.txt, /sitemap.xml and the redirect of /callback and /pages/<name>
 * are the server's too. The service worker (web/src/sw.ts, NOT_THE_SHELL) leaves navigations to
 * all these to the network: keep both in step.
 */
const SERVER_PATHS = ['/api/', '/media/', '/socket.io/', '/assets/', '/dev/', '/sandbox/'];

/** Paths whose POST bodies may be HTML forms (webhooks, the sandbox's checkout page). */
const FORM_PATHS = ['/api/payment-webhook.php', '/sandbox/checkout/'];

/** In production the server also serves the built web app, so one port serves the site. */
function serveWebApp(app: NestExpressApplication, distDir: string | undefined): void {
  const root = distDir ? path.resolve(distDir) : undefined;
  const index = root && path.join(root, 'index.html');
  if (!root || !index || !existsSync(index)) {
    serveSearchEngineFiles(app);
    return;
  }
  serveSearchEngineFiles(app, index);
  // source maps are built for an error tracker, never served (they would show the sources)
  // …nor is the public pages' template (only ever sent filled in, by servePage)
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path.endsWith('.map') || req.path === `/${PUBLIC_TEMPLATE}`
      ? res.status(404).end()
      : next(),
  );
  app.use(
    '/assets',
    express.static(path.join(root, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  app.use(
    express.static(root, {
      index: false,
      maxAge: '1h',
      // the service worker and the app manifest are checked on every visit: a new version is
      // found at once (a cached sw.js would keep members on the old app for up to a day)
      setHeaders: (res, file) => {
        if (ALWAYS_REVALIDATED.has(path.basename(file))) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  const page = servePage(app, {
    index,
    public: path.join(root, PUBLIC_TEMPLATE),
    // the web's server build of the public pages, beside the browser's (never served)
    renderer: path.join(path.dirname(root), 'dist-ssr', 'render.cjs'),
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !SERVER_PATHS.some((prefix) => req.path.startsWith(prefix));
    if (!isPage) return next();
    page(req, res, next);
  });
}
