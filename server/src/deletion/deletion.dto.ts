import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';

export const DELETION_REASONS = [
  'price',
  'found_someone',
  'not_looking',
  'site_problems',
  'no_members',
  'time',
  'other',
] as const;

export const deleteAccountSchema = z.object({
  /** The member confirmed the deletion (SPEC point 5: deleting an account needs confirmation). */
  confirm: z.literal(true),
  reason: z.enum(DELETION_REASONS),
  remarks: z.string().trim().max(2000).optional(),
  /** The current password, asked again: a stolen session alone cannot delete the account. */
  password: z.string().max(200),
});
export class DeleteAccountBody extends createZodDto(deleteAccountSchema) {}

export const reactivateQuerySchema = z.object({ token: z.string().max(200).optional() });
export class ReactivateQuery extends createZodDto(reactivateQuerySchema) {}
