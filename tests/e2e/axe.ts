import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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
