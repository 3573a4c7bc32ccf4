/**
 * POST /api/signup.php -> 201 with the new (not yet confirmed, logged-in) user. Tried once (the
 * client retries no POST without a key): a second attempt is the visitor's choice.
 */
import type { LoggedInResponse, SignupRequest } from '@app/contract';
import { apiRequest } from '../../../api/client';

export function signup(body: SignupRequest): Promise<LoggedInResponse> {
  return apiRequest<LoggedInResponse>('signup', { method: 'POST', body });
}
