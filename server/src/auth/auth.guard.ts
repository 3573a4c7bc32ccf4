import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import type { MemberRequest } from './current-session';

/** Member-only calls: 403 authentication_required without a live session (the client logs out). */
@Injectable()
export class AuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<MemberRequest>().session) {
      throw new AppError('authentication_required');
    }
    return true;
  }
}
