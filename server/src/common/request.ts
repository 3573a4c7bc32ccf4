import type { Request } from 'express';
import type { Language } from '@app/contract';

/** What a request carries once the session middleware has run. */
export interface SessionOnRequest {
  id: string;
  userId: number;
  user: { roles: string[]; language: string };
}

/** A request after the current-session middleware: the member's session, if any. */
export interface AuthedRequest<S extends SessionOnRequest = SessionOnRequest> extends Request {
  session?: S;
  language?: Language;
}
