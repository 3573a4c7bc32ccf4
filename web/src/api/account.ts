/**
 * Account management calls: password reset, password and e-mail change, account deletion.
 * They change state, so the client tries each once, except the two that send a mail and carry
 * an Idempotency-Key (reset-password.php, mail-change.php): the server answers a repeated key
 * with its first answer, so a retry after a lost answer sends no second mail.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  DeleteAccountRequest,
  DeleteAccountResponse,
  DeleteDiscountResponse,
  EmailResponse,
  MailChangeRequest,
  OkResponse,
  ResetDoRequest,
  ResetRequest,
  TokenRequest,
} from '@app/contract';
import { apiRequest, newIdempotencyKey } from './client';

/**
 * POST /api/reset-password.php: mail a reset link, with the solved proof of work (`altcha`).
 * 404 email_not_found, 429 reset_limit, 400 challenge_required / challenge_invalid.
 */
export function requestPasswordReset(email: string, altcha?: string): Promise<OkResponse> {
  const body: ResetRequest = { email, altcha };
  return apiRequest<OkResponse>('reset-password', {
    method: 'POST',
    body,
    idempotencyKey: newIdempotencyKey(),
  });
}

/** POST /api/reset-password-do.php with the mailed token. 400 reset_link_invalid and others. */
export function resetPassword(body: ResetDoRequest): Promise<OkResponse> {
  return apiRequest<OkResponse>('reset-password-do', { method: 'POST', body });
}

/** PUT /api/password.php (logged in). 400 wrong_old_password and others. */
export function changePassword(body: ChangePasswordRequest): Promise<OkResponse> {
  return apiRequest<OkResponse>('password', { method: 'PUT', body });
}

/**
 * POST /api/mail-change.php (logged in): mails a confirmation link to the new address and a
 * notice with a cancel link to the current one. 400 new_email_invalid, 409 email_taken,
 * 400 wrong_password, 429 login_blocked or rate_limited.
 */
export function requestMailChange(body: MailChangeRequest): Promise<EmailResponse> {
  return apiRequest<EmailResponse>('mail-change', {
    method: 'POST',
    body,
    idempotencyKey: newIdempotencyKey(),
  });
}

/** POST /api/mail-change-do.php with the mailed token. */
export function confirmMailChange(token: string): Promise<EmailResponse> {
  const body: TokenRequest = { token };
  return apiRequest<EmailResponse>('mail-change-do', { method: 'POST', body });
}

/**
 * POST /api/mail-change-cancel.php with the token of the notice mailed to the old address:
 * cancels the change (or puts the old address back) and ends every session of the member.
 * Answers the address the account has now; 400 link_invalid.
 */
export function cancelMailChange(token: string): Promise<EmailResponse> {
  const body: TokenRequest = { token };
  return apiRequest<EmailResponse>('mail-change-cancel', { method: 'POST', body });
}

/**
 * POST /api/account-delete.php (logged in); the session ends. 400 wrong_password,
 * 429 login_blocked.
 */
export function deleteAccount(body: DeleteAccountRequest): Promise<DeleteAccountResponse> {
  return apiRequest<DeleteAccountResponse>('account-delete', { method: 'POST', body });
}

/**
 * POST /api/account-delete-start.php: the member asks for deletion (the deletion page past its
 * alternatives); the deletion offer is open from then until they stay or confirm.
 */
export function startDeletion(): Promise<OkResponse> {
  return apiRequest<OkResponse>('account-delete-start', { method: 'POST' });
}

/** DELETE /api/account-delete-start.php: the member stays; the offer's code ends with it. */
export function stayAfterAll(): Promise<OkResponse> {
  return apiRequest<OkResponse>('account-delete-start', { method: 'DELETE' });
}

/**
 * POST /api/delete-discount.php (logged in, after startDeletion): the deletion offer, a code of
 * the member's own (issued on the first call, the same one after); null when there is none.
 */
export const deleteDiscountQueryOptions = () =>
  queryOptions({
    queryKey: ['delete-discount'] as const,
    queryFn: () => apiRequest<DeleteDiscountResponse>('delete-discount', { method: 'POST' }),
    select: (data) => data.discountcode,
    staleTime: Infinity,
    retry: false,
  });
