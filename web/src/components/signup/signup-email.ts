/** The address the activation mail went to, for /complete-signup after a reload. */
export const SIGNUP_EMAIL_STORAGE_KEY = 'signup_email';

export function rememberSignupEmail(email: string): void {
  try {
    window.sessionStorage.setItem(SIGNUP_EMAIL_STORAGE_KEY, email);
  } catch {
    // storage unavailable: the page then speaks of "your e-mail address"
  }
}

export function readSignupEmail(): string | null {
  try {
    return window.sessionStorage.getItem(SIGNUP_EMAIL_STORAGE_KEY);
  } catch {
    return null;
  }
}
