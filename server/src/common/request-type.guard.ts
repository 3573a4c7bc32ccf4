import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError } from './app-error';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER } from '@app/contract';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EXTERNAL = 'allow-external-caller';

/** Marks a handler that outside services call (payment webhooks): no X-Request-Type needed. */
export const AllowExternalCaller = () => SetMetadata(EXTERNAL, true);

/**
 * State-changing calls must carry `X-Request-Type: client` (SPEC point 7). A cross-site form
 * cannot set a custom header, so together with SameSite cookies this is our CSRF defence.
 */
@Injectable()
export class RequestTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    const external = this.reflector.getAllAndOverride<boolean>(EXTERNAL, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (external) return true;
    if (req.headers[REQUEST_TYPE_HEADER] !== REQUEST_TYPE_CLIENT) {
      throw new AppError('invalid_request_type');
    }
    return true;
  }
}
