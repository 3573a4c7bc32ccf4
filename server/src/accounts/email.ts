import { z } from 'zod';
import { AppError } from '../common/app-error';

const emailSchema = z.email();

/**
 * Lower-cased, trimmed e-mail, or `code` on the `email` field: invalid_email ('Ongeldige
 * e-mail'), or new_email_invalid for the address of an e-mail change.
 */
export function normalizeEmail(
  value: string,
  code: 'invalid_email' | 'new_email_invalid' = 'invalid_email',
): string {
  const email = value.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw new AppError(code, {}, 'email');
  return email;
}
