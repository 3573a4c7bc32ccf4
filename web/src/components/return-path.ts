/**
 * Where to go after login: the page that asked for it, else the members. The value is resolved
 * the way the browser would resolve it (tabs and newlines dropped, backslashes read as slashes),
 * and only an address on this site counts, so `/\t/evil.example` cannot lead elsewhere.
 *
 * This file uses nothing of react-router: the login page is also server-rendered and taken over
 * by the light public entry, whose router has no loaders (the app's loader answer is in
 * app/router.tsx).
 */
export function afterLoginPath(
  redirectTo: string | null,
  origin: string = window.location.origin,
): string {
  if (!redirectTo) return '/members';
  try {
    const url = new URL(redirectTo, origin);
    if (url.origin === origin) return url.pathname + url.search + url.hash;
  } catch {
    // not a URL at all
  }
  return '/members';
}

/**
 * An address the server answers itself, not a page of the app: a mailed link such as the data
 * export's download (/api/data-export-download.php?token=…), which must be loaded as a document.
 */
export function isServerPath(path: string): boolean {
  return path.startsWith('/api/');
}

/** Goes to the page (or server address) a login was for: the app's own or a document load. */
export function goAfterLogin(
  path: string,
  navigate: (to: string) => unknown,
  load: (url: string) => void = (url) => window.location.assign(url),
): void {
  if (isServerPath(path)) load(path);
  else void navigate(path);
}
