/**
 * Members in the journeys: logged in through the login form in a browser context of their own,
 * or through POST /api/user.php in an API context (a member who acts without a screen), and
 * writing through the API.
 */
import {
  expect,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ChatMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@app/contract';
import { postLogin } from './challenge.js';
import type { E2eMember } from './seed.js';

/** Any page but the login form (an unconfirmed member, say, does not land in the members area). */
export const OFF_LOGIN = /^(?!.*\/login)/;

/** The navigation's menu (collapsed behind the toggler on a phone). */
export async function openMenu(page: Page): Promise<void> {
  const toggler = page.getByRole('button', { name: 'Menu openen of sluiten' });
  if (await toggler.isVisible()) await toggler.click();
}

/** Logs in through the login form and waits until the member lands (default: /members). */
export async function logIn(
  page: Page,
  member: Pick<E2eMember, 'email' | 'password'>,
  landing: RegExp = /\/members/,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill(member.password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(landing);
}

/**
 * Logs in through POST /api/user.php in the page's own cookie jar and opens the members area:
 * for journeys about something else (the login form has journeys of its own, accounts.e2e.ts).
 * A form login costs a page load and three actions more, seconds on a busy machine.
 */
export async function enter(
  page: Page,
  member: Pick<E2eMember, 'email' | 'password'>,
  path = '/members',
): Promise<void> {
  const login = await postLogin(page.request, member);
  expect(login.status()).toBe(200);
  await page.goto(path);
}

/**
 * A browser context of its own (a viewport, another site address...) with the member logged in
 * and in the members area; with `landing`, through the login form, waiting for that address
 * (an unconfirmed member, say, lands elsewhere).
 */
export async function loggedInPage(
  browser: Browser,
  member: Pick<E2eMember, 'email' | 'password'>,
  options: BrowserContextOptions,
  landing?: RegExp,
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (landing) await logIn(page, member, landing);
  else await enter(page, member);
  return { context, page };
}

/** An API context of the site at `base` with the member's session (client requests). */
export async function loggedInApi(
  base: string,
  member: Pick<E2eMember, 'email' | 'password'>,
): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { 'X-Request-Type': 'client' },
  });
  const login = await postLogin(api, member);
  expect(login.status()).toBe(200);
  return api;
}

/** A member logged in through the API at `base`: the context and the session's cookie line. */
export async function loggedInWithCookie(
  base: string,
  member: Pick<E2eMember, 'email' | 'password'>,
): Promise<{ api: APIRequestContext; cookie: string }> {
  const api = await loggedInApi(base, member);
  const { cookies } = await api.storageState();
  return { api, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

export type MemberSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A real socket.io client of a member (the session's cookie line) on the site at `base`,
 * WebSocket only as the web app connects, without reconnecting; `listen` adds its listeners
 * before the connection opens. Resolves once connected.
 */
export async function memberSocket(
  base: string,
  cookie: string,
  listen: (socket: MemberSocket) => void = () => {},
): Promise<MemberSocket> {
  const socket: MemberSocket = io(base, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  listen(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** POST /api/message.php: a text with a fresh Idempotency-Key; the message as the sender has it. */
export async function sendText(
  api: APIRequestContext,
  to: { member: number } | { conversation: number },
  text: string,
): Promise<ChatMessage> {
  const res = await api.post('/api/message.php', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { type: 'text', text, ...to },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { message: ChatMessage }).message;
}
