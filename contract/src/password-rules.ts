/**
 * The password rules, shared by the server (which enforces them) and the web forms (which show
 * them before a request is made). Keep this file free of runtime imports other than constants.
 */
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, PASSWORD_PERSONAL_MIN_CHARS } from './constants';

export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_personal';

/** UTF-8 length without Buffer, so the web can use it too. */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}

/**
 * What is wrong with a new password, or null: at least PASSWORD_MIN_LENGTH characters, at most
 * PASSWORD_MAX_BYTES UTF-8 bytes (bcrypt's limit: longer passwords would be cut silently), and
 * not containing the member's e-mail address, its local part or the profile name.
 */
export function passwordProblem(
  password: string,
  identity: { email?: string | null; name?: string | null } = {},
): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (utf8Bytes(password) > PASSWORD_MAX_BYTES) return 'password_too_long';
  const lower = password.toLowerCase();
  const email = identity.email?.trim().toLowerCase() ?? '';
  const personal = [email, email.split('@')[0] ?? '', identity.name?.trim().toLowerCase() ?? ''];
  if (personal.some((part) => part.length >= PASSWORD_PERSONAL_MIN_CHARS && lower.includes(part))) {
    return 'password_personal';
  }
  return null;
}
