import { z } from 'zod';

/** PostgreSQL's `integer`: ids above it would make the database fail instead of answering 404. */
export const DB_INT_MAX = 2_147_483_647;

/** A database id in a query string: decimal digits only (no 0x10, no 1e3), 1 to DB_INT_MAX. */
export const dbId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= DB_INT_MAX);

/** A path's `{id}`: a database id as dbId reads it (anything else: 400 validation_failed). */
export const idParam = z.object({ id: dbId });

/**
 * A database id in a JSON body: a whole number from 1 to DB_INT_MAX (a larger one would make
 * PostgreSQL fail instead of the request being refused: 400 validation_failed).
 */
export const dbIdNumber = z.number().int().positive().max(DB_INT_MAX);

/** A decimal number in a query string (an empty value is missing, not 0). */
export const decimal = z
  .string()
  .regex(/^-?\d{1,4}(\.\d{1,15})?$/)
  .transform(Number);

export const optionalText = (max: number) => z.string().trim().max(max).optional();

/** A password as typed (its rules are checked with their own messages: password-rules.ts). */
export const passwordField = z.string().max(200);
export const emailField = z.string().trim().max(254);
export const linkToken = z.string().max(200);

export const gender = z.enum(['male', 'female']);
export type Gender = z.infer<typeof gender>;

/** `{ "ok": true }`: a call that only acts. */
export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** `{ "email": ... }`: the address a call mailed to or set. */
export const emailResponse = z.object({ email: z.string() });
export type EmailResponse = z.infer<typeof emailResponse>;
