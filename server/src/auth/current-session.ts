import { createParamDecorator, ExecutionContext, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { AuthedRequest } from '../common/request';
import { memberLanguage } from '../i18n/i18n';
import { SessionService } from './session.service';
import type { CurrentSessionData } from './session.sql';

export type MemberRequest = AuthedRequest<CurrentSessionData>;

/** Resolves the session cookie once per request; the member's language follows their account
 * (when the site offers it). */
@Injectable()
export class CurrentSessionMiddleware implements NestMiddleware {
  constructor(private readonly sessions: SessionService) {}

  async use(req: MemberRequest, _res: Response, next: NextFunction): Promise<void> {
    try {
      const session = await this.sessions.resolveSession(req.headers.cookie);
      if (session) {
        req.session = session;
        // their stored language when the site offers it, else nl
        req.language = memberLanguage(session.user.language);
      }
      next();
    } catch (error) {
      next(error);
    }
  }
}

/** The current session of a handler's request (undefined for a visitor). */
export const CurrentSession = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<MemberRequest>().session,
);
