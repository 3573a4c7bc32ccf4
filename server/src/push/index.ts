/** The web push feature's public API. */
export { PushModule } from './push.module';
export { PushSubscriptions, SUBSCRIPTIONS_PER_MEMBER } from './push-subscriptions.service';
export { pushSubscriptionRewrite } from './push-route';
export { KNOWN_PUSH_HOSTS, endpointAllowed } from './endpoint-policy';
