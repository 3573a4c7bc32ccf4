import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '../common/app-error';
import type { StaffRole } from '../generated/prisma/client';
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

const ROLES = 'roles';

/**
 * Staff-only calls: a member without one of the roles gets 403 `forbidden`, which (unlike
 * `authentication_required`) does not log them out.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<StaffRole[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    const session = context.switchToHttp().getRequest<MemberRequest>().session;
    if (!session) throw new AppError('authentication_required');
    if (roles && !roles.some((role) => session.user.roles.includes(role))) {
      throw new AppError('forbidden');
    }
    return true;
  }
}

/** A logged-in member with one of these staff roles. */
export const Roles = (...roles: StaffRole[]) =>
  applyDecorators(SetMetadata(ROLES, roles), UseGuards(RolesGuard));
