import type { PushSubscriptionRequest, PushUnsubscribeRequest } from '@app/contract';
import { apiRequest } from '../../../api/client';

/** POST /api/user.php?push=1: the server sends this browser the member's pushes. */
export function savePushSubscription(subscription: PushSubscriptionRequest): Promise<unknown> {
  return apiRequest('user', { method: 'POST', query: { push: 1 }, body: subscription });
}

/** DELETE /api/user.php?push=1: the server stops sending pushes to this endpoint. */
export function deletePushSubscription(endpoint: string): Promise<unknown> {
  const body: PushUnsubscribeRequest = { endpoint };
  return apiRequest('user', { method: 'DELETE', query: { push: 1 }, body });
}
