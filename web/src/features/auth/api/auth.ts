/**
 * The auth feature's calls: login and the activation mail (the signup call is the signup form's:
 * components/signup/api/signup.ts). Login is tried once (the client retries no POST without a
 * key): a second attempt is the visitor's choice. The activation mail carries an Idempotency-Key, so a retry
 * after a lost answer does not send a second mail.
 */
import type {
  ActivationMailRequest,
  EmailResponse,
  LoggedInResponse,
  LoginRequest,
} from '@app/contract';
import { apiRequest, newIdempotencyKey } from '../../../api/client';

/** POST /api/user.php; 401 login_failed, 429 login_blocked (with `minutes`). */
export function login(body: LoginRequest): Promise<LoggedInResponse> {
  return apiRequest<LoggedInResponse>('user', { method: 'POST', body });
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
