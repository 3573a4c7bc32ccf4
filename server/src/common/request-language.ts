import type { Request } from 'express';
import type { Language } from '@app/contract';
import { LOCALE_COOKIE } from '@app/contract';
import { languageFrom } from '../i18n/i18n';

/** The member's language: set on the request by the session middleware, else cookie/header. */
export function requestLanguage(req: Request): Language {
  const known = (req as Request & { language?: Language }).language;
  if (known) return known;
  const cookies = (req as Request & { cookies?: Record<string, string> }).cookies ?? {};
  return languageFrom(cookies[LOCALE_COOKIE], req.headers['accept-language']);
}
