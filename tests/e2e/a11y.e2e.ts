import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { settled, violations } from './axe.js';
import { seedE2eMember } from './seed.js';
import { postLogin } from './challenge.js';

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
  '/pricing',
  '/premium',
  '/no/such/page',
];
const MEMBER_PAGES = [
  '/notifications',
  '/account',
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
        await settled(page);
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

    test('the payment screens have no serious accessibility problems in any state', async ({
      page,
    }) => {
      // about twenty screens and states, each loaded and scanned
      test.setTimeout(300_000);
      const member = await seedE2eMember({ country: 'NL' });
      await page.clock.install();
      const login = await postLogin(page.request, member);
      expect(login.status()).toBe(200);
      const found: Record<string, unknown> = {};
      const scan = async (name: string) => {
        await settled(page);
        const problems = await violations(page);
        if (problems.length > 0) found[name] = problems;
      };
      const visit = async (path: string, ready?: string) => {
        await page.goto(path);
        if (ready) await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
        await scan(path);
      };
      const packages = (await (await page.request.get('/api/packages.php')).json()) as {
        packages: { id: number; slug: string }[];
      };
      const tryout = packages.packages.find((p) => p.slug === 'tryout')!.id;

      // the members area with the time bonus banner, and its modal 40 seconds in
      await page.goto('/members');
      await expect(page.getByTestId('time-bonus-countdown')).toBeVisible();
      await page.clock.fastForward(41_000);
      await expect(page.getByRole('dialog')).toContainText('25%');
      await scan('/members (time bonus modal)');
      await page.getByRole('dialog').getByRole('button', { name: 'Sluiten' }).click();

      await visit('/premium', 'Word premium');
      await visit('/pricing', 'Prijzen');
      await visit('/credits', 'Credits kopen');
      await visit(`/credits/${tryout}`, 'Betalen');
      await visit('/credits/repeat-order', 'Bestelling herhalen');
      await visit('/transactions', 'Transacties');
      await visit(`/directdebit?package=${tryout}`, 'Automatische incasso');
      // the direct debit form's errors, then its SMS code step
      await page.getByRole('button', { name: 'Stuur mij de sms-code' }).click();
      await expect(page.getByText('Ongeldig IBAN-nummer.')).toBeVisible();
      await scan('/directdebit (errors)');
      await page.getByLabel('Naam rekeninghouder').fill('Sanne de Vries');
      await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
      await page.getByLabel('Straat').fill('Oudegracht');
      await page.getByLabel('Huisnummer').fill('12');
      await page.getByLabel('Postcode').fill('3511 AB');
      await page.getByLabel('Plaats').fill('Utrecht');
      await page.getByLabel(/Ik machtig Vonkje/).check();
      await page.getByLabel(/levering direct begint/).check();
      // a number of a country the site does not serve is refused at the phone field
      await page.getByLabel('Mobiel nummer').fill('+44 7911 123456');
      await page.getByRole('button', { name: 'Stuur mij de sms-code' }).click();
      await expect(page.getByLabel('Mobiel nummer')).toHaveAccessibleDescription(
        /Vul een mobiel nummer in uit Nederland/,
      );
      await scan('/directdebit (phone of another country)');
      await page.screenshot({
        path: `test-results/a11y-directdebit-phone-${viewport.name}.png`,
        fullPage: true,
      });
      await page.getByLabel('Mobiel nummer').fill('0612345678');
      await page.getByRole('button', { name: 'Stuur mij de sms-code' }).click();
      await expect(page.getByLabel('Sms-code')).toBeVisible();
      await scan('/directdebit (code)');

      // a payment in each state, through the sandbox's checkout page
      const pay = async (method: string, outcome: string, remember = false) => {
        const res = await page.request.post('/api/payment.php', {
          headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
          data: {
            package: tryout,
            method,
            delivery_consent: true,
            ...(remember ? { remember: true } : {}),
          },
        });
        const { payment } = (await res.json()) as {
          payment: { payment_id: string; checkout_url: string };
        };
        const checkout = new URL(payment.checkout_url).pathname;
        if (outcome !== 'open') await page.request.post(checkout, { form: { action: outcome } });
        return { id: payment.payment_id, checkout, method };
      };
      const open = await pay('ideal', 'open');
      await visit(open.checkout, 'Betalen aan Vonkje');
      await visit(`/credits/${tryout}/ideal?payment=${open.id}`, 'Betaling in behandeling');
      const failed = await pay('creditcard', 'failed');
      await visit(`/credits/${tryout}/creditcard?payment=${failed.id}`, 'Betaling mislukt');
      const cancelled = await pay('paypal', 'canceled');
      await visit(`/credits/${tryout}/paypal?payment=${cancelled.id}`, 'Betaling geannuleerd');
      const paid = await pay('creditcard', 'paid', true);
      await visit(`/credits/${tryout}/creditcard?payment=${paid.id}`, 'Betaling gelukt');
      await visit(paid.checkout, 'Betalen aan Vonkje');
      await visit('/transactions', 'Transacties');
      await visit(`/transactions/${paid.id}`, 'Factuur');
      await visit(`/transactions/${failed.id}`, 'Transactie');
      await visit('/credits/repeat-order', 'Bestelling herhalen');
      expect(found).toEqual({});
    });

    test('member pages have no serious accessibility problems', async ({ page }) => {
      // a dozen screens, each loaded and scanned
      test.setTimeout(240_000);
      const login = await postLogin(page.request, {
        email: 'demo@vonkje.test',
        password: 'demo1234',
      });
      expect(login.status()).toBe(200);
      const found: Record<string, unknown> = {};
      for (const path of MEMBER_PAGES) {
        await page.goto(path);
        await settled(page);
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
        await settled(page);
        const problems = await violations(page);
        if (problems.length > 0) found[path] = problems;
      }
      await page.goto(`/complaints?about=member&member=${shown[0].id}`);
      await settled(page);
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
      await settled(page);
      const visitor = await violations(page);
      if (visitor.length > 0) found[`/members/${shown[0].id} (visitor)`] = visitor;
      expect(found).toEqual({});
    });

    test('the chat screens have no serious accessibility problems, with messages and modals open', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const member = await seedE2eMember({ name: 'Sanne', credits: 500, paidUser: true });
      const pal = await seedE2eMember({ name: 'Mila', fictional: true });
      const fresh = await seedE2eMember({ name: 'Noor' });
      const login = await postLogin(page.request, member);
      expect(login.status()).toBe(200);
      const send = (data: Record<string, unknown>) =>
        page.request.post('/api/message.php', {
          headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
          data,
        });
      const first = await send({ type: 'text', member: pal.profileId, text: 'Hoi Mila!' });
      expect(first.status()).toBe(201);
      const conversation = ((await first.json()) as { message: { conversation_id: number } })
        .message.conversation_id;
      const gifts = (await (await page.request.get('/api/gifts.php')).json()) as {
        gifts: { id: number }[];
      };
      expect((await send({ type: 'gift', conversation, gift: gifts.gifts[0].id })).status()).toBe(
        201,
      );
      const photo = await page.request.post('/api/message-photo.php', {
        headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
        multipart: {
          conversation: String(conversation),
          photo: {
            name: 'zon.png',
            mimeType: 'image/png',
            buffer: Buffer.from(
              await page.evaluate(async () => {
                const canvas = document.createElement('canvas');
                canvas.width = 320;
                canvas.height = 240;
                const context = canvas.getContext('2d')!;
                context.fillStyle = '#e8a33d';
                context.fillRect(0, 0, 320, 240);
                const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b!)));
                return [...new Uint8Array(await blob.arrayBuffer())];
              }),
            ),
          },
        },
      });
      expect(photo.status()).toBe(201);

      const found: Record<string, unknown> = {};
      const scan = async (name: string) => {
        const problems = await violations(page);
        if (problems.length > 0) found[name] = problems;
      };
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/a11y-chat-${name}-${viewport.name}.png` });

      await page.goto('/chats');
      await expect(page.getByTestId('conversation-entry').filter({ visible: true })).toHaveCount(1);
      await scan('/chats');
      await page.goto(`/chats/${conversation}`);
      await expect(page.getByTestId('message')).toHaveCount(3);
      await expect(page.locator('[data-type="photo"] img')).toBeVisible();
      await shot('conversation');
      await scan(`/chats/${conversation}`);
      await page.getByRole('button', { name: 'Cadeau sturen' }).click();
      await expect(page.getByTestId('gift-rose')).toBeVisible();
      await shot('gifts');
      await scan('gift picker');
      await page.getByRole('dialog').getByRole('button', { name: 'Sluiten' }).click();
      // the refusals, as the server answers them
      for (const [status, error, title] of [
        [402, 'insufficient_credits', 'Niet genoeg credits'],
        [403, 'premium_only', 'Alleen voor premium leden'],
      ] as const) {
        await page.route('**/api/message.php', (route) =>
          route.fulfill({ status, json: { error, message: error } }),
        );
        await page.getByRole('textbox', { name: 'Bericht' }).fill('Nog een bericht');
        await page.getByRole('button', { name: 'Versturen', exact: true }).click();
        await expect(page.getByRole('dialog', { name: title })).toBeVisible();
        await shot(error);
        await scan(`${error} modal`);
        await page.getByRole('dialog').getByRole('button', { name: 'Later' }).click();
        await page.unroute('**/api/message.php');
      }
      await page.route('**/api/message.php', (route) =>
        route.fulfill({ status: 404, json: { error: 'not_found', message: 'Niet bereikbaar.' } }),
      );
      await page.getByRole('button', { name: 'Versturen', exact: true }).click();
      await expect(page.getByTestId('send-error')).toBeVisible();
      await scan('send error');
      await page.unroute('**/api/message.php');
      // an empty conversation with its openers
      await page.goto(`/members/${fresh.profileId}/chat`);
      await page.getByRole('button', { name: 'Openingszin kiezen' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Ideeën voor een openingszin' })).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
      await shot('icebreakers');
      await scan('icebreaker modal');
      expect(found).toEqual({});
    });
  });
}
