import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import { LOCALE_COOKIE, type Language } from '@app/contract';
import { languageFrom } from '../i18n/i18n';

/** The member's language: set on the request by the session middleware, else cookie/header. */
export function requestLanguage(req: Request): Language {
  const known = (req as Request & { language?: Language }).language;
  if (known) return known;
  const locale = req.headers.cookie ? parseCookies(req.headers.cookie)[LOCALE_COOKIE] : undefined;
  return languageFrom(locale, req.headers['accept-language']);
}
