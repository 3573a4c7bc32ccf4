import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The page's serious and critical accessibility problems (WCAG 2.1 A and AA), by axe-core. */
export async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/**
 * A journey's scans: `scan(name)` keeps the page's axe problems under `name` in `problems` (the
 * journey ends with `expect(problems).toEqual({})`, so every state is reported at once) and
 * saves a full-page screenshot at `file(name)`.
 */
export function scanner(page: Page, file: (name: string) => string) {
  const problems: Record<string, unknown> = {};
  const scan = async (name: string) => {
    const found = await violations(page);
    if (found.length > 0) problems[name] = found;
    await page.screenshot({ path: file(name), fullPage: true });
  };
  return { problems, scan };
}

/** The two widths every screen is photographed and scanned at: a phone's and a desktop's. */
export const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

export type Width = (typeof WIDTHS)[number];

/** The width a journey runs its flow at when it looks at each screen at both `WIDTHS`. */
export const DESKTOP = WIDTHS[1];

/**
 * Looks at the page at both widths: sets it to each of `WIDTHS` in turn, runs `look` there (a
 * check of what differs by width, a screenshot), then gives the page back the size the flow runs
 * at, also when a check failed.
 */
export async function atBothWidths(page: Page, look: (width: Width) => Promise<unknown>) {
  const flow = page.viewportSize();
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width: width.width, height: width.height });
      await look(width);
    }
  } finally {
    if (flow) await page.setViewportSize(flow);
  }
}

/**
 * A journey that runs its flow once and looks at each screen at both widths: `scan(name)` sets
 * the page to each of `WIDTHS` in turn, keeps its axe problems under `${name}-${width.name}` in
 * `problems` and saves a full-page screenshot at `file(name, width)`, then gives the page back
 * the size the flow runs at. (Half the cost of running the whole flow once per width.) `check`,
 * where given, runs at each width before the scan: what a screen must show at that width.
 */
export function scannerAtBothWidths(page: Page, file: (name: string, width: Width) => string) {
  const problems: Record<string, unknown> = {};
  const scan = (name: string, check?: (width: Width) => Promise<void>) =>
    atBothWidths(page, async (width) => {
      if (check) await check(width);
      const found = await violations(page);
      if (found.length > 0) problems[`${name}-${width.name}`] = found;
      await page.screenshot({ path: file(name, width), fullPage: true });
    });
  return { problems, scan };
}

/**
 * Screenshots of a journey's screens at both widths, for screens it photographs without an axe
 * scan: `shoot(name)` saves the page (the viewport; `fullPage`: all of it) at `file(name, width)`
 * at each of `WIDTHS`, then gives the page back the size the flow runs at.
 */
export function photographerAtBothWidths(
  page: Page,
  file: (name: string, width: Width) => string,
  { fullPage = false }: { fullPage?: boolean } = {},
) {
  return (name: string) =>
    atBothWidths(page, (width) => page.screenshot({ path: file(name, width), fullPage }));
}

/**
 * Waits until the screen is drawn and done loading, so a scan sees what a member sees: its main
 * heading shown, no spinner, busy region or loading placeholder left, the fonts in, and a
 * proof-of-work widget, where a form has one, done solving. (Not "the network idle": a page may
 * keep asking, and on a busy machine the idle half-second may not come within the test's time.)
 */
export async function settled(page: Page) {
  await expect(page.locator('h1:visible').first()).toBeVisible();
  await expect(
    page.locator('.spinner-border:visible, [aria-busy="true"]:visible, .placeholder-glow:visible'),
  ).toHaveCount(0);
  // asked from the test's side: a page with an installed clock has no timers of its own to poll
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.fonts.status === 'loaded' &&
          [...document.querySelectorAll('altcha-widget')].every(
            (widget) => !!widget.querySelector<HTMLInputElement>('input[name="altcha"]')?.value,
          ),
      ),
    )
    .toBe(true);
}
