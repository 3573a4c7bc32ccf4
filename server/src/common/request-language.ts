import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import { LOCALE_COOKIE, SUPPORTED_LANGUAGES, type Language } from '@app/contract';
import { languageFrom } from '../i18n/i18n';

/**
 * The member's language: set on the request by the session middleware, else cookie/header,
 * among the languages the site offers. The staff console's requests keep all seven: staff may
 * work in English while members are offered Dutch only.
 */
export function requestLanguage(req: Request): Language {
  const locale = req.headers.cookie ? parseCookies(req.headers.cookie)[LOCALE_COOKIE] : undefined;
  if (isStaffRequest(req)) {
    return languageFrom(locale, req.headers['accept-language'], SUPPORTED_LANGUAGES);
  }
  const known = (req as Request & { language?: Language }).language;
  if (known) return known;
  return languageFrom(locale, req.headers['accept-language']);
}

function isStaffRequest(req: Request): boolean {
  return (req.originalUrl ?? req.url ?? '').startsWith('/api/staff/');
}
