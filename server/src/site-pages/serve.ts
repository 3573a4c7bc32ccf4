import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { readFileSync, statSync } from 'node:fs';
import { SitePages } from './site-pages.service';
import { PageTemplate } from './template';

/**
 * GET /robots.txt and /sitemap.xml, answered by the server whether or not it serves the built
 * web app. `lastModified`: the sitemap's lastmod (the web app's build, else the server's start).
 */
export function serveSearchEngineFiles(app: NestExpressApplication, indexFile?: string): void {
  const pages = app.get(SitePages);
  const lastModified = indexFile ? statSync(indexFile).mtime : new Date();
  const answer =
    (type: string, body: (req: Request) => Promise<string>) =>
    (req: Request, res: Response, next: NextFunction) => {
      body(req).then(
        (text) => res.type(type).setHeader('Cache-Control', 'public, max-age=3600').send(text),
        next,
      );
    };
  app.use('/robots.txt', onlyGet(answer('text/plain', (req) => pages.robots(req))));
  app.use(
    '/sitemap.xml',
    onlyGet(answer('application/xml', (req) => pages.sitemap(req, lastModified))),
  );
}

/**
 * The web app's pages: the built index.html (read once) with each page's status and head. The
 * HTML depends on the locale cookie (the page's language), hence Vary: Cookie.
 */
export function servePage(app: NestExpressApplication, indexFile: string) {
  const pages = app.get(SitePages);
  const template = new PageTemplate(readFileSync(indexFile, 'utf8'));
  return (req: Request, res: Response, next: NextFunction) => {
    pages.page(req).then((answer) => {
      if (answer.kind === 'redirect') return res.redirect(answer.status, answer.location);
      res.setHeader('Cache-Control', 'no-cache');
      res.vary('Cookie');
      res.status(answer.status).type('html').send(template.render(answer.language, answer.head));
    }, next);
  };
}

function onlyGet(handler: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction) =>
    // exactly the file: /robots.txt/anything is a page address
    (req.method === 'GET' || req.method === 'HEAD') && req.path === '/'
      ? handler(req, res, next)
      : next();
}
