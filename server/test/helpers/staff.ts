import { generate } from 'otplib';
import { STAFF_COOKIE } from '@app/contract';
import type { StaffRole } from '../../src/generated/prisma/client';
import { PasswordHasher } from '../../src/auth';
import { StaffSessions } from '../../src/staff';
import { SecondFactor } from '../../src/staff/second-factor';
import type { TestApp } from './test-app';

export interface StaffAccount {
  id: number;
  email: string;
  password: string;
  roles: StaffRole[];
  /** The TOTP secret, when the account has enrolled its second factor. */
  secret: string | null;
}

let made = 0;

/** A staff account (no member profile); `enrolled` gives it a second factor already. */
export async function staffAccount(
  t: TestApp,
  roles: StaffRole[],
  options: { enrolled?: boolean; name?: string } = {},
): Promise<StaffAccount> {
  made += 1;
  const email = `staff${made}-${Date.now()}-${Math.random().toString(36).slice(2)}@staff.test`;
  const password = 'een-goed-staff-wachtwoord';
  const user = await t.prisma.user.create({
    data: {
      email,
      status: 'confirmed',
      confirmedAt: new Date(),
      roles,
      passwordHash: await t.app.get(PasswordHasher).hash(password),
    },
  });
  let secret: string | null = null;
  if (options.enrolled ?? true) {
    const factor = t.app.get(SecondFactor);
    secret = factor.newSecret();
    await t.prisma.staffSecondFactor.create({
      data: { userId: user.id, secret: factor.seal(secret) },
    });
  }
  return { id: user.id, email, password, roles, secret };
}

/** A staff session cookie (`ssid=...`) of a new account with these roles. */
export async function staffCookie(t: TestApp, roles: StaffRole[]): Promise<string> {
  const account = await staffAccount(t, roles);
  return cookieOf(account, t);
}

/** A staff session cookie of an account, begun directly (the sign-in itself has its own tests). */
export async function cookieOf(account: StaffAccount, t: TestApp): Promise<string> {
  const { token } = await t.app.get(StaffSessions).create(account.id, account.roles, {});
  return `${STAFF_COOKIE}=${token}`;
}

/** The authenticator's code of a secret now (or at `epoch` seconds). */
export function totp(secret: string, epoch?: number): Promise<string> {
  return generate({ secret, ...(epoch === undefined ? {} : { epoch }) });
}

/** The whole sign-in over HTTP: password, then the code; the `ssid` cookie it set. */
export async function signIn(t: TestApp, account: StaffAccount): Promise<string> {
  const first = await t
    .http()
    .post('/api/staff/login')
    .set('X-Request-Type', 'client')
    .send({ email: account.email, password: account.password })
    .expect(200);
  const code = await totp(account.secret!);
  const second = await t
    .http()
    .post('/api/staff/login-code')
    .set('X-Request-Type', 'client')
    .send({ challenge: first.body.challenge, code })
    .expect(200);
  const cookies = second.headers['set-cookie'] as unknown as string[];
  return cookies.find((c) => c.startsWith(`${STAFF_COOKIE}=`))!.split(';')[0];
}
