import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiDocsEnabled, secureCookies, type AppConfig } from './config/config';
import { AppModule } from './app.module';

/** Builds the HTTP application (used by main.ts and by the integration tests). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: config.NODE_ENV === 'test' ? ['error'] : levelsFrom(config.LOG_LEVEL),
    bodyParser: true,
  });
  // a hop count or the proxies' addresses: never every X-Forwarded-For entry (clients write those)
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // CSP3 'self' covers our own ws:/wss: origin; no other host may be reached
          connectSrc: ["'self'"],
          upgradeInsecureRequests: secureCookies(config) ? [] : null,
        },
      },
    }),
  );
  app.use(compression());
  app.use(cookieParser());
  if (apiDocsEnabled(config)) setUpApiDocs(app);
  serveWebApp(app, config.WEB_DIST_DIR);
  return app;
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
    .build();
  return cleanupOpenApiDoc(SwaggerModule.createDocument(app, openApi));
}

/** /api/docs and /api/docs-json: outside production only, unless API_DOCS says otherwise. */
function setUpApiDocs(app: NestExpressApplication): void {
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app));
}

/** Paths the server answers itself; every other GET is a page of the web app. */
const SERVER_PATHS = ['/api/', '/socket.io/', '/assets/', '/dev/'];

/** In production the server also serves the built web app, so one port serves the site. */
function serveWebApp(app: NestExpressApplication, distDir: string | undefined): void {
  if (!distDir) return;
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return;
  // source maps are built for an error tracker, never served (they would show the sources)
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path.endsWith('.map') ? res.status(404).end() : next(),
  );
  app.use(
    '/assets',
    express.static(path.join(root, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  app.use(express.static(root, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !SERVER_PATHS.some((prefix) => req.path.startsWith(prefix));
    if (!isPage) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function levelsFrom(level: AppConfig['LOG_LEVEL']) {
  const order = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
  return order.slice(0, order.indexOf(level) + 1) as ('error' | 'warn' | 'log')[];
}
