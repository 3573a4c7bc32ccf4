/**
 * One Idempotency-Key per intended action, for every call that moves money or credits (a
 * payment, a repeat order, a direct debit confirmation, a message, a gift, a chat photo): the
 * key is made when the member first asks for something and sent again, unchanged, every time
 * they ask for the same thing until it succeeds. So "buy again" pressed after a lost answer
 * (all of apiRequest's own retries failed, but the first request may have reached the server)
 * is the same payment to the server, which does it once. Another package, method or message is
 * another action with a new key; after a success the next press is a new action too.
 */
import { useCallback, useMemo, useRef } from 'react';
import { newIdempotencyKey } from './client';

/** An intended action and the key it is sent with. */
export interface PendingKey<T> {
  intent: T;
  key: string;
}

/**
 * The same action: equal plain values (objects compared field by field, a field left undefined
 * counts as absent); a file (Blob) only as the very same file.
 */
export function sameIntent(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Blob || b instanceof Blob) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const fields = (value: object) =>
    Object.entries(value).filter(([, field]) => field !== undefined) as [string, unknown][];
  const [left, right] = [fields(a), new Map(fields(b))];
  return (
    left.length === right.size &&
    left.every(([name, field]) => right.has(name) && sameIntent(field, right.get(name)))
  );
}

/** The key for `intent`: the unfinished earlier try's when it is the same action, else new. */
export function keyFor<T>(
  pending: PendingKey<T> | null,
  intent: T,
  makeKey: () => string = newIdempotencyKey,
): PendingKey<T> {
  if (pending && sameIntent(pending.intent, intent)) return pending;
  return { intent, key: makeKey() };
}

/**
 * A component's pending key: `keyFor(intent)` before each send, `succeeded(key)` once the
 * server took it (a failed try keeps it for the next press of the same action).
 */
export function usePendingKey<T>() {
  const pending = useRef<PendingKey<T> | null>(null);
  return useMemo(
    () => ({
      keyFor(intent: T): string {
        pending.current = keyFor(pending.current, intent);
        return pending.current.key;
      },
      succeeded(key: string): void {
        if (pending.current?.key === key) pending.current = null;
      },
    }),
    [],
  );
}

/**
 * `call` (a money call taking the caller's key) as a mutation function that keeps one key per
 * intended action: `const buy = useKeyedCall(repeatOrder); useMutation({ mutationFn: buy })`.
 */
export function useKeyedCall<I, R>(
  call: (input: I, key: string) => Promise<R>,
): (input: I) => Promise<R> {
  const keys = usePendingKey<I>();
  return useCallback(
    async (input: I) => {
      const key = keys.keyFor(input);
      const result = await call(input, key);
      keys.succeeded(key);
      return result;
    },
    [call, keys],
  );
}
