import { expect, test } from '@playwright/test';

test('an unknown address answers HTTP 404 and shows the app’s 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Deze pagina bestaat niet (meer) of is verplaatst.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('a public page’s head carries its description, canonical and language alternates', async ({
  page,
  baseURL,
}) => {
  const response = await page.goto('/terms');
  expect(response?.status()).toBe(200);
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveAttribute('content', /algemene voorwaarden van Vonkje/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/terms`);
  await expect(page.locator('link[hreflang="de"]')).toHaveAttribute(
    'href',
    `${baseURL}/terms?lang=de`,
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test('a ?lang= address shows the site in that language and remembers it', async ({
  page,
  context,
}) => {
  await page.goto('/terms?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'AGB' }).first()).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('de');
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('robots.txt and sitemap.xml are the server’s, not the app', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  expect(await sitemap.text()).toContain(`<loc>${baseURL}/terms</loc>`);
});
