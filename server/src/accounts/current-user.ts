import { createParamDecorator, ExecutionContext, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AUTH_COOKIE, type Language } from '../common/constants';
import { isLanguage } from '../i18n/i18n';
import { SessionService } from './session.service';

export type SessionWithUser = NonNullable<Awaited<ReturnType<SessionService['find']>>>;

export interface AuthedRequest extends Request {
  session?: SessionWithUser;
  language?: Language;
}

/** Resolves the session cookie once per request; the member's language follows their account. */
@Injectable()
export class CurrentSessionMiddleware implements NestMiddleware {
  constructor(private readonly sessions: SessionService) {}

  async use(req: AuthedRequest, _res: Response, next: NextFunction): Promise<void> {
    try {
      const token = (req.cookies as Record<string, string> | undefined)?.[AUTH_COOKIE];
      const session = await this.sessions.find(token);
      if (session) {
        req.session = session;
        if (isLanguage(session.user.language)) req.language = session.user.language;
      }
      next();
    } catch (error) {
      next(error);
    }
  }
}

export const CurrentSession = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AuthedRequest>().session,
);
