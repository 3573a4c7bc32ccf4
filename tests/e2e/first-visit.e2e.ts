import { expect, test } from '@playwright/test';
import {
  FIRST_VISIT_JS_CEILING_BYTES,
  FIRST_VISIT_JS_TARGET_BYTES,
  describeLoads,
  firstVisitScripts,
  gzipTotal,
} from './first-visit.js';

// a first visit: no service worker from an earlier visit, an empty cache
test.use({ serviceWorkers: 'block' });

for (const path of ['/', '/landers/tinderswipe']) {
  test(`a first visit to ${path} loads no more gzipped JavaScript than the ceiling`, async ({
    page,
  }) => {
    const loads = await firstVisitScripts(page, path);
    await expect(page.locator('main')).toBeVisible();
    const total = gzipTotal(loads);
    console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzip\n${describeLoads(loads)}`);
    // no staff code, no realtime client (socket.io loads for members only) and no zod (the
    // contract's schemas; the web types the answers, it does not parse them) for a visitor
    expect(loads.map((load) => load.url).join('\n')).not.toMatch(/\/admin-/);
    for (const load of loads) {
      expect(load.text, load.url).not.toContain('engine.io');
      expect(load.text, load.url).not.toContain('ZodError');
    }
    expect(total, describeLoads(loads)).toBeLessThanOrEqual(FIRST_VISIT_JS_CEILING_BYTES);
    if (total > FIRST_VISIT_JS_TARGET_BYTES) {
      test.info().annotations.push({
        type: 'over target',
        description: `${(total / 1024).toFixed(1)} KB gzip, issue 21's target is 100 KB`,
      });
    }
  });
}
