/**
 * The account calls: login, signup and the activation mail (server contract of the account
 * screens). Login and signup are tried once (the client retries no POST without a key): a second
 * attempt is the visitor's choice. The activation mail carries an Idempotency-Key, so a retry
 * after a lost answer does not send a second mail.
 */
import type {
  ActivationMailRequest,
  EmailResponse,
  LoggedInResponse,
  LoginRequest,
  SignupRequest,
} from '@app/contract';
import { apiRequest, newIdempotencyKey } from './client';

/** POST /api/user.php; 401 login_failed, 429 login_blocked (with `minutes`). */
export function login(body: LoginRequest): Promise<LoggedInResponse> {
  return apiRequest<LoggedInResponse>('user', { method: 'POST', body });
}

/** POST /api/signup.php -> 201 with the new (not yet confirmed, logged-in) user. */
export function signup(body: SignupRequest): Promise<LoggedInResponse> {
  return apiRequest<LoggedInResponse>('signup', { method: 'POST', body });
}

/** POST /api/activation-mail.php: resend, or with `email` correct the address first. */
export function sendActivationMail(email?: string): Promise<EmailResponse> {
  const body: ActivationMailRequest = email ? { email } : {};
  return apiRequest<EmailResponse>('activation-mail', {
    method: 'POST',
    body,
    idempotencyKey: newIdempotencyKey(),
  });
}
