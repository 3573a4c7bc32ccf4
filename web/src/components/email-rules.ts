const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Whether an address looks like one, before it is sent (the signup, the activation mail's
 * correction, the e-mail change). The server checks it again and stays the authority.
 */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
