import { expect, test } from '@playwright/test';
import { LANDERS, STATIC_PAGES, TOKEN_PAGES } from '../../contract/src/site-pages.js';
import { skipEntryWarning } from './entry-warning.js';
import {
  FIRST_VISIT_JS_BUDGET_BYTES,
  describeLoads,
  firstVisitScripts,
  gzipTotal,
} from './first-visit.js';

// a first visit: no service worker from an earlier visit, an empty cache
test.use({ serviceWorkers: 'block' });

/** The static and token pages' keys in their texts (data-testid="static-page-<key>"). */
const TEXT_KEYS: Record<string, string> = {
  'return-policy': 'returnPolicy',
  'safe-dating': 'safeDating',
};

/**
 * What each page's HTML already holds, before any script has run (the server rendered it): the
 * home page and the landers (issue 21), and the pages a visitor opens before logging in (issue
 * 34, item 9).
 */
const PAGES: {
  path: string;
  rendered: RegExp;
  /**
   * How the takeover is compared, for a page that shows more once its own requests answer (the
   * search): those requests held unanswered (the page stays as the server rendered it: loading),
   * at another address (the search with filters, as the server renders it), in a phone's
   * viewport (the signup page; a desktop opens the signup modal over the home page).
   */
  takeover?: { hold?: RegExp; path?: string; viewport?: { width: number; height: number } };
}[] = [
  { path: '/', rendered: /<h1 class="hero__title[^"]*">[^<]+<\/h1>/ },
  ...LANDERS.map((name) => ({
    path: `/landers/${name}`,
    rendered: /<div class="lander-page"><(section|div)/,
  })),
  { path: '/login', rendered: /<h1 class="h3 mb-3 text-center">[^<]+<\/h1>[\s\S]*<form/ },
  {
    path: '/signup',
    rendered: /<form[^>]*class="signup-form"/,
    takeover: { viewport: { width: 375, height: 800 } },
  },
  {
    path: '/pricing',
    rendered: /<h1 id="pricing-title"[^>]*>[^<]+<\/h1>[\s\S]*data-testid="package-/,
  },
  {
    path: '/premium',
    rendered: /<h1 id="premium-title"[^>]*>[^<]+<\/h1>[\s\S]*data-testid="package-/,
  },
  ...[...Object.keys(STATIC_PAGES), ...TOKEN_PAGES]
    .filter((name) => name !== 'ban')
    .map((name) => ({
      path: `/${name}`,
      rendered: new RegExp(
        `data-testid="static-page-${TEXT_KEYS[name] ?? name}"[\\s\\S]*<h1[^>]*>[^<]+</h1>`,
      ),
    })),
  { path: '/ban', rendered: /data-testid="ban-page"[\s\S]*<h1[^>]*>[^<]+<\/h1>/ },
  {
    path: '/members',
    rendered: /<div class="container py-4 search-page">/,
    takeover: { path: '/members?gender=female&country=NL', hold: /\/api\// },
  },
];

for (const { path, rendered } of PAGES) {
  test(`a first visit to ${path} gets the page rendered by the server and loads at most 100 KB of gzipped JavaScript`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(rendered);
    const loads = await firstVisitScripts(page, path);
    await expect(page.locator('main')).toBeVisible();
    const total = gzipTotal(loads);
    console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzip\n${describeLoads(loads)}`);
    // no staff code, no realtime client (socket.io loads for members only), no zod (the
    // contract's schemas) and neither React Router nor React DOM (markers in their built code)
    expect(loads.map((load) => load.url).join('\n')).not.toMatch(/\/admin-/);
    for (const load of loads) {
      expect(load.text, load.url).not.toContain('engine.io');
      expect(load.text, load.url).not.toContain('ZodError');
      expect(load.text, load.url).not.toContain('react-router/dom');
      expect(load.text, load.url).not.toContain('__reactFiber');
    }
    expect(total, describeLoads(loads)).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET_BYTES);
  });
}

test("a browser with a session gets the app's page for /, a lander, the login page and the prices, not the public entry's", async ({
  request,
}) => {
  for (const path of ['/', '/landers/video', '/login', '/pricing']) {
    const html = await (
      await request.get(path, { headers: { cookie: 'sid=some-session' } })
    ).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    expect(html).not.toContain('public-page-data');
  }
});

/** The server's rendering of a page: what its `<div id="root">` holds. */
function renderedRoot(html: string): string {
  const found = /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html);
  if (!found) throw new Error('no #root in the page');
  return found[1];
}

for (const { path: pagePath, takeover = {} } of PAGES) {
  const path = takeover.path ?? pagePath;
  test(`the browser takes ${path} over from the server's rendering without changing it`, async ({
    page,
    request,
    context,
  }) => {
    if (takeover.viewport) await page.setViewportSize(takeover.viewport);
    // never answered: the page keeps showing what it showed while they load
    if (takeover.hold) await page.route(takeover.hold, () => undefined);
    // a visitor who answered the entry warning before: the server cannot know (the answer is in
    // the browser's storage), so its copy rendered into a lander is dropped once the page is
    // taken over (tests/e2e/site-entry.e2e.ts), and left out of the comparison here
    await skipEntryWarning(context);
    const server = renderedRoot(await (await request.get(path)).text());
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // taken over: after hydrating, the entry fetches the rest of the page's texts as JSON
    const catalogue = page.waitForResponse((r) =>
      /\/assets\/public-nl-[\w-]+\.json$/.test(r.url()),
    );
    await page.goto(path, { waitUntil: takeover.hold ? 'load' : 'networkidle' });
    expect((await catalogue).ok()).toBe(true);
    const difference = await page.evaluate((html) => {
      const expected = document.createElement('div');
      expected.innerHTML = html;
      expected.querySelector('.site-entry--rendered')?.remove();
      const actual = document.getElementById('root')!.cloneNode(true) as HTMLElement;
      actual.removeAttribute('id');
      // a text may be one node or several adjacent ones: the same page
      expected.normalize();
      actual.normalize();
      if (expected.isEqualNode(actual)) return null;
      // the first element whose markup differs, for the report
      const walk = (a: Element, b: Element): string => {
        for (let i = 0; i < Math.max(a.children.length, b.children.length); i++) {
          const x = a.children[i];
          const y = b.children[i];
          if (!x || !y || !x.isEqualNode(y)) {
            return x && y && x.tagName === y.tagName && x.children.length > 0
              ? walk(x, y)
              : `server: ${x?.outerHTML.slice(0, 300)}\nbrowser: ${y?.outerHTML.slice(0, 300)}`;
          }
        }
        return `server: ${a.outerHTML.slice(0, 300)}\nbrowser: ${b.outerHTML.slice(0, 300)}`;
      };
      return walk(expected, actual);
    }, server);
    expect(difference).toBeNull();
    expect(errors).toEqual([]);
  });
}
