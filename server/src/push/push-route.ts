import type { NextFunction, Request, Response } from 'express';

/** Where POST and DELETE /api/user.php?push=1 are handled (PushController). */
export const PUSH_SUBSCRIPTION_ROUTE = 'push-subscription.php';

/**
 * The spec's `POST /api/user.php?push=1` shares its path with the login (POST /api/user.php),
 * and Nest routes on paths only: this middleware, run before the router, sends POST and DELETE
 * /api/user.php with push=1 to the push subscription route. Every other call of user.php (the
 * login among them) is left as it is.
 */
export function pushSubscriptionRewrite(req: Request, _res: Response, next: NextFunction): void {
  if ((req.method === 'POST' || req.method === 'DELETE') && req.path === '/api/user.php') {
    const query = req.url.slice(req.url.indexOf('?') + 1);
    if (req.url.includes('?') && new URLSearchParams(query).get('push') === '1') {
      req.url = `/api/${PUSH_SUBSCRIPTION_ROUTE}?${query}`;
    }
  }
  next();
}
