import { z } from 'zod';
import { blacklist } from 'mailchecker';
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

let disposableDomains: Set<string> | null = null;

/**
 * Whether the address is at a disposable (throwaway) mail domain or a subdomain of one: the list
 * of the `mailchecker` package (tens of thousands of domains, updated with its releases), read
 * on the first signup.
 */
export function isDisposable(email: string): boolean {
  disposableDomains ??= blacklist();
  const parts = email.slice(email.lastIndexOf('@') + 1).split('.');
  for (let i = 0; i < parts.length - 1; i++) {
    if (disposableDomains.has(parts.slice(i).join('.'))) return true;
  }
  return false;
}
