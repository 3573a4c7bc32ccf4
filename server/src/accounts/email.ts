import { z } from 'zod';
import { AppError } from '../common/app-error';

const emailSchema = z.email();

/** Lower-cased, trimmed e-mail, or invalid_email ('Ongeldige e-mail'). */
export function normalizeEmail(value: string, field = 'email'): string {
  const email = value.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw new AppError('invalid_email', {}, field);
  return email;
}
