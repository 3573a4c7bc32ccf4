import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import type { Request } from 'express';
import { STAFF_BACKGROUND_HEADER, STAFF_COOKIE } from '@app/contract';
import { cookieOf } from '../auth';
import { AppError } from '../common/app-error';
import type { StaffRole } from '../generated/prisma/client';
import { StaffSessions, type StaffPrincipal } from './staff-sessions.service';

const STAFF_ROLES_KEY = 'staff:roles';

/** A request that passed the StaffGuard. */
export interface StaffRequest extends Request {
  staff?: StaffPrincipal;
}

/**
 * Staff routes: a live staff session (cookie `ssid`, begun with the second factor) whose account
 * has one of the route's roles; admins pass every staff route. Anyone else (a visitor, a member
 * with or without staff roles on their member session, a staff member of another role) gets
 * 403 `forbidden`; the console then reads /api/staff/me to tell a lost session from a role.
 * A request marked as background (isBackground) does not move the session's idle time.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: StaffSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const roles =
      this.reflector.getAllAndOverride<StaffRole[] | undefined>(STAFF_ROLES_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? [];
    const req = context.switchToHttp().getRequest<StaffRequest>();
    const staff = await this.sessions.resolve(cookieOf(req, STAFF_COOKIE), {
      background: isBackground(req),
    });
    if (!staff || !mayAct(staff.roles, roles)) throw new AppError('forbidden');
    req.staff = staff;
    return true;
  }
}

/**
 * Whether the console marked this request as one the staff member did not make (a poll, a
 * reload after a queue event): it does not count as activity for the idle timeout.
 */
export function isBackground(req: { headers: Record<string, string | string[] | undefined> }) {
  return req.headers[STAFF_BACKGROUND_HEADER.toLowerCase()] === '1';
}

/** Whether an account with `has` may use a route for `allowed` (admins may use every one). */
export function mayAct(has: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return has.includes('admin') || allowed.some((role) => has.includes(role));
}

/**
 * A staff route for these roles (and admins). The OpenAPI description carries the roles as
 * `x-staff-roles`, which the role test reads to try every operation with every role.
 */
export const Staff = (...roles: StaffRole[]) => {
  const allowed: StaffRole[] = roles.includes('admin') ? roles : ['admin', ...roles];
  return applyDecorators(
    SetMetadata(STAFF_ROLES_KEY, allowed),
    UseGuards(StaffGuard),
    ApiExtension('x-staff-roles', allowed),
  );
};

/** The staff member of a request (on routes marked `@Staff(...)`). */
export const CurrentStaff = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const staff = ctx.switchToHttp().getRequest<StaffRequest>().staff;
  if (!staff) throw new AppError('forbidden');
  return staff;
});
