import { expect, test } from '@playwright/test';
import { LANDERS } from '../../contract/src/site-pages.js';
import {
  FIRST_VISIT_JS_BUDGET_BYTES,
  describeLoads,
  firstVisitScripts,
  gzipTotal,
} from './first-visit.js';

// a first visit: no service worker from an earlier visit, an empty cache
test.use({ serviceWorkers: 'block' });

/** What each page's HTML already holds, before any script has run (the server rendered it). */
const PAGES: { path: string; rendered: RegExp }[] = [
  { path: '/', rendered: /<h1 class="hero__title[^"]*">[^<]+<\/h1>/ },
  ...LANDERS.map((name) => ({
    path: `/landers/${name}`,
    rendered: /<div class="lander-page"><(section|div)/,
  })),
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

test("a browser with a session gets the app's page for / and a lander, not the public entry's", async ({
  request,
}) => {
  for (const path of ['/', '/landers/video']) {
    const html = await (
      await request.get(path, { headers: { cookie: 'sid=some-session' } })
    ).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    expect(html).not.toContain('public-page-data');
  }
});
