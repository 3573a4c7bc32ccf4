import { useEffect, useSyncExternalStore } from 'react';
import { useSettings } from '../../api/settings';
import {
  pushCapable,
  pushStore,
  readPushSubscription,
  subscribePushStore,
  turnPushOff,
  turnPushOn,
  type PushSubscriptionValue,
} from './push-state';
import type { PushPayload } from '@app/contract';

export interface PushState {
  isCapable: boolean;
  isSubscribed: boolean;
  subscription: PushSubscriptionValue;
  lastMessage: PushPayload | null;
  busy: boolean;
  failed: boolean;
  subscribe: () => Promise<void>;
  unsubscribe: () => Promise<void>;
}

/** The push state (SPEC point 3) with subscribe and unsubscribe; inside the shell only. */
export function usePush(): PushState {
  const publicKey = useSettings().push_public_key;
  const state = useSyncExternalStore(subscribePushStore, pushStore, pushStore);
  const isCapable = pushCapable(publicKey);
  const unread = state.subscription === null;
  useEffect(() => {
    if (isCapable && unread) void readPushSubscription();
  }, [isCapable, unread]);
  return {
    ...state,
    isCapable,
    isSubscribed: state.subscription === 'subscribed',
    subscribe: () => (publicKey ? turnPushOn(publicKey) : Promise.resolve()),
    unsubscribe: turnPushOff,
  };
}
