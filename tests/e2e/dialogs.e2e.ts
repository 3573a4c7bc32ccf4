/**
 * Dialogs for everyone (issue 39, item 2): every dialog a visitor and a member can reach, opened
 * by keyboard. Each one, open, at phone and desktop widths: a modal dialog (the page behind it
 * inert: nothing there takes the focus), the focus inside it, Tab and Shift+Tab going round
 * inside it in document order, no serious axe problem; then closed as it closes (Escape, or its
 * own button), and the focus back on what opened it. The journeys run once, at a desktop's width,
 * and look at each open dialog at both widths; where the widths differ (signup: a modal on a
 * desktop, the page on a phone) each is checked.
 *
 * The dialogs: a visitor's like popup (the public entry, Preact), signup (desktop; a phone gets
 * the page), login-required on a member's profile, and the adults-only warning (answered, never
 * dismissed); a member's gift picker, insufficient credits, premium only, openers and removing a
 * conversation in the chat; the new-like and match modals; a profile's gift picker, blocking and
 * the photo lightbox; unblocking and log-out-everywhere in the settings; the crop step and
 * deleting a photo in the profile editor; the time bonus. (The staff console's action dialogs
 * are the same Modal: admin-members.e2e.ts and admin-refunds.e2e.ts use them.)
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { atBothWidths, DESKTOP, violations, WIDTHS, type Width } from './axe.js';
import { entryWarning, skipEntryWarning } from './entry-warning.js';
import { enter, loggedInApi } from './members.js';
import { seedE2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });
const base = () => `http://localhost:${process.env.E2E_PORT ?? 3100}`;

interface DialogCheck {
  /** Saved as screenshots/dialogs-<shot>-<phone|desktop>.png; the axe problems under this name. */
  shot: string;
  /** The accessible name of what has the focus on opening. */
  first?: string | RegExp;
  /** The Tab order round the dialog from that first one, by accessible names. */
  order?: (string | RegExp)[];
  /** How it is closed here: Escape, or its button of this name (by keyboard). */
  close: 'Escape' | string;
  /** What opened it and gets the focus back; null: it opened by itself (a timer, an answer). */
  opener: Locator | null;
}

/** Where the focus is, seen from the dialog: its place among the dialog's elements, its name. */
function focusIn(dialog: Locator) {
  return dialog.evaluate((element) => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === element || !element.contains(active)) {
      return { index: -1, name: active?.outerHTML.slice(0, 120) ?? 'nothing' };
    }
    const label = (active as HTMLInputElement).labels?.[0]?.textContent;
    const name = active.getAttribute('aria-label') ?? label ?? active.textContent ?? '';
    return {
      index: [...element.querySelectorAll('*')].indexOf(active),
      name: name.replace(/\s+/g, ' ').trim(),
    };
  });
}

/**
 * Checks an open dialog as the file's comment says, at both widths, then closes it (at the
 * width the journey runs at); returns its axe problems.
 */
async function checkDialog(page: Page, dialog: Locator, check: DialogCheck): Promise<unknown[]> {
  const problems: unknown[] = [];
  await atBothWidths(page, async (width) => {
    problems.push(...(await checkOpenDialog(page, dialog, check)));
    await page.screenshot({ path: path.join(shots, `dialogs-${check.shot}-${width.name}.png`) });
  });
  await closeDialog(page, dialog, check);
  return problems;
}

/**
 * The same at the page's width only, `width`: for a dialog that opens from what only this width
 * shows (on a phone /chats is the conversation list itself, on a desktop the list is beside it).
 */
async function checkDialogAt(
  width: Width,
  page: Page,
  dialog: Locator,
  check: DialogCheck,
): Promise<unknown[]> {
  const problems = await checkOpenDialog(page, dialog, check);
  await page.screenshot({ path: path.join(shots, `dialogs-${check.shot}-${width.name}.png`) });
  await closeDialog(page, dialog, check);
  return problems;
}

/** Closes the dialog as `check` says; the focus goes back to what opened it. */
async function closeDialog(page: Page, dialog: Locator, check: DialogCheck): Promise<void> {
  if (check.close === 'Escape') {
    await page.keyboard.press('Escape');
  } else {
    await dialog.getByRole('button', { name: check.close, exact: true }).focus();
    await page.keyboard.press('Enter');
  }
  await expect(dialog).toBeHidden();
  if (check.opener) await expect(check.opener).toBeFocused();
}

/**
 * An open dialog at the page's width: modal, the focus inside it on the expected control, Tab
 * and Shift+Tab going round inside it (the focus ends where it started); returns its axe problems.
 */
async function checkOpenDialog(
  page: Page,
  dialog: Locator,
  check: DialogCheck,
): Promise<unknown[]> {
  await expect(dialog).toBeVisible();
  // the browser's modal dialog (the site-entry warning makes the page inert itself)
  if ((await dialog.evaluate((element) => element.tagName)) === 'DIALOG') {
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  }
  // nothing behind it takes the focus
  const behind = await dialog.evaluate((element) => {
    const outside = [
      ...document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input'),
    ].filter((candidate) => !element.contains(candidate) && !candidate.closest('dialog'));
    const reached = outside.filter((candidate) => {
      candidate.focus();
      return document.activeElement === candidate;
    });
    return { outside: outside.length, reached: reached.map((e) => e.outerHTML.slice(0, 100)) };
  });
  expect(behind.outside).toBeGreaterThan(0);
  expect(behind.reached).toEqual([]);

  // the focus inside, on the expected control
  await expect.poll(async () => (await focusIn(dialog)).index).toBeGreaterThanOrEqual(0);
  const start = await focusIn(dialog);
  if (check.first !== undefined) expect(start.name).toMatch(check.first);

  // Tab goes round inside it, in document order, back to where it started
  const names = [start.name];
  const places = [start.index];
  let previous = start.index;
  let wraps = 0;
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const now = await focusIn(dialog);
    expect(
      now.index,
      `Tab from "${names.at(-1)}" left the dialog for ${now.name}`,
    ).toBeGreaterThanOrEqual(0);
    if (now.index <= previous) wraps += 1;
    previous = now.index;
    if (now.index === start.index) break;
    names.push(now.name);
    places.push(now.index);
  }
  expect(previous, `Tab never came back round to "${start.name}"`).toBe(start.index);
  expect(wraps).toBe(1);
  if (check.order) {
    expect(names).toHaveLength(check.order.length);
    check.order.forEach((name, i) => expect(names[i]).toMatch(name));
  }
  // and Shift+Tab goes the other way round
  await page.keyboard.press('Shift+Tab');
  expect((await focusIn(dialog)).index).toBe(places.at(-1));
  await page.keyboard.press('Tab');
  expect((await focusIn(dialog)).index).toBe(start.index);

  return violations(page);
}

/** Opens with the keyboard: the focus on the control, then Enter. */
async function press(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

async function sendOverApi(page: Page, member: number, text: string) {
  const res = await page.request.post('/api/message.php', {
    headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
    data: { type: 'text', text, member },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { message: { conversation_id: number } }).message.conversation_id;
}

function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1200, channels: 3, background: '#d98b5f' } })
    .jpeg()
    .toBuffer();
}

// the journeys run once, at a desktop's width; checkDialog looks at each open dialog at both
// widths (375 and 1280 px)
const viewport = { width: DESKTOP.width, height: DESKTOP.height };

test.describe('dialogs by keyboard', () => {
  test.use({ viewport });

  test("a visitor's dialogs: the like popup, signup, login required, and the adults-only warning", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const member = await seedE2eMember({ name: 'Lotte', country: 'NL', city: 'Utrecht' });
    const found: Record<string, unknown[]> = {};
    const keep = (name: string, problems: unknown[]) => {
      if (problems.length > 0) found[name] = problems;
    };
    const context = await browser.newContext({ viewport });
    await skipEntryWarning(context);
    const page = await context.newPage();

    // the like popup on the home page: the public entry (Preact), opened by itself
    await page.goto('/?t=0');
    const popup = page.getByRole('dialog', { name: 'Iemand voor jou?' });
    keep(
      'like popup',
      await checkDialog(page, popup, {
        shot: 'like-popup',
        first: 'Sluiten',
        close: 'Escape',
        opener: null,
      }),
    );

    // signup: a modal on a desktop (the home page's link keeps the focus for its return) ...
    const signup = page.getByRole('link', { name: 'Meld je gratis aan' }).first();
    await press(signup);
    keep(
      'signup',
      await checkDialog(page, page.getByRole('dialog', { name: 'Gratis aanmelden' }), {
        shot: 'signup',
        first: 'Sluiten',
        close: 'Escape',
        opener: signup,
      }),
    );
    // ... the page on a phone
    await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
    await page.goto('/');
    await press(signup);
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('group', { name: 'Ik ben een' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize(viewport);

    // what needs an account, on a member's profile
    await page.goto(`/members/${member.profileId}`);
    const like = page.getByRole('button', { name: 'Liken' });
    await press(like);
    keep(
      'login required',
      await checkDialog(page, page.getByRole('dialog', { name: 'Log in om verder te gaan' }), {
        shot: 'login-required',
        first: 'Sluiten',
        order: ['Sluiten', 'Inloggen', 'Gratis aanmelden'],
        close: 'Escape',
        opener: like,
      }),
    );
    await context.close();

    // the adults-only warning: the focus on its answer, Tab round its three links, and no way
    // out but an answer (Escape leaves it open)
    const fresh = await browser.newContext({
      viewport,
      extraHTTPHeaders: { 'cf-ipcountry': 'NL' },
    });
    const visitor = await fresh.newPage();
    await visitor.goto('/landers/gallery');
    const warning = entryWarning(visitor);
    await expect(warning.getByRole('button', { name: 'Ik ben 18+, ga verder' })).toBeFocused();
    await visitor.keyboard.press('Escape');
    await expect(warning).toBeVisible();
    keep(
      'site entry',
      await checkDialog(visitor, warning, {
        shot: 'site-entry',
        first: 'Ik ben 18+, ga verder',
        order: ['Ik ben 18+, ga verder', /verlaat de site/, 'Algemene voorwaarden lezen'],
        close: 'Ik ben 18+, ga verder',
        opener: null,
      }),
    );
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await fresh.close();
    expect(found).toEqual({});
  });

  test("a member's chat dialogs: gifts, insufficient credits, premium only, openers, removing a conversation", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const member = await seedE2eMember({ name: 'Sanne', credits: 500, paidUser: true });
    const mila = await seedE2eMember({ name: 'Mila' });
    const noor = await seedE2eMember({ name: 'Noor' });
    const found: Record<string, unknown[]> = {};
    const keep = (name: string, problems: unknown[]) => {
      if (problems.length > 0) found[name] = problems;
    };
    await enter(page, member);
    const conversation = await sendOverApi(page, mila.profileId, 'Hoi Mila!');
    await page.goto(`/chats/${conversation}`);
    await expect(page.getByTestId('message')).toHaveCount(1);

    const gifts = page.getByRole('button', { name: 'Cadeau sturen' });
    await press(gifts);
    const picker = page.getByRole('dialog', { name: 'Een cadeau voor Mila' });
    await expect(picker.getByTestId('gift-rose')).toBeVisible();
    keep(
      'gift picker',
      await checkDialog(page, picker, {
        shot: 'gifts',
        first: 'Sluiten',
        close: 'Escape',
        opener: gifts,
      }),
    );

    // the refusals, as the server answers them: Enter in the text box sends
    const composer = page.getByRole('textbox', { name: 'Bericht' });
    for (const [status, error, title, order, close] of [
      [
        402,
        'insufficient_credits',
        'Niet genoeg credits',
        ['Sluiten', 'Later', 'Credits kopen'],
        'Later',
      ],
      [
        403,
        'premium_only',
        'Alleen voor premium leden',
        ['Sluiten', 'Later', /Word premium/],
        'Escape',
      ],
    ] as const) {
      await page.route('**/api/message.php', (route) =>
        route.fulfill({ status, json: { error, message: error } }),
      );
      await composer.fill('Nog een bericht');
      await composer.press('Enter');
      keep(
        error,
        await checkDialog(page, page.getByRole('dialog', { name: title }), {
          shot: error,
          first: 'Sluiten',
          order: [...order],
          close,
          opener: composer,
        }),
      );
      await page.unroute('**/api/message.php');
    }

    // the openers of an empty conversation
    await page.goto(`/members/${noor.profileId}/chat`);
    const openers = page.getByRole('button', { name: 'Openingszin kiezen' }).first();
    await press(openers);
    const ideas = page.getByRole('dialog', { name: 'Ideeën voor een openingszin' });
    await expect(ideas.getByRole('listitem').first()).toBeVisible();
    keep(
      'icebreakers',
      await checkDialog(page, ideas, {
        shot: 'icebreakers',
        first: 'Sluiten',
        close: 'Escape',
        opener: openers,
      }),
    );

    // removing a conversation asks first, from the list each width shows (on a phone /chats is
    // the list itself, on a desktop the list is beside the page)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width: width.width, height: width.height });
      await page.goto('/chats');
      const list = page.getByTestId('conversation-list').filter({ visible: true });
      const remove = list.getByRole('button', { name: 'Gesprek met Mila verwijderen' });
      const asked = page.getByRole('dialog', { name: 'Gesprek verwijderen?' });
      await press(remove);
      keep(
        `remove conversation (${width.name})`,
        await checkDialogAt(width, page, asked, {
          shot: 'remove-conversation',
          first: 'Sluiten',
          order: ['Sluiten', 'Annuleren', 'Verwijderen'],
          close: 'Annuleren',
          opener: remove,
        }),
      );
      await expect(list.getByTestId('conversation-entry')).toHaveCount(1);
    }
    expect(found).toEqual({});
  });

  test("a member's other dialogs: new like and match, a profile's gifts, block and photos, the settings' unblock and log out everywhere, the photo editor's crop and delete", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const eva = await seedE2eMember({
      name: 'Eva',
      gender: 'female',
      seekingGender: 'male',
      credits: 100,
      paidUser: true,
    });
    const daan = await seedE2eMember({ name: 'Daan', gender: 'male', seekingGender: 'female' });
    const found: Record<string, unknown[]> = {};
    const keep = (name: string, problems: unknown[]) => {
      if (problems.length > 0) found[name] = problems;
    };
    // Daan likes Eva: entering the members area, she is told, once a session
    const daanApi = await loggedInApi(base(), daan);
    expect((await daanApi.post('/api/like.php', { data: { member: eva.profileId } })).ok()).toBe(
      true,
    );
    await daanApi.dispose();
    await enter(page, eva);
    const newLike = page.getByRole('dialog', { name: 'Je hebt een nieuwe like!' });
    keep(
      'new like',
      await checkDialog(page, newLike, {
        shot: 'new-like',
        first: 'Bekijk het profiel van Daan',
        close: 'Escape',
        opener: null,
      }),
    );

    // she likes him back from his profile: a match
    await page.goto(`/members/${daan.profileId}`);
    await press(page.getByRole('button', { name: 'Liken' }));
    keep(
      'match',
      await checkDialog(page, page.getByRole('dialog', { name: 'Het is een match!' }), {
        shot: 'match',
        first: 'Bekijk het profiel van Daan',
        order: ['Bekijk het profiel van Daan', 'Sluiten', 'Profielfoto van Daan'],
        close: 'Sluiten',
        opener: page.getByRole('button', { name: 'Like intrekken' }),
      }),
    );

    // the profile's gift button
    const gift = page.getByRole('button', { name: 'Cadeau sturen' });
    await press(gift);
    const picker = page.getByRole('dialog', { name: 'Een cadeau voor Daan' });
    await expect(picker.getByTestId('gift-rose')).toBeVisible();
    keep(
      'profile gifts',
      await checkDialog(page, picker, {
        shot: 'profile-gifts',
        first: 'Sluiten',
        close: 'Escape',
        opener: gift,
      }),
    );

    // blocking asks first; asked again and confirmed, then undone from the settings
    const block = page.getByRole('button', { name: 'Blokkeren' });
    await press(block);
    const asked = page.getByRole('dialog', { name: 'Daan blokkeren?' });
    keep(
      'block',
      await checkDialog(page, asked, {
        shot: 'block',
        first: 'Sluiten',
        order: ['Sluiten', 'Annuleren', 'Ja, blokkeren'],
        close: 'Annuleren',
        opener: block,
      }),
    );
    await press(block);
    await press(asked.getByRole('button', { name: 'Ja, blokkeren' }));
    await expect(asked).toBeHidden();
    await expect(page.getByRole('button', { name: 'Deblokkeren' })).toBeVisible();

    await page.goto('/account');
    const unblock = page.getByRole('button', { name: 'Daan deblokkeren' });
    await press(unblock);
    keep(
      'unblock',
      await checkDialog(page, page.getByRole('dialog', { name: 'Daan deblokkeren?' }), {
        shot: 'unblock',
        first: 'Sluiten',
        order: ['Sluiten', 'Annuleren', 'Ja, deblokkeren'],
        close: 'Escape',
        opener: unblock,
      }),
    );
    const everywhere = page.getByRole('button', { name: 'Overal uitloggen' }).first();
    await press(everywhere);
    keep(
      'log out everywhere',
      await checkDialog(page, page.getByRole('dialog', { name: 'Overal uitloggen?' }), {
        shot: 'logout-everywhere',
        first: 'Sluiten',
        order: ['Sluiten', 'Annuleren', 'Overal uitloggen'],
        close: 'Escape',
        opener: everywhere,
      }),
    );

    // a photo at full size: a member with a main photo, from the search
    const search = await page.request.get('/api/search.php?with_photo=1', {
      headers: { 'X-Request-Type': 'client' },
    });
    expect(search.status()).toBe(200);
    const withPhoto = (
      (await search.json()) as { profiles: { id: number; name: string; main_image: unknown }[] }
    ).profiles.find((profile) => profile.main_image !== null);
    expect(withPhoto).toBeDefined();
    await page.goto(`/members/${withPhoto!.id}`);
    const enlarge = page.getByRole('button', {
      name: `Profielfoto van ${withPhoto!.name} vergroten`,
    });
    await press(enlarge);
    keep(
      'lightbox',
      await checkDialog(page, page.getByRole('dialog', { name: `Foto's van ${withPhoto!.name}` }), {
        shot: 'lightbox',
        first: 'Sluiten',
        close: 'Escape',
        opener: enlarge,
      }),
    );

    // the profile editor: the crop step of a chosen photo, and deleting one
    await page.goto('/profile');
    const input = page.getByTestId('photo-input');
    const choose = async () => {
      await input.focus();
      await input.setInputFiles({
        name: 'zee.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(),
      });
    };
    await choose();
    const step = page.getByRole('dialog', { name: 'Foto bijsnijden' });
    await expect(step.getByRole('group', { name: 'Uitsnede' })).toBeVisible();
    keep(
      'crop',
      await checkDialog(page, step, {
        shot: 'crop',
        // the crop area, once the photo is in: the arrow keys move it
        first: 'Uitsnede',
        close: 'Escape',
        opener: input,
      }),
    );
    await choose();
    await expect(step.getByRole('group', { name: 'Uitsnede' })).toBeVisible();
    await press(step.getByRole('button', { name: 'Zonder bijsnijden uploaden' }));
    await expect(step).toHaveCount(0);
    await expect(page.getByTestId('own-photo')).toHaveCount(1);
    const remove = page.getByRole('button', { name: 'Foto verwijderen' });
    await press(remove);
    keep(
      'delete photo',
      await checkDialog(page, page.getByRole('dialog', { name: 'Foto verwijderen?' }), {
        shot: 'delete-photo',
        first: 'Sluiten',
        order: ['Sluiten', 'Annuleren', 'Ja, verwijderen'],
        close: 'Escape',
        opener: remove,
      }),
    );
    expect(found).toEqual({});
  });

  test("a new member's time bonus modal, 40 seconds into the members area", async ({ page }) => {
    const member = await seedE2eMember({ country: 'NL' });
    await page.clock.install();
    await enter(page, member);
    await expect(page.getByTestId('time-bonus-countdown')).toBeVisible();
    await page.clock.fastForward(41_000);
    const problems = await checkDialog(page, page.getByRole('dialog', { name: 'Welkomstbonus' }), {
      shot: 'time-bonus',
      first: 'Sluiten',
      close: 'Escape',
      opener: null,
    });
    expect(problems).toEqual([]);
  });
});
