import { numbered } from '../prisma/sql';

/** A stored subscription, as the sender needs it. */
export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Every browser of the member that subscribed (prepared: read once per event to push). */
export const subscriptionsOfMemberStatement = numbered<StoredSubscription, [member: number]>(
  'push-subscriptions-of-member',
  'SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1',
);
