import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { PUBLIC_PAGE_DATA_ID } from '@app/contract';
import { SitePages } from './site-pages.service';
import { PublicPages } from './public-pages';
import { PageTemplate } from './template';
import { renderInlineSettings, renderJsonBlock } from './head';
import { ENTRY_CHECK_TAG } from './entry-check';
import { EARLY_INPUT_TAG } from './early-input';
import { SEARCH_CHECK_TAG } from './search-check';

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
 * The web app's pages: the built index.html (read once) with each page's status, head and the
 * settings answer inlined; for a visitor's home page, landers and the other pages a visitor opens
 * before logging in (web/src/public/app-pages.ts), public.html with the page
 * rendered by the server (PublicPages) when the web's server build is there. The HTML depends on
 * the cookies (the page's language, a member's session), hence Vary: Cookie.
 */
export function servePage(
  app: NestExpressApplication,
  files: { index: string; public: string; renderer: string },
) {
  const pages = app.get(SitePages);
  const publicPages = app.get(PublicPages);
  const template = new PageTemplate(readFileSync(files.index, 'utf8'));
  const publicTemplate =
    existsSync(files.public) && publicPages.load(files.renderer)
      ? new PageTemplate(readFileSync(files.public, 'utf8'))
      : null;
  const answer = async (req: Request, res: Response) => {
    const page = await pages.page(req);
    if (page.kind === 'redirect') return res.redirect(page.status, page.location);
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Cookie');
    const settings = page.settings ? `\n    ${renderInlineSettings(page.settings)}` : '';
    const rendered =
      publicTemplate && page.status === 200 && page.settings
        ? await publicPages.render(req, page.language, page.settings)
        : null;
    const entryCheck = rendered?.entryWarning ? `\n    ${ENTRY_CHECK_TAG}` : '';
    // what a visitor clicks or submits before the page's scripts have taken it over is kept
    const earlyInput = rendered ? `\n    ${EARLY_INPUT_TAG}` : '';
    // the visitor search's first results: hidden from the first paint when this visit chose a gender
    const searchCheck = rendered?.data.results ? `\n    ${SEARCH_CHECK_TAG}` : '';
    const html = rendered
      ? publicTemplate!.render(
          page.language,
          `${page.head}${settings}${entryCheck}${earlyInput}${searchCheck}\n    ${renderJsonBlock(PUBLIC_PAGE_DATA_ID, rendered.data)}`,
          rendered.html,
        )
      : template.render(page.language, page.head + settings);
    res.status(page.status).type('html').send(html);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    answer(req, res).catch(next);
  };
}

function onlyGet(handler: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction) =>
    // exactly the file: /robots.txt/anything is a page address
    (req.method === 'GET' || req.method === 'HEAD') && req.path === '/'
      ? handler(req, res, next)
      : next();
}
