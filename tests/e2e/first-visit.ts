import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/**
 * The first-visit JavaScript budget of issue 21: the scripts a new visitor's browser loads for
 * the home page or a lander, counted as gzip bytes (the server's compression, zlib's default
 * level). These pages come rendered by the server and are taken over by the public entry
 * (web/src/public: Preact's React compatibility layer, no router, the page's texts in the page),
 * about 53 KB; the app's first visit was 181 KB.
 */
export const FIRST_VISIT_JS_BUDGET_BYTES = 100 * 1024;

export interface ScriptLoad {
  url: string;
  bytes: number;
  gzipBytes: number;
  /** The script's text (to look for libraries a visitor must not load). */
  text: string;
}

/**
 * Opens `path` in a fresh page as a first visit (empty cache) and returns every script it loaded
 * until the network went quiet, with its raw and gzip size.
 */
export async function firstVisitScripts(page: Page, path: string): Promise<ScriptLoad[]> {
  const pending: Promise<ScriptLoad | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => ({
          url: response.url(),
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
          text: body.toString('utf8'),
        }),
        () => null,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((load): load is ScriptLoad => load !== null);
}

export function gzipTotal(loads: ScriptLoad[]): number {
  return loads.reduce((sum, load) => sum + load.gzipBytes, 0);
}

export function describeLoads(loads: ScriptLoad[]): string {
  return loads
    .map(
      (load) =>
        `${(load.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(load.url).pathname}`,
    )
    .join('\n');
}
