import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from '@playwright/test';
import { generate } from 'otplib';
import { seedE2eMember, type E2eMember } from './seed.js';

export interface E2eStaff extends E2eMember {
  /** The TOTP secret its first sign-in enrolled. */
  secret: string;
}

/**
 * A staff account of these roles, signed in to the console's API in a browser context of its
 * own (`options`: a viewport...): the password, then (first sign-in) the enrollment of its
 * second factor with a code computed from the secret the server showed. The context's pages are
 * signed in to the console too.
 */
export async function staffApi(
  browser: Browser,
  roles: ('admin' | 'moderator' | 'operator')[],
  options: BrowserContextOptions = {},
): Promise<{ api: APIRequestContext; staff: E2eStaff; context: BrowserContext }> {
  const account = await seedE2eMember({ roles });
  const context = await browser.newContext(options);
  const secret = await staffSignIn(context.request, account);
  return { api: context.request, staff: { ...account, secret }, context };
}

/**
 * Signs a staff account in to the console's API of `request` (a browser context's: its pages
 * are signed in too) on its first sign-in: the password, then the enrollment of its second
 * factor with a code computed from the secret the server showed. Returns that secret.
 */
export async function staffSignIn(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  const headers = { 'X-Request-Type': 'client' };
  const first = await request.post('/api/staff/login', {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(first.status()).toBe(200);
  const { challenge, enroll } = (await first.json()) as {
    challenge: string;
    enroll: { secret: string };
  };
  const signedIn = await request.post('/api/staff/login-code', {
    headers,
    data: { challenge, code: await generate({ secret: enroll.secret }) },
  });
  expect(signedIn.status()).toBe(200);
  return enroll.secret;
}
