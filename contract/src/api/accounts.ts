import { z } from 'zod';
import {
  DELETION_REASONS,
  DELETION_REMARKS_MAX,
  NAME_MAX_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
  SUPPORTED_LANGUAGES,
} from '../constants';
import { photoStatus } from './photos';
import { LEGAL_DOCUMENTS } from '../legal-versions';
import { notificationDisabledReason } from './notification-preferences';
import { emailField, gender, linkToken, optionalText, passwordField } from './fields';

// ---------------------------------------------------------------- requests

/**
 * The proof-of-work answer (an ALTCHA payload: base64 JSON of the challenge and its solution),
 * asked at signup, at a password reset and at a login after failures (`challenge_required`).
 */
export const challengeAnswer = z.string().trim().max(8_000).optional();

export const loginRequest = z.object({
  email: emailField,
  password: passwordField,
  altcha: challengeAnswer,
});
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * Signup input. Shapes are checked by the schema; the rules with their own spec messages
 * (e-mail, name, age, consent, password) are checked by the server's signup so each gets its
 * own error code.
 */
export const signupRequest = z.object({
  email: emailField,
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  password: passwordField,
  date_of_birth: z.string().trim().max(10).optional().default(''),
  gender,
  seeking_gender: gender.optional(),
  signup_message: optionalText(SIGNUP_MESSAGE_MAX_LENGTH),
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
  /** The landing page the visitor arrived on (a lander's or a member landing's name) and its slug. */
  lander: optionalText(50),
  slug: optionalText(100),
  altcha: challengeAnswer,
});
/** What the server works with (defaults applied). */
export type SignupInput = z.infer<typeof signupRequest>;
/** What a client sends. */
export type SignupRequest = z.input<typeof signupRequest>;

export const activationMailRequest = z.object({ email: emailField.optional() });
export type ActivationMailRequest = z.infer<typeof activationMailRequest>;

/** The query of a mailed link (activation, reactivation, unlock). */
export const linkQuery = z.object({ token: linkToken.optional() });

export const resetRequest = z.object({ email: emailField, altcha: challengeAnswer });
export type ResetRequest = z.infer<typeof resetRequest>;

export const resetDoRequest = z.object({
  token: linkToken,
  password: passwordField,
  password_repeat: passwordField,
});
export type ResetDoRequest = z.infer<typeof resetDoRequest>;

export const changePasswordRequest = z.object({
  old_password: passwordField,
  password: passwordField,
  password_repeat: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The current password is asked again: a stolen session alone cannot move the account. */
export const mailChangeRequest = z.object({ email: emailField, password: passwordField });
export type MailChangeRequest = z.infer<typeof mailChangeRequest>;

export const tokenRequest = z.object({ token: linkToken });
export type TokenRequest = z.infer<typeof tokenRequest>;

export const updateUserRequest = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const deleteAccountRequest = z.object({
  /** The member confirmed the deletion (SPEC point 5: deleting an account needs confirmation). */
  confirm: z.literal(true),
  reason: z.enum(DELETION_REASONS),
  remarks: z.string().trim().max(DELETION_REMARKS_MAX).optional(),
  /** The current password, asked again: a stolen session alone cannot delete the account. */
  password: passwordField,
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

// ---------------------------------------------------------------- responses

/** GET /api/challenge.php: an ALTCHA (v2) proof-of-work challenge, signed, valid for minutes. */
export const challengeResponse = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional(),
  }),
  signature: z.string().optional(),
});
export type ChallengeResponse = z.infer<typeof challengeResponse>;

export const userStatus = z.enum(['not_confirmed', 'confirmed', 'deleted', 'purged', 'banned']);
export const profileStatus = z.enum(['disabled', 'active', 'hidden']);

/** The `user` of GET /api/user.php (SPEC point 3, User). */
export const user = z.object({
  id: z.number().int(),
  status: userStatus,
  credits: z.number().int(),
  paid_user: z.boolean(),
  language: z.string(),
  fictional_icon: z.string(),
  signup_date: z.string(),
  notifications_disabled: z.array(notificationDisabledReason),
  roles: z.array(z.enum(['admin', 'operator', 'moderator'])),
  /**
   * The legal documents (terms, privacy) whose version in force the member has not accepted:
   * the web asks for them before anything else (issue 36 item 2).
   */
  pending_consents: z.array(z.enum(LEGAL_DOCUMENTS)),
  profile: z
    .object({
      id: z.number().int(),
      name: z.string(),
      status: profileStatus,
      country: z.string(),
      gender,
      /** The gender the member seeks (null: either): the first search and the match-finder follow it. */
      seeking_gender: gender.nullable(),
      fictional: z.boolean(),
      invisible: z.boolean(),
      privacy_mode: z.boolean(),
      /** The member's own main photo in any state (`active`: shown to others); null: none. */
      main_image: z
        .object({
          id: z.number().int(),
          filename: z.string(),
          thumb_filename: z.string(),
          status: photoStatus,
        })
        .nullable(),
    })
    .nullable(),
});
export type User = z.infer<typeof user>;
export type UserProfile = NonNullable<User['profile']>;

export const userResponse = z.object({ user: user.nullable() });
export type UserResponse = z.infer<typeof userResponse>;
/** A call that logs someone in answers the member. */
export const loggedInResponse = z.object({ user });
export type LoggedInResponse = z.infer<typeof loggedInResponse>;

export const deleteAccountResponse = z.object({ purge_at: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;
