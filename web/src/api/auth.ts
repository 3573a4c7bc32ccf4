/**
 * The account calls: login, signup and the activation mail (server contract of the account
 * screens). Login and signup are tried once (the client retries no POST without a key): a second
 * attempt is the visitor's choice. The activation mail carries an Idempotency-Key, so a retry
 * after a lost answer does not send a second mail.
 */
import { apiRequest } from './client';
import type { UserResponse } from './user';

export interface LoginBody {
  email: string;
  password: string;
}

/** POST /api/user.php; 401 login_failed, 429 login_blocked (with `minutes`). */
export function login(body: LoginBody): Promise<UserResponse> {
  return apiRequest<UserResponse>('user', { method: 'POST', body });
}

export type Gender = 'male' | 'female';

export interface TrackingData {
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
  invite?: string;
}

export interface SignupBody extends TrackingData {
  email: string;
  name: string;
  password: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  gender: Gender;
  seeking_gender: Gender;
  signup_message?: string;
  accept_terms: true;
  accept_fictional: true;
}

/** POST /api/signup.php -> 201 with the new (not yet confirmed, logged-in) user. */
export function signup(body: SignupBody): Promise<UserResponse> {
  return apiRequest<UserResponse>('signup', { method: 'POST', body });
}

export interface ActivationMailResponse {
  email: string;
}

/** POST /api/activation-mail.php: resend, or with `email` correct the address first. */
export function sendActivationMail(email?: string): Promise<ActivationMailResponse> {
  return apiRequest<ActivationMailResponse>('activation-mail', {
    method: 'POST',
    body: email ? { email } : {},
    idempotent: true,
  });
}
