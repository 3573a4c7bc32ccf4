import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) finds no serious or critical problem on
 * the screens built so far, for visitors and members, at phone and desktop widths.
 */
const VISITOR_PAGES = [
  '/',
  '/login',
  '/signup',
  '/reset-password',
  '/reset-password/do?token=unknown',
  '/activate/done',
  '/activate/error',
  '/account-deleted',
  '/members/1/signup',
  '/terms',
  '/no/such/page',
];
const MEMBER_PAGES = ['/notifications', '/account/delete', '/signup-matches', '/complete-signup'];

async function violations(page: Page) {
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

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`accessibility on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('visitor pages have no serious accessibility problems', async ({ page }) => {
      const found: Record<string, unknown> = {};
      for (const path of VISITOR_PAGES) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const problems = await violations(page);
        if (problems.length > 0) found[path] = problems;
      }
      expect(found).toEqual({});
    });

    test('member pages have no serious accessibility problems', async ({ page }) => {
      const login = await page.request.post('/api/user.php', {
        headers: { 'X-Request-Type': 'client' },
        data: { email: 'demo@vonkje.test', password: 'demo1234' },
      });
      expect(login.status()).toBe(200);
      const found: Record<string, unknown> = {};
      for (const path of MEMBER_PAGES) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const problems = await violations(page);
        if (problems.length > 0) found[path] = problems;
      }
      expect(found).toEqual({});
    });
  });
}
