import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) finds no serious or critical problem on
 * the screens built so far, for visitors and members, at phone and desktop widths.
 */
const VISITOR_PAGES = [
  '/',
  '/login',
  '/login?unlocked=1',
  '/login?unlocked=0',
  '/signup',
  '/reset-password',
  '/reset-password/do?token=unknown',
  '/mail-change/cancel?token=unknown',
  '/mail-change/cancel',
  '/activate/done',
  '/activate/error',
  '/account-deleted',
  '/members/1/signup',
  '/complaints',
  '/members',
  '/match-finder',
  '/terms',
  '/no/such/page',
];
const MEMBER_PAGES = [
  '/notifications',
  '/account/delete',
  '/signup-matches',
  '/complete-signup',
  '/profile',
  '/complaints',
  '/members',
  '/match-finder',
  '/likes',
  '/likes/matches',
  '/swipe-game',
];

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

    // one test a page: each stays far below the test timeout, and a failure names its page
    for (const path of VISITOR_PAGES) {
      test(`the visitor page ${path} has no serious accessibility problems`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the mail-change cancel page has no serious accessibility problems after a click', async ({
      page,
    }) => {
      // the server's two answers, so the page's later states are checked without a mailed token
      const answers = [
        { status: 200, body: { email: 'oud@example.test' }, heading: 'Wijziging geannuleerd' },
        {
          status: 400,
          body: { error: 'link_invalid', message: 'Deze link is verlopen of al gebruikt.' },
          heading: 'Annuleren mislukt',
        },
      ];
      const found: Record<string, unknown> = {};
      for (const answer of answers) {
        await page.route('**/api/mail-change-cancel.php', (route) =>
          route.fulfill({ status: answer.status, json: answer.body }),
        );
        await page.goto('/mail-change/cancel?token=a11y');
        await page.getByRole('button', { name: 'Wijziging annuleren' }).click();
        await expect(page.getByRole('heading', { name: answer.heading })).toBeVisible();
        const problems = await violations(page);
        if (problems.length > 0) found[answer.heading] = problems;
        await page.unroute('**/api/mail-change-cancel.php');
      }
      expect(found).toEqual({});
    });

    test('member pages have no serious accessibility problems', async ({ page }) => {
      // a dozen screens, each loaded and scanned
      test.setTimeout(120_000);
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
      // profile pages of demo members: with photos (some locked for this free member), and a
      // chat pal's with its label; then the complaint form about one of them
      const matches = (await (await page.request.get('/api/signup-matches.php')).json()) as {
        profiles: { id: number; fictional: boolean }[];
      };
      const shown = [
        matches.profiles.find((p) => !p.fictional),
        matches.profiles.find((p) => p.fictional),
      ].filter((p) => p !== undefined);
      expect(shown.length).toBeGreaterThan(0);
      for (const profile of shown) {
        const path = `/members/${profile.id}`;
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const problems = await violations(page);
        if (problems.length > 0) found[path] = problems;
      }
      await page.goto(`/complaints?about=member&member=${shown[0].id}`);
      await page.waitForLoadState('networkidle');
      const complaint = await violations(page);
      if (complaint.length > 0) found['/complaints (about a member)'] = complaint;
      // the deletion form with its password field sits behind the alternatives
      await page.goto('/account/delete');
      await page.getByRole('button', { name: 'Toch verwijderen' }).click();
      await expect(page.getByLabel('Huidig wachtwoord')).toBeVisible();
      const deletion = await violations(page);
      if (deletion.length > 0) found['/account/delete (reason form)'] = deletion;
      // the same profile page as a visitor sees it (login-required messages, locked photos)
      await page.request.get('/api/logout.php', { headers: { 'X-Request-Type': 'client' } });
      await page.goto(`/members/${shown[0].id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const visitor = await violations(page);
      if (visitor.length > 0) found[`/members/${shown[0].id} (visitor)`] = visitor;
      expect(found).toEqual({});
    });
  });
}
