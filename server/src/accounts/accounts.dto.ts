import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';

export const loginSchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(200),
});
export class LoginBody extends createZodDto(loginSchema) {}

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * Signup input. Shapes are checked here; the rules with their own spec messages (e-mail,
 * name, age, consent) are checked in SignupService so each gets its own error code.
 */
export const signupSchema = z.object({
  email: z.string().trim().max(254),
  name: z.string().trim().min(1).max(40),
  password: z.string().max(200),
  date_of_birth: z.string().trim().max(10).optional().default(''),
  gender: z.enum(['male', 'female']),
  seeking_gender: z.enum(['male', 'female']).optional(),
  signup_message: optionalText(500),
  country: z.string().length(2).optional(),
  accept_terms: z.boolean().optional().default(false),
  accept_fictional: z.boolean().optional().default(false),
  network: optionalText(100),
  ref: optionalText(100),
  sub1: optionalText(255),
  sub2: optionalText(255),
  sub3: optionalText(255),
  invite: optionalText(64),
  landing_url: optionalText(2000),
});
export class SignupBody extends createZodDto(signupSchema) {}
export type SignupInput = z.infer<typeof signupSchema>;

export const activationMailSchema = z.object({ email: z.string().trim().max(254).optional() });
export class ActivationMailBody extends createZodDto(activationMailSchema) {}

export const activateQuerySchema = z.object({ token: z.string().max(200).optional() });
export class ActivateQuery extends createZodDto(activateQuerySchema) {}

export const resetRequestSchema = z.object({ email: z.string().trim().max(254) });
export class ResetRequestBody extends createZodDto(resetRequestSchema) {}

export const resetDoSchema = z.object({
  token: z.string().max(200),
  password: z.string().max(200),
  password_repeat: z.string().max(200),
});
export class ResetDoBody extends createZodDto(resetDoSchema) {}

export const changePasswordSchema = z.object({
  old_password: z.string().max(200),
  password: z.string().max(200),
  password_repeat: z.string().max(200),
});
export class ChangePasswordBody extends createZodDto(changePasswordSchema) {}

/** The current password is asked again: a stolen session alone cannot move the account. */
export const mailChangeSchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(200),
});
export class MailChangeBody extends createZodDto(mailChangeSchema) {}

export const tokenSchema = z.object({ token: z.string().max(200) });
export class TokenBody extends createZodDto(tokenSchema) {}
