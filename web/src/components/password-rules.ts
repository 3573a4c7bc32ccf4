import type { TFunction } from 'i18next';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '../config/constants';
import { passwordProblem, type PasswordProblem } from '../config/password-rules';

/** Who the password belongs to, as far as the form knows: it may not contain these. */
export type PasswordIdentity = NonNullable<Parameters<typeof passwordProblem>[1]>;

/** The rule, as the hint under every new-password field states it. */
export function passwordHint(t: TFunction): string {
  return t('password.hint', { count: PASSWORD_MIN_LENGTH });
}

/**
 * What is wrong with a new password, in the page's language, or null when it keeps the rules.
 * The server checks the same rules again (with the full identity) and stays the authority.
 */
export function passwordProblemText(
  password: string,
  identity: PasswordIdentity,
  t: TFunction,
): string | null {
  const problem = passwordProblem(password, identity);
  return problem ? problemText(problem, t) : null;
}

/** The server's message for the same rule: each problem is an error code (errors.<code>). */
function problemText(problem: PasswordProblem, t: TFunction): string {
  return t(`errors.${problem}`, {
    count: problem === 'password_too_long' ? PASSWORD_MAX_BYTES : PASSWORD_MIN_LENGTH,
  });
}
