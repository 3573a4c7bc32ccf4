/**
 * The ALTCHA web component, loaded only where a form asks for the proof of work (signup, the
 * password reset, a login after failures). Its "external" build with the PBKDF2 worker that
 * Vite bundles as a file of our own origin: no blob: workers and nothing from elsewhere, so the
 * site's Content-Security-Policy stays as it is.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** The widget's texts in the page's language (from our catalogues, not the package's). */
export function setStrings(language: string, strings: Record<string, string>): void {
  globalThis.$altcha.i18n.set(language, strings);
}
